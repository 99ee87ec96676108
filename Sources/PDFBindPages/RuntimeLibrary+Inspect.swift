// What `pdfbind doctor` reports: each library loaded at run time, asked for through the one type
// that loads it (PopplerLibrary, TesseractLibrary and ScriptDetector, TurboJPEGLibrary, Canvas
// for the font). Nothing here loads a library itself. In PDFBindPages, beside those types: the
// core loads none of them.
import Glibc
import PDFBindCore

extension RuntimeLibrary {
  /// Every library PDFBindPages may load, in `RuntimeLibrary.Role` order, each one loaded the
  /// way the code that uses it loads it, as when a command runs: a library that loads is kept
  /// for the life of the process, one that cannot is tried again at the next look (or use).
  public static func inspect() -> [RuntimeLibrary] {
    poppler() + tesseract() + [turboJPEG(), font()]
  }

  /// An entry for `role`, looked for as `name`: available from the file `found` gives, or
  /// unavailable for the reason `why` gives (nil: `found`'s own).
  private static func entry(
    _ role: Role, _ name: String, found: Availability, why: Unavailable? = nil
  ) -> RuntimeLibrary {
    RuntimeLibrary(
      role: role, name: name, debianPackage: role.debianPackage,
      availability: why.map { .unavailable($0) } ?? found)
  }

  private static func poppler() -> [RuntimeLibrary] {
    let names = PopplerLibrary.sonames
    var why: (poppler: Unavailable?, cairo: Unavailable?) = (nil, nil)
    // PopplerLibrary loads poppler-glib (with glib and gobject) first, then cairo.
    if case .failure(let unavailable) = PopplerLibrary.loader.result {
      if unavailable.library == .cairo {
        why.cairo = unavailable
      } else {
        why.poppler = unavailable
        if case .unavailable = loaded(.cairo, names.cairo) {
          why.cairo = Unavailable(.cairo, .needs(.poppler))
        }
      }
    }
    return [
      entry(.poppler, names.poppler, found: loaded(.poppler, names.poppler), why: why.poppler),
      entry(.cairo, names.cairo, found: loaded(.cairo, names.cairo), why: why.cairo),
    ]
  }

  private static func tesseract() -> [RuntimeLibrary] {
    let shared = TesseractLibrary.shared
    let soname = TesseractLibrary.soname
    var why: Unavailable?
    if case .failure(let unavailable) = shared { why = unavailable }
    let library = entry(.tesseract, soname, found: loaded(.tesseract, soname), why: why)
    // The data is found whether or not Tesseract loads (doctor says what is there), and
    // judged by Tesseract when it is there to ask.
    let asks = if case .success = shared { true } else { false }
    let recognisers = WordReader.Language.allCases.map { language in
      data(language.data, judgedBy: asks ? { WordReader(language) != nil } : nil)
    }
    return [
      library, data(.scriptData, judgedBy: asks ? { (try? ScriptDetector()) != nil } : nil),
    ] + recognisers
  }

  /// An entry for Tesseract's data file of `role`, found where Tesseract looks for it, and
  /// refused when `loads` (given where Tesseract loaded) says Tesseract cannot load it.
  private static func data(_ role: Role, judgedBy loads: (() -> Bool)?) -> RuntimeLibrary {
    let file = role.dataFile ?? role.rawValue
    var found: Availability
    do throws(Unavailable) {
      let directory = try TesseractLibrary.dataDirectory(for: role)
      found =
        loads.map { $0() } ?? true
        ? .available(file: directory + "/" + file)
        : .unavailable(Unavailable(role, .dataRefused(directory: directory)))
    } catch {
      found = .unavailable(error)
    }
    return entry(role, file, found: found)
  }

  private static func turboJPEG() -> RuntimeLibrary {
    let soname = TurboJPEGLibrary.soname
    var why: Unavailable?
    if case .failure(let unavailable) = TurboJPEGLibrary.shared { why = unavailable }
    return entry(.turboJPEG, soname, found: loaded(.turboJPEG, soname), why: why)
  }

  private static func font() -> RuntimeLibrary {
    let found = Canvas.fontFiles.filter { access($0, R_OK) == 0 }
    let missing = Canvas.fontFiles.filter { !found.contains($0) }
    return entry(
      .font, "DejaVu Sans",
      found: missing.isEmpty
        ? .available(file: found[0])
        : .unavailable(Unavailable(.font, .missingData(searched: missing))))
  }

  /// Where the shared library `soname` was loaded from, as this process maps it.
  private static func loaded(_ role: Role, _ soname: String) -> Availability {
    let notMapped = Availability.unavailable(
      Unavailable(role, .notInstalled(detail: "\(soname) is not loaded")))
    let found = mappedFiles().first { path in
      let file = path.split(separator: "/").last ?? ""
      return file == soname || file.hasPrefix(soname + ".")
    }
    return found.map { .available(file: $0) } ?? notMapped
  }
}
