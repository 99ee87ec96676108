// The one file that loads poppler, cairo and glib. They are opened with dlopen, only by the
// commands that render or read page text (preview, review; suggest, set --auto, check --auto),
// never linked: linking libpoppler-glib pulls in about 60 shared libraries and costs every
// start-up of pdfbind (get, set, check included) about 11 ms.
import Glibc
import PDFBindCore

/// The functions pdfbind calls, looked up once per process with dlsym. The handles from
/// dlopen are never closed: glib and cairo keep process-wide state that must not be
/// unloaded (hence `@unchecked Sendable`: a table of C function pointers written once, before
/// any thread sees it; each poppler document they open is a page worker's, which serves one
/// request at a time).
struct PopplerLibrary: @unchecked Sendable {
  typealias Pointer = OpaquePointer
  typealias Raw = UnsafeMutableRawPointer
  typealias CString = UnsafePointer<CChar>

  static let formatRGB24: Int32 = 1  // CAIRO_FORMAT_RGB24
  static let antialiasDefault: Int32 = 0
  static let antialiasNone: Int32 = 1
  static let popplerErrorEncrypted: Int32 = 1  // POPPLER_ERROR_ENCRYPTED

  /// The runtime libraries (Debian: libpoppler-glib8, libcairo2, libglib2.0-0).
  static let sonames = (
    poppler: RuntimeLibrary.Role.popplerSoname, cairo: RuntimeLibrary.Role.cairoSoname,
    glib: "libglib-2.0.so.0",
    gobject: "libgobject-2.0.so.0"
  )

  /// The libraries, loaded on first need (asked again while they cannot be: `RuntimeLoader`).
  static let loader = RuntimeLoader { () throws(RuntimeLibrary.Unavailable) in
    try PopplerLibrary()
  }

  /// The libraries, or the error that says which cannot be loaded.
  static var shared: Result<PopplerLibrary, BindingError> {
    loader.result.mapError { .unavailable($0) }
  }

