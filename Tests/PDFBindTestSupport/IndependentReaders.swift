import Foundation

/// Other programs' view of a PDF: pdfbind never judges its own output.
public enum IndependentReaders {
  /// `qpdf --check`: status 0 clean, 2 errors, 3 warnings; `warnings` are its WARNING lines
  /// with the file name taken out, so a result can be compared with its original.
  public static func qpdfCheck(_ path: String, password: String? = nil) throws -> (
    status: Int32, warnings: [String]
  ) {
    var arguments = ["--check", path]
    if let password { arguments.insert("--password=\(password)", at: 0) }
    let result = try runProcess(which("qpdf")!, arguments)
    let text = result.out + result.err
    let warnings = text.split(separator: "\n").filter { $0.hasPrefix("WARNING") }
      .map { $0.replacingOccurrences(of: path, with: "FILE") }
      // Offsets move when an object is rewritten further down the file.
      .map {
        $0.replacingOccurrences(of: #"offset \d+"#, with: "offset N", options: .regularExpression)
      }
    return (result.status, warnings)
  }

  /// `/Direction` as qpdf resolves it, from `qpdf --json`: "/R2L", another value in qpdf's
  /// JSON form, or nil when absent.
  public static func qpdfDirection(_ path: String, password: String? = nil) throws -> String? {
    var arguments = ["--json=2", "--json-key=qpdf", path]
    if let password { arguments.insert("--password=\(password)", at: 0) }
    let result = try runProcess(which("qpdf")!, arguments)
    guard result.status == 0 || result.status == 3,
      let json = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any],
      let objects = (json["qpdf"] as? [Any])?.last as? [String: Any]
    else { throw ReaderError(message: "qpdf --json failed: \(result.err)") }
    func resolve(_ value: Any?) -> Any? {
      if let reference = value as? String, reference.hasSuffix(" R") {
        return (objects["obj:" + reference] as? [String: Any])?["value"]
      }
      return value
    }
    let trailer = (objects["trailer"] as? [String: Any])?["value"] as? [String: Any]
    let root = resolve(trailer?["/Root"]) as? [String: Any]
    let preferences = resolve(root?["/ViewerPreferences"]) as? [String: Any]
    guard let direction = resolve(preferences?["/Direction"]) else { return nil }
    return direction is NSNull ? nil : "\(direction)"
  }

  /// `/Direction` as MuPDF reads it (`mutool show`), or nil when absent.
  public static func mutoolDirection(_ path: String, password: String? = nil) throws -> String? {
    var arguments = ["show"]
    if let password { arguments += ["-p", password] }
    arguments += [path, "trailer/Root/ViewerPreferences/Direction"]
    let result = try runProcess(which("mutool")!, arguments)
    let value = result.out.trimmingCharacters(in: .whitespacesAndNewlines)
    return result.status == 0 && !value.isEmpty && value != "null" ? value : nil
  }

  /// `/PageLayout` as MuPDF reads it (`mutool show`), or nil when absent.
  public static func mutoolPageLayout(_ path: String) throws -> String? {
    let result = try runProcess(which("mutool")!, ["show", path, "trailer/Root/PageLayout"])
    let value = result.out.trimmingCharacters(in: .whitespacesAndNewlines)
    return result.status == 0 && !value.isEmpty && value != "null" ? value : nil
  }

  /// `/PageLayout` and `/Direction` as pikepdf reads them: "/TwoPageRight", or "None".
  public static func pikepdfEntries(_ path: String) throws -> (layout: String, direction: String) {
    let result = try runPython(
      """
      import sys, pikepdf
      with pikepdf.open(sys.argv[1]) as pdf:
          root = pdf.Root
          vp = root.get("/ViewerPreferences")
          print(root.get("/PageLayout"))
          print(vp.get("/Direction") if vp is not None else None)
      """, path)
    let lines = result.out.split(separator: "\n").map(String.init)
    guard result.status == 0, lines.count == 2 else {
      throw ReaderError(message: "pikepdf failed: \(result.err)")
    }
    return (lines[0], lines[1])
  }

  /// Whether MuPDF opens the file at all (it refuses ReportLab's 48-byte /OE and /UE).
  public static func mutoolOpens(_ path: String, password: String? = nil) throws -> Bool {
    var arguments = ["show"]
    if let password { arguments += ["-p", password] }
    return try runProcess(which("mutool")!, arguments + [path, "trailer/Root"]).status == 0
  }

