// Orientation-and-script detection on one page picture at a time.
import Glibc
import PDFBindCore
import Synchronization

/// What Tesseract's orientation-and-script detection reads in one page picture.
struct ScriptReading: Equatable, Sendable {
  /// Tesseract's script name: `Arabic`, `Hebrew`, `Latin`, `Han`, `Japanese`, `Cyrillic`…
  var script: String
  /// Tesseract's confidence in the script (about 0 to 20 in practice; 1 or less is a guess).
  var confidence: Double
  /// The page's rotation Tesseract reads, in degrees (0, 90, 180, 270).
  var orientation: Int
  /// Tesseract's confidence in that rotation: how far the best of the four scored above the
  /// next (real Arabic and Hebrew print 12 to 40; a Latin cursive it read as Arabic, 1 to 3).
  var orientationConfidence: Double
}

/// Sole owner of one Tesseract handle, initialised for orientation-and-script detection and
/// ended in `deinit`. Not for two threads at once: `ScriptDetectorPool` lends each to one
/// thread at a time (hence `@unchecked Sendable`: it moves between threads, never shared).
final class ScriptDetector: @unchecked Sendable {
  private let library: TesseractLibrary
  private let handle: OpaquePointer

  init() throws(RuntimeLibrary.Unavailable) {
    library = try TesseractLibrary.shared.get()
    // Look for the data first: Tesseract prints its own complaint on stderr when it is missing.
    let directory = try TesseractLibrary.dataDirectory(for: .scriptData)
    let refused = RuntimeLibrary.Unavailable(.scriptData, .dataRefused(directory: directory))
    guard let handle = library.create() else { throw refused }
    // Tesseract's notes ("Too few characters", resolution estimates) would land on stderr,
    // where pdfbind's users read pdfbind's own words.
    _ = library.setVariable(handle, "debug_file", "/dev/null")
    _ = library.setMessageSeverity(TesseractLibrary.severityNone)
    guard library.initialize(handle, directory, "osd") == 0 else {
      library.delete(handle)
      throw refused
    }
    library.setPageSegmentationMode(handle, TesseractLibrary.pageSegmentationOSDOnly)
    self.handle = handle
  }

  deinit {
    library.end(handle)
    library.delete(handle)
  }

  /// Who makes the page black and white before it is read.
  enum Thresholding {
    /// `TesseractThreshold`, Tesseract's thresholding done here at a fraction of its cost.
    case pdfbind
    /// Tesseract's own, given the grey picture: for the test that the two read alike.
    case tesseract
  }

  /// Pixels each way below which a picture is not read: too small to hold a line of writing.
  static let smallestPicture = 16

  /// The script and orientation Tesseract reads in `image`, drawn at `resolution` pixels per
  /// inch; nil when it finds too little writing to say.
  func read(_ image: GreyImage, resolution: Int, thresholding: Thresholding = .pdfbind)
    -> ScriptReading?
  {
    guard image.width >= Self.smallestPicture, image.height >= Self.smallestPicture else {
      return nil
    }
    guard setPicture(image, resolution: resolution, thresholding: thresholding) else {
      return nil
    }
    var orientation: Int32 = 0
    var orientationConfidence: Float = 0
    var script: UnsafePointer<CChar>?
    var scriptConfidence: Float = 0
    guard
      library.detectOrientationScript(
        handle, &orientation, &orientationConfidence, &script, &scriptConfidence) != 0,
      let script
    else { return nil }
    return ScriptReading(
      script: String(cString: script), confidence: Double(scriptConfidence),
      orientation: Int(orientation), orientationConfidence: Double(orientationConfidence))
  }

  /// Tesseract's layout analysis of `image` (`TextBlockLines`): its text blocks, and which
  /// way their lines run. Nil for a picture too small to read, or with no blocks.
  func textBlockLines(_ image: GreyImage, resolution: Int) -> TextBlockLines? {
    guard image.width >= Self.smallestPicture, image.height >= Self.smallestPicture,
      setPicture(image, resolution: resolution, thresholding: .pdfbind)
    else { return nil }
    library.setPageSegmentationMode(handle, TesseractLibrary.pageSegmentationLayoutOnly)
    defer {
      library.setPageSegmentationMode(handle, TesseractLibrary.pageSegmentationOSDOnly)
    }
    guard let blocks = library.analyseLayout(handle) else { return nil }
    defer { library.deleteIterator(blocks) }
    return TextBlockLines(blocks, library: library, width: image.width, height: image.height)
  }

  /// Hands `image` to Tesseract, made black and white as `thresholding` says; false when
  /// leptonica cannot make the picture.
  private func setPicture(_ image: GreyImage, resolution: Int, thresholding: Thresholding)
    -> Bool
  {
    let (width, height) = (Int32(image.width), Int32(image.height))
    switch thresholding {
    case .pdfbind:
      // Handed over as a leptonica picture, which Tesseract copies as it is: its raw input
      // of one bit a pixel is unpacked a pixel at a time.
      let binary = TesseractThreshold(image)
      var created = library.createPicture(width, height, 1)
      defer { library.destroyPicture(&created) }
      guard let picture = created else { return false }
      guard let data = library.pictureData(picture),
        Int(library.pictureWordsPerRow(picture)) == binary.wordsPerRow
      else { return false }
      binary.marks.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
      library.setPicture(handle, picture)
    case .tesseract:
      image.pixels.withUnsafeBufferPointer { pixels in
        library.setImage(handle, pixels.baseAddress!, width, height, 1, width)
      }
    }
    library.setSourceResolution(handle, Int32(resolution))
    return true
  }
}

/// Script detectors kept for the life of the process: loading Tesseract's script data costs
/// more than reading a page (about 60 ms), and a batch reads thousands of books on a few
/// threads. Each detector is lent to one thread at a time and given back after the call.
final class ScriptDetectorPool: Sendable {
  static let shared = ScriptDetectorPool()

  private let idle = Mutex<[ScriptDetector]>([])

  /// Runs `body` with a detector of its own, made on first need; throws when Tesseract or
  /// its data is missing (both asked again next time, so installing them mid-batch is seen:
  /// `RuntimeLoader` keeps only a library that loaded, and the data is looked for anew).
  func withDetector<T>(_ body: (ScriptDetector) -> T) throws(RuntimeLibrary.Unavailable) -> T {
    let detector: ScriptDetector
    if let lent = idle.withLock({ $0.popLast() }) {
      detector = lent
    } else {
      detector = try ScriptDetector()
    }
    defer { idle.withLock { $0.append(detector) } }
    return body(detector)
  }
}