  let documentNewFromFile:
    @convention(c) (CString, CString?, UnsafeMutablePointer<Raw?>?) -> Pointer?
  let documentPages: @convention(c) (Pointer) -> Int32
  let documentPage: @convention(c) (Pointer, Int32) -> Pointer?
  let pageSize:
    @convention(c) (Pointer, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Void
  let renderPage: @convention(c) (Pointer, Pointer) -> Void
  /// poppler_page_get_text: UTF-8, ours to g_free.
  let pageText: @convention(c) (Pointer) -> UnsafeMutablePointer<CChar>?
  /// poppler_page_get_text_layout: one PopplerRectangle (four doubles) per character of the
  /// page text, an array ours to g_free.
  let pageTextLayout:
    @convention(c) (
      Pointer, UnsafeMutablePointer<UnsafeMutablePointer<Double>?>, UnsafeMutablePointer<UInt32>
    ) -> Int32
  /// poppler_page_get_selected_text (glyph style) and poppler_page_get_text_layout_for_area:
  /// the same over a rectangle (four doubles) whose corners say where the selection starts.
  let selectedText:
    @convention(c) (Pointer, Int32, UnsafeMutablePointer<Double>) -> UnsafeMutablePointer<CChar>?
  let textLayoutForArea:
    @convention(c) (
      Pointer, UnsafeMutablePointer<Double>, UnsafeMutablePointer<UnsafeMutablePointer<Double>?>,
      UnsafeMutablePointer<UInt32>
    ) -> Int32
  let errorQuark: @convention(c) () -> UInt32
  let unref: @convention(c) (Raw) -> Void
  let free: @convention(c) (Raw?) -> Void
  let freeError: @convention(c) (Raw) -> Void
  let filenameToURI: @convention(c) (CString, CString?, UnsafeMutablePointer<Raw?>?) -> Raw?
  let createSurface: @convention(c) (Int32, Int32, Int32) -> Pointer?
  /// cairo_image_surface_create_for_data: a surface over pixels the caller owns (and frees
  /// after the surface), with the row stride cairo_format_stride_for_width gives.
  let createSurfaceForData:
    @convention(c) (UnsafeMutablePointer<UInt8>, Int32, Int32, Int32, Int32) -> Pointer?
  let strideForWidth: @convention(c) (Int32, Int32) -> Int32
  let surfaceStatus: @convention(c) (Pointer) -> Int32
  let destroySurface: @convention(c) (Pointer) -> Void
  let flush: @convention(c) (Pointer) -> Void
  let markDirty: @convention(c) (Pointer) -> Void
  /// cairo_image_surface_get_data / _get_stride: the pixels of an image surface, which stays
  /// their owner.
  let surfaceData: @convention(c) (Pointer) -> UnsafeMutablePointer<UInt8>?
  let surfaceStride: @convention(c) (Pointer) -> Int32
  let statusString: @convention(c) (Int32) -> CString
  let createContext: @convention(c) (Pointer) -> Pointer?
  let destroyContext: @convention(c) (Pointer) -> Void
  let save: @convention(c) (Pointer) -> Void
  let restore: @convention(c) (Pointer) -> Void
  let translate: @convention(c) (Pointer, Double, Double) -> Void
  let scale: @convention(c) (Pointer, Double, Double) -> Void
  let setSourceRGB: @convention(c) (Pointer, Double, Double, Double) -> Void
  let rectangle: @convention(c) (Pointer, Double, Double, Double, Double) -> Void
  let fill: @convention(c) (Pointer) -> Void
  let clip: @convention(c) (Pointer) -> Void
  let setLineWidth: @convention(c) (Pointer, Double) -> Void
  let moveTo: @convention(c) (Pointer, Double, Double) -> Void
  let lineTo: @convention(c) (Pointer, Double, Double) -> Void
  let stroke: @convention(c) (Pointer) -> Void
  let setAntialias: @convention(c) (Pointer, Int32) -> Void
  let selectFontFace: @convention(c) (Pointer, CString, Int32, Int32) -> Void
  let setFontSize: @convention(c) (Pointer, Double) -> Void
  let showText: @convention(c) (Pointer, CString) -> Void
  let textExtents: @convention(c) (Pointer, CString, UnsafeMutablePointer<Double>?) -> Void

  private init() throws(RuntimeLibrary.Unavailable) {
    let poppler = try Self.open(Self.sonames.poppler)
    // cairo is loaded only after poppler-glib, which needs it (so dlopen finds it loaded).
    let cairo = try RuntimeLibrary.Role.cairo.open(Self.sonames.cairo)
    let glib = try Self.open(Self.sonames.glib)
    let gobject = try Self.open(Self.sonames.gobject)
    documentNewFromFile = try Self.symbol(poppler, "poppler_document_new_from_file")
    documentPages = try Self.symbol(poppler, "poppler_document_get_n_pages")
    documentPage = try Self.symbol(poppler, "poppler_document_get_page")
    pageSize = try Self.symbol(poppler, "poppler_page_get_size")
    renderPage = try Self.symbol(poppler, "poppler_page_render")
    pageText = try Self.symbol(poppler, "poppler_page_get_text")
    pageTextLayout = try Self.symbol(poppler, "poppler_page_get_text_layout")
    selectedText = try Self.symbol(poppler, "poppler_page_get_selected_text")
    textLayoutForArea = try Self.symbol(poppler, "poppler_page_get_text_layout_for_area")
    errorQuark = try Self.symbol(poppler, "poppler_error_quark")
    unref = try Self.symbol(gobject, "g_object_unref")
    free = try Self.symbol(glib, "g_free")
    freeError = try Self.symbol(glib, "g_error_free")
    filenameToURI = try Self.symbol(glib, "g_filename_to_uri")
    createSurface = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_image_surface_create")
    createSurfaceForData = try RuntimeLibrary.Role.cairo.symbol(
      cairo, "cairo_image_surface_create_for_data")
    strideForWidth = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_format_stride_for_width")
    surfaceStatus = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_surface_status")
    destroySurface = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_surface_destroy")
    flush = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_surface_flush")
    markDirty = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_surface_mark_dirty")
    surfaceData = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_image_surface_get_data")
    surfaceStride = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_image_surface_get_stride")
    statusString = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_status_to_string")
    createContext = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_create")
    destroyContext = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_destroy")
    save = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_save")
    restore = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_restore")
    translate = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_translate")
    scale = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_scale")
    setSourceRGB = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_set_source_rgb")
    rectangle = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_rectangle")
    fill = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_fill")
    clip = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_clip")
    setLineWidth = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_set_line_width")
    moveTo = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_move_to")
    lineTo = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_line_to")
    stroke = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_stroke")
    setAntialias = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_set_antialias")
    selectFontFace = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_select_font_face")
    setFontSize = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_set_font_size")
    showText = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_show_text")
    textExtents = try RuntimeLibrary.Role.cairo.symbol(cairo, "cairo_text_extents")
    // poppler-glib reports syntax errors in a file through g_log (domain "Poppler"); pdfbind
    // reports in its own words, so those messages are dropped rather than printed.
    typealias LogHandler =
      @convention(c) (CString?, Int32, CString?, Raw?) -> Void
    let setLogHandler: @convention(c) (CString?, Int32, LogHandler, Raw?) -> UInt32 =
      try Self.symbol(glib, "g_log_set_handler")
    let allLevels: Int32 = 0xFC  // G_LOG_LEVEL_MASK without the fatal flags
    _ = setLogHandler("Poppler", allLevels, { _, _, _, _ in }, nil)
    Self.keepSettings(poppler, glib: glib)
  }

  /// poppler builds its settings (its data folders scanned, the CMaps and fonts it looked up)
  /// when a document opens while none is, and drops them when the last one closes. A page
  /// worker opens one book at a time, so every book built them again: 125 times in a worker
  /// over bench/review's 250 text books. One empty document, opened here and never closed (it
  /// lives as the library does), keeps them for the process; the workers' template loads
  /// poppler, so every worker starts with them built. A poppler without these functions, or
  /// a document that cannot be opened, only leaves poppler as it was.
  private static func keepSettings(_ poppler: Raw, glib: Raw) {
    typealias NewBytes = @convention(c) (UnsafeRawPointer?, Int) -> Raw?
    typealias UnrefBytes = @convention(c) (Raw) -> Void
    typealias NewFromBytes =
      @convention(c) (Raw, CString?, UnsafeMutablePointer<Raw?>?) -> Pointer?
    guard let newBytes: NewBytes = try? symbol(glib, "g_bytes_new"),
      let unrefBytes: UnrefBytes = try? symbol(glib, "g_bytes_unref"),
      let newFromBytes: NewFromBytes = try? symbol(poppler, "poppler_document_new_from_bytes"),
      let bytes = emptyDocument.withUnsafeBytes({ newBytes($0.baseAddress, $0.count) })
    else { return }
    // The document takes a reference of its own to the bytes (a copy glib owns).
    _ = newFromBytes(bytes, nil, nil)
    unrefBytes(bytes)
  }

  /// A document of one empty page, its cross-reference table exact.
  static var emptyDocument: [UInt8] {
    let objects = [
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1 1] >>",
    ]
    var text = "%PDF-1.4\n"
    var entries = "0000000000 65535 f \n"
    for (index, object) in objects.enumerated() {
      let offset = String(text.utf8.count)
      entries += String(repeating: "0", count: 10 - offset.count) + offset + " 00000 n \n"
      text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
    }
    let start = text.utf8.count
    text += "xref\n0 \(objects.count + 1)\n" + entries
    text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(start)\n%%EOF\n"
    return Array(text.utf8)
  }

  /// poppler-glib, or glib and gobject, which come with it.
  private static func open(_ soname: String) throws(RuntimeLibrary.Unavailable) -> Raw {
    try RuntimeLibrary.Role.poppler.open(soname)
  }

  private static func symbol<T>(_ handle: Raw, _ name: String)
    throws(RuntimeLibrary.Unavailable) -> T
  {
    try RuntimeLibrary.Role.poppler.symbol(handle, name)
  }

  /// Our error for a document poppler cannot open, freeing the GError (domain, code,
  /// message). The caller has read the file with qpdf first.
  func takeError(_ error: Raw?, passwordGiven: Bool) -> BindingError {
    guard let error else { return .damaged(.popplerCannotOpen(detail: nil)) }
    defer { freeError(error) }
    let domain = error.load(as: UInt32.self)
    let code = error.load(fromByteOffset: 4, as: Int32.self)
    let message =
      error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self).map {
        String(cString: $0)
      } ?? ""
    if domain == errorQuark() && code == Self.popplerErrorEncrypted {
      return passwordGiven ? .password(.wrong) : .password(.required)
    }
    return .damaged(.popplerCannotOpen(detail: message.isEmpty ? nil : message))
  }
}
