// What `pdfbind doctor` reports: each library loaded at run time, asked for through the one type
// that loads it (PopplerLibrary, TesseractLibrary and ScriptDetector, TurboJPEGLibrary, Canvas
// for the font). Nothing here loads a library itself.
import Glibc

/// A library (or data file) that PDFBindCore loads at run time, never links, and whether this
/// process can use it.
///
/// Reading and setting bindings needs none of them. Drawing pages and reading their text
/// (poppler-glib and cairo), the script in page pictures (Tesseract and its `osd` data), fast
/// decoding of pages that are one JPEG scan (TurboJPEG) and the labels of a preview (a
/// sans-serif font) do; without them those parts say what is missing and the rest works.
public struct RuntimeLibrary: Equatable, Sendable {
  /// What a library does for PDFBindCore.
  public enum Role: String, CaseIterable, Sendable {
    /// poppler-glib: opens documents to draw their pages and read their text.
    case poppler = "poppler-glib"
    /// cairo: the pictures poppler draws pages into, and the preview's sheet.
    case cairo
    /// Tesseract: reads the script in page pictures (scans).
    case tesseract
    /// Tesseract's orientation-and-script data, `osd.traineddata`.
    case scriptData = "tesseract-osd"
    /// TurboJPEG: decodes pages that are one JPEG scan; without it poppler draws them, slower.
    case turboJPEG = "turbojpeg"
    /// DejaVu Sans, the font of a preview's labels.
    case font
  }

  /// Whether the library can be used.
  public enum Availability: Equatable, Sendable {
    /// Loaded (or found) from `file`.
    case available(file: String)
    /// Not usable, for the `reason` given.
    case unavailable(reason: String)
  }

  /// What the library does.
  public var role: Role
  /// What is looked for: a shared library's soname (`libpoppler-glib.so.8`) or a file name.
  public var name: String
  /// The Debian package that provides it.
  public var debianPackage: String
  /// Whether this process can use it, and from which file.
  public var availability: Availability

  /// Every library PDFBindCore may load, in ``Role`` order, each one loaded the way the code
  /// that uses it loads it. Loading is done once per process and kept, as when a command runs.
  public static func inspect() -> [RuntimeLibrary] {
    poppler() + tesseract() + [turboJPEG(), font()]
  }

  private static func poppler() -> [RuntimeLibrary] {
    let names = PopplerLibrary.sonames
    let shared = PopplerLibrary.shared
    var poppler = RuntimeLibrary(
      role: .poppler, name: names.poppler, debianPackage: "libpoppler-glib8",
      availability: loaded(names.poppler))
    var cairo = RuntimeLibrary(
      role: .cairo, name: names.cairo, debianPackage: "libcairo2",
      availability: loaded(names.cairo))
    if case .failure(.unavailable(.poppler(let library, let detail))) = shared {
      // PopplerLibrary loads poppler-glib first, then cairo, glib and gobject.
      // `library` is the soname that failed (dlerror's words name it) or a missing function.
      let reason = library.contains(".so") ? detail : library + ": " + detail
      if library == names.cairo || library.hasPrefix("cairo_") {
        cairo.availability = .unavailable(reason: reason)
      } else {
        poppler.availability = .unavailable(reason: reason)
        if case .unavailable = cairo.availability {
          cairo.availability = .unavailable(
            reason: "\(names.cairo) is loaded only after \(names.poppler), which cannot be")
        }
      }
    }
    return [poppler, cairo]
  }

  private static func tesseract() -> [RuntimeLibrary] {
    let shared = TesseractLibrary.shared
    var library = RuntimeLibrary(
      role: .tesseract, name: TesseractLibrary.soname, debianPackage: "libtesseract5",
      availability: loaded(TesseractLibrary.soname))
    if case .failure(.library(let detail)) = shared {
      library.availability = .unavailable(reason: detail)
    }
    var data = RuntimeLibrary(
      role: .scriptData, name: TesseractLibrary.scriptData, debianPackage: "tesseract-ocr-osd",
      availability: .unavailable(reason: "not looked for"))
    do throws(TesseractUnavailable) {
      let directory = try ScriptDetector.scriptDataDirectory()
      data.availability = .available(file: directory + "/" + TesseractLibrary.scriptData)
      // Tesseract itself judges the data, when it is there to ask.
      if case .success = shared { _ = try ScriptDetector() }
    } catch {
      switch error {
      case .scriptData(let searched):
        data.availability = .unavailable(
          reason: "\(TesseractLibrary.scriptData) is not in " + searched.joined(separator: " or "))
      case .initialization(let directory):
        data.availability = .unavailable(
          reason: "Tesseract cannot load \(TesseractLibrary.scriptData) from \(directory)")
      case .library:
        data.availability = .unavailable(reason: "Tesseract cannot be loaded to read it")
      }
    }
    return [library, data]
  }

  private static func turboJPEG() -> RuntimeLibrary {
    let shared = TurboJPEGLibrary.shared
    return RuntimeLibrary(
      role: .turboJPEG, name: TurboJPEGLibrary.soname, debianPackage: "libturbojpeg0",
      availability: shared == nil
        ? .unavailable(reason: "\(TurboJPEGLibrary.soname) cannot be loaded")
        : loaded(TurboJPEGLibrary.soname))
  }

  private static func font() -> RuntimeLibrary {
    let found = Canvas.fontFiles.filter { access($0, R_OK) == 0 }
    return RuntimeLibrary(
      role: .font, name: "DejaVu Sans", debianPackage: "fonts-dejavu-core",
      availability: found.count == Canvas.fontFiles.count
        ? .available(file: found[0])
        : .unavailable(
          reason: "no " + Canvas.fontFiles.filter { !found.contains($0) }.joined(separator: ", ")))
  }

  /// Where the shared library `soname` was loaded from, as this process maps it.
  private static func loaded(_ soname: String) -> Availability {
    guard let maps = fopen("/proc/self/maps", "r") else {
      return .unavailable(reason: "\(soname) is not loaded")
    }
    defer { fclose(maps) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    while getline(&line, &capacity, maps) > 0, let line {
      // "start-end perms offset dev inode   /usr/lib/x86_64-linux-gnu/libcairo.so.2.11600.0"
      let path = String(cString: line).drop { $0 != "/" }.dropLast()
      let file = path.split(separator: "/").last ?? ""
      if file == soname || file.hasPrefix(soname + ".") { return .available(file: String(path)) }
    }
    return .unavailable(reason: "\(soname) is not loaded")
  }
}