  /// The page count qpdf finds by walking the page tree.
  public static func qpdfPageCount(_ path: String, password: String? = nil) throws -> Int? {
    var arguments = ["--show-npages", path]
    if let password { arguments.insert("--password=\(password)", at: 0) }
    let result = try runProcess(which("qpdf")!, arguments)
    return Int(result.out.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Whether qpdf finds the file encrypted (`qpdf --is-encrypted`: status 0 yes, 2 no).
  public static func qpdfIsEncrypted(_ path: String) throws -> Bool {
    try runProcess(which("qpdf")!, ["--is-encrypted", path]).status == 0
  }

  /// Whether qpdf's `--show-encryption` says the permissions allow changing the document
  /// ("modify other: allowed"); nil when it prints no such line (a file without encryption).
  public static func qpdfAllowsModification(_ path: String, password: String? = nil) throws
    -> Bool?
  {
    var arguments = ["--show-encryption", path]
    if let password { arguments.insert("--password=\(password)", at: 0) }
    let result = try runProcess(which("qpdf")!, arguments)
    guard
      let line = result.out.split(separator: "\n").first(where: {
        $0.hasPrefix("modify other: ")
      })
    else { return nil }
    return line == "modify other: allowed"
  }

  /// poppler's verdict on each signature, in order: the `Signature Validation:` lines of
  /// `pdfsig` ("Signature is Valid.", "Digest Mismatch.", …).
  public static func pdfsigValidations(_ path: String, password: String? = nil) throws
    -> [String]
  {
    var arguments = [path]
    if let password { arguments = ["-upw", password] + arguments }
    let result = try runProcess(which("pdfsig")!, arguments)
    return result.out.split(separator: "\n").compactMap { line in
      line.range(of: "Signature Validation: ").map { String(line[$0.upperBound...]) }
    }
  }

  /// Ghostscript's page count (`runpdfbegin pdfpagecount`) and its complaints (every other
  /// line it prints: "**** Error: …", "Dereference of free object …"), file name taken out.
  public static func ghostscriptPages(_ path: String, password: String? = nil) throws -> (
    pages: Int?, complaints: [String]
  ) {
    var arguments = ["-q", "-dNODISPLAY", "-dNOSAFER", "-dBATCH"]
    if let password { arguments.append("-sPDFPassword=\(password)") }
    let escaped = path.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
    arguments += ["-c", "(\(escaped)) (r) file runpdfbegin pdfpagecount = quit"]
    let result = try runProcess(which("gs")!, arguments)
    var lines = (result.out + result.err).split(separator: "\n").map(String.init)
      .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    let pages = lines.last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    if pages != nil { lines.removeLast() }
    return (pages, lines.map { $0.replacingOccurrences(of: path, with: "FILE") })
  }

  /// PDFium's view (pypdfium2): `FPDF_VIEWERREF_GetName(doc, "Direction")` without a slash
  /// ("R2L", nil when absent or not a name) and the page count, or a failure to open.
  public static func pdfiumView(_ path: String, password: String? = nil) throws -> (
    direction: String?, pages: Int
  ) {
    let script = """
      import sys, ctypes, pypdfium2 as pdfium, pypdfium2.raw as raw
      doc = pdfium.PdfDocument(sys.argv[1], password=sys.argv[2] or None)
      buffer = ctypes.create_string_buffer(256)
      n = raw.FPDF_VIEWERREF_GetName(doc.raw, b"Direction", buffer, 256)
      print(buffer.value.decode("latin-1") if n > 1 else "-")
      print(len(doc))
      """
    let result = try runPython(script, path, password ?? "")
    let lines = result.out.split(separator: "\n").map(String.init)
    guard result.status == 0, lines.count == 2, let pages = Int(lines[1]) else {
      throw ReaderError(message: "PDFium cannot open it: \(result.err)")
    }
    return (lines[0] == "-" ? nil : lines[0], pages)
  }

  /// Runs a Python script (pikepdf, pyHanko) with arguments.
  public static func runPython(_ script: String, _ arguments: String...) throws -> ProcessResult {
    try runPython(script, arguments: arguments)
  }

  public static func runPython(_ script: String, arguments: [String]) throws -> ProcessResult {
    try runProcess(which("python3")!, ["-c", script] + arguments)
  }

  public struct ReaderError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }
}
