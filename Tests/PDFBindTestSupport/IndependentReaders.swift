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

  /// `/Direction` as qpdf resolves it, via `qpdf --show-object`: "/R2L", or nil when absent.
  public static func qpdfDirection(_ path: String, password: String? = nil) throws -> String? {
    try pythonPikepdf(
      """
      import pikepdf, sys
      pdf = pikepdf.open(sys.argv[1], password=sys.argv[2])
      vp = pdf.Root.get('/ViewerPreferences')
      d = vp.get('/Direction') if isinstance(vp, pikepdf.Dictionary) else None
      print('' if d is None else (str(d) if isinstance(d, pikepdf.Name) else repr(d)))
      """, path, password ?? "")
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

  /// The page count qpdf finds by walking the page tree.
  public static func qpdfPageCount(_ path: String, password: String? = nil) throws -> Int? {
    var arguments = ["--show-npages", path]
    if let password { arguments.insert("--password=\(password)", at: 0) }
    let result = try runProcess(which("qpdf")!, arguments)
    return Int(result.out.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The kind of the newest cross-reference section as pikepdf/qpdf sees the trailer.
  public static func runPython(_ script: String, _ arguments: String...) throws -> ProcessResult {
    try runProcess(which("python3")!, ["-c", script] + arguments)
  }

  private static func pythonPikepdf(_ script: String, _ arguments: String...) throws -> String? {
    let result = try runProcess(which("python3")!, ["-c", script] + arguments)
    guard result.status == 0 else {
      throw ReaderError(message: "pikepdf failed: \(result.err)")
    }
    let value = result.out.trimmingCharacters(in: .whitespacesAndNewlines)
    return value.isEmpty ? nil : value
  }

  public struct ReaderError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }
}
