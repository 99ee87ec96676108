// The one file that loads Tesseract. It is opened with dlopen, only when `suggest` (or
// set --auto, check --auto, spreads/preview --auto) looks for the script in page pictures,
// never linked: get, set and check start as fast without it, and a machine without it still
// runs every other command.
import Glibc
import PDFBindCore

/// Tesseract's C API (`tesseract/capi.h`), the few functions orientation-and-script detection,
/// layout analysis and the recognition of words need, looked up once per process. The handle
/// from dlopen is never closed (hence `@unchecked Sendable`: a table of C function pointers
/// written once, before any thread sees it; each Tesseract handle belongs to one
/// `ScriptDetector` or one `WordReader`).
struct TesseractLibrary: @unchecked Sendable {
  typealias Handle = OpaquePointer
  /// A leptonica picture (`PIX *`).
  typealias Picture = OpaquePointer
  typealias CString = UnsafePointer<CChar>
  /// A page iterator over the blocks of a layout analysis (`TessPageIterator *`).
  typealias Iterator = OpaquePointer

  /// Debian's libtesseract5.
  static let soname = RuntimeLibrary.Role.tesseractSoname
  /// The data for orientation and script detection (Debian's tesseract-ocr-osd).
  static let scriptData = RuntimeLibrary.Role.scriptDataFile

  /// Where Tesseract 5 looks for its data when TESSDATA_PREFIX is not set: Debian's place
  /// first, then the places a source build uses.
  static let dataDirectories = [
    "/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
    "/usr/local/share/tessdata", "/usr/share/tessdata",
  ]

  /// The folder that holds the data file of `role` (`RuntimeLibrary.Role.dataFile`: the script
  /// data, English's data), where Tesseract will look for it: TESSDATA_PREFIX alone when it is
  /// set, else `dataDirectories`. Looked for before Tesseract is asked, which prints its own
  /// complaint on stderr when the data is missing.
  static func dataDirectory(for role: RuntimeLibrary.Role) throws(RuntimeLibrary.Unavailable)
    -> String
  {
    let searched = getenv("TESSDATA_PREFIX").map { [String(cString: $0)] } ?? dataDirectories
    guard let file = role.dataFile,
      let directory = searched.first(where: { access($0 + "/" + file, R_OK) == 0 })
    else { throw RuntimeLibrary.Unavailable(role, .missingData(searched: searched)) }
    return directory
  }
  /// PSM_OSD_ONLY: orientation and script detection, no recognition.
  static let pageSegmentationOSDOnly: Int32 = 0
  /// PSM_AUTO_ONLY: layout analysis (blocks and their lines), no orientation detection and no
  /// recognition.
  static let pageSegmentationLayoutOnly: Int32 = 2
  /// PSM_AUTO: layout analysis and recognition, no orientation detection.
  static let pageSegmentationAuto: Int32 = 3

  /// The library, loaded on first need (asked again while it cannot be: `RuntimeLoader`).
  static let loader = RuntimeLoader { () throws(RuntimeLibrary.Unavailable) in
    try TesseractLibrary()
  }

  /// The library, or why it cannot be loaded.
  static var shared: Result<TesseractLibrary, RuntimeLibrary.Unavailable> { loader.result }

  let create: @convention(c) () -> Handle?
  let delete: @convention(c) (Handle) -> Void
  let end: @convention(c) (Handle) -> Void
  /// TessBaseAPIInit3(handle, datapath, language): 0 when the language data loaded.
  let initialize: @convention(c) (Handle, CString?, CString) -> Int32
  /// TessBaseAPIInit2(handle, datapath, language, engine mode): Init3 with the engine chosen
  /// (`engineLSTM`: the LSTM recogniser alone).
  let initializeEngine: @convention(c) (Handle, CString?, CString, Int32) -> Int32
  /// OEM_LSTM_ONLY.
  static let engineLSTM: Int32 = 1
  /// TessBaseAPIGetTsvText(handle, page number): recognises the picture set, if it was not,
  /// and returns one line a block, paragraph, line and word with its confidence and text, as
  /// a string the caller deletes (TessDeleteText); nil when recognition fails.
  let tsvText: @convention(c) (Handle, Int32) -> UnsafeMutablePointer<CChar>?
  let deleteText: @convention(c) (UnsafeMutablePointer<CChar>) -> Void
  /// TessBaseAPISetRectangle(handle, left, top, width, height): recognition looks only there.
  let setRectangle: @convention(c) (Handle, Int32, Int32, Int32, Int32) -> Void
  let setVariable: @convention(c) (Handle, CString, CString) -> Int32
  let setPageSegmentationMode: @convention(c) (Handle, Int32) -> Void
  /// TessBaseAPISetImage(handle, pixels, width, height, bytes per pixel, bytes per line):
  /// Tesseract copies the pixels.
  let setImage: @convention(c) (Handle, UnsafePointer<UInt8>, Int32, Int32, Int32, Int32) -> Void
  /// TessBaseAPISetImage2(handle, picture): Tesseract copies the leptonica picture.
  let setPicture: @convention(c) (Handle, Picture) -> Void
  /// Leptonica's pixCreate(width, height, bits a pixel), cleared; pixGetData, pixGetWpl (its
  /// 32-bit words a row) and pixDestroy. Leptonica comes with Tesseract (its pictures are
  /// leptonica's), and is looked up through it.
  let createPicture: @convention(c) (Int32, Int32, Int32) -> Picture?
  let pictureData: @convention(c) (Picture) -> UnsafeMutablePointer<UInt32>?
  let pictureWordsPerRow: @convention(c) (Picture) -> Int32
  let destroyPicture: @convention(c) (UnsafeMutablePointer<Picture?>) -> Void
  let setSourceResolution: @convention(c) (Handle, Int32) -> Void
  /// Leptonica's setMsgSeverity(level): the least severity it prints on stderr (a page
  /// worker's stderr is pdfbind's). Its layout analysis complains of boxes it clips on a
  /// page of pictures ("Error in boxClipToRectangle") and goes on.
  let setMessageSeverity: @convention(c) (Int32) -> Int32
  /// L_SEVERITY_NONE: leptonica prints nothing.
  static let severityNone: Int32 = 6
  /// TessBaseAPIDetectOrientationScript: the script name points into Tesseract's tables,
  /// valid while the handle lives.
  let detectOrientationScript:
    @convention(c) (
      Handle, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Float>,
      UnsafeMutablePointer<CString?>, UnsafeMutablePointer<Float>
    ) -> Int32
  /// TessBaseAPIAnalyseLayout: the blocks of the picture set, as a page iterator the caller
  /// deletes (TessPageIteratorDelete); nil when there is none. Then, at the iterator's block:
  /// its kind (PolyBlockType), its orientation, writing direction, line order and deskew
  /// angle, and its bounding box at a level (RIL_BLOCK: 0); TessPageIteratorNext moves on.
  let analyseLayout: @convention(c) (Handle) -> Iterator?
  let deleteIterator: @convention(c) (Iterator) -> Void
  let nextIn: @convention(c) (Iterator, Int32) -> Int32
  let blockType: @convention(c) (Iterator) -> Int32
  let orientationAt:
    @convention(c) (
      Iterator, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>,
      UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Float>
    ) -> Void
  let boundingBox:
    @convention(c) (
      Iterator, Int32, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>,
      UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>
    ) -> Int32

  private init() throws(RuntimeLibrary.Unavailable) {
    let library = try RuntimeLibrary.Role.tesseract.open(Self.soname)
    create = try Self.symbol(library, "TessBaseAPICreate")
    delete = try Self.symbol(library, "TessBaseAPIDelete")
    end = try Self.symbol(library, "TessBaseAPIEnd")
    initialize = try Self.symbol(library, "TessBaseAPIInit3")
    initializeEngine = try Self.symbol(library, "TessBaseAPIInit2")
    tsvText = try Self.symbol(library, "TessBaseAPIGetTsvText")
    deleteText = try Self.symbol(library, "TessDeleteText")
    setRectangle = try Self.symbol(library, "TessBaseAPISetRectangle")
    setVariable = try Self.symbol(library, "TessBaseAPISetVariable")
    setPageSegmentationMode = try Self.symbol(library, "TessBaseAPISetPageSegMode")
    setImage = try Self.symbol(library, "TessBaseAPISetImage")
    setPicture = try Self.symbol(library, "TessBaseAPISetImage2")
    createPicture = try Self.symbol(library, "pixCreate")
    pictureData = try Self.symbol(library, "pixGetData")
    pictureWordsPerRow = try Self.symbol(library, "pixGetWpl")
    destroyPicture = try Self.symbol(library, "pixDestroy")
    setSourceResolution = try Self.symbol(library, "TessBaseAPISetSourceResolution")
    setMessageSeverity = try Self.symbol(library, "setMsgSeverity")
    detectOrientationScript = try Self.symbol(library, "TessBaseAPIDetectOrientationScript")
    analyseLayout = try Self.symbol(library, "TessBaseAPIAnalyseLayout")
    deleteIterator = try Self.symbol(library, "TessPageIteratorDelete")
    nextIn = try Self.symbol(library, "TessPageIteratorNext")
    blockType = try Self.symbol(library, "TessPageIteratorBlockType")
    orientationAt = try Self.symbol(library, "TessPageIteratorOrientation")
    boundingBox = try Self.symbol(library, "TessPageIteratorBoundingBox")
  }

  private static func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String)
    throws(RuntimeLibrary.Unavailable) -> T
  {
    try RuntimeLibrary.Role.tesseract.symbol(handle, name)
  }
}

extension RuntimeLibrary.Unavailable {
  /// Why the script in page pictures cannot be read, in the words of `suggest`'s evidence line
  /// (which then weighs the rest).
  var scriptEvidence: String {
    switch (library, reason) {
    case (.tesseract, .wrongVersion(let function)):
      "not available (Tesseract cannot be used: its library lacks \(function); Debian: "
        + "apt-get install libtesseract5 tesseract-ocr-osd)"
    case (.tesseract, _):
      "not available (Tesseract is not installed: \(self); Debian: apt-get install "
        + "libtesseract5 tesseract-ocr-osd)"
    case (_, .missingData(let searched)):
      "not available (Tesseract's script data \(TesseractLibrary.scriptData) is not in "
        + searched.joined(separator: " or ")
        + "; Debian: apt-get install tesseract-ocr-osd, or set TESSDATA_PREFIX)"
    case (_, .dataRefused(let directory)):
      "not available (Tesseract cannot load its script data from \(directory))"
    default: "not available (\(self))"
    }
  }
}
