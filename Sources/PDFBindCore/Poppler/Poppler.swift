// The one file that loads poppler and cairo. They are opened with dlopen, only by the commands
// that render or read page text (preview; suggest, set --auto, check --auto through
// PopplerText.swift), never linked: linking libpoppler-glib pulls in about 60 shared libraries
// and costs every start-up of pdfbind (get, set, check included) about 11 ms.
import Glibc
import SystemPackage

/// Sole owner of everything poppler and cairo hand out for one picture: the `PopplerDocument`,
/// the cairo image surface and its drawing context (plus a 1×1 pair for measuring text). Each
/// is released in `deinit`, whatever path got there; a page is loaded, drawn and released
/// within one call. Not for use from two threads at once.
final class Poppler {
  let library: Library
  private let document: OpaquePointer
  private var measuring: (surface: OpaquePointer, context: OpaquePointer)?
  private var canvas: (surface: OpaquePointer, context: OpaquePointer)?

  /// The pages poppler found, which may be fewer than the page tree's /Count says.
  let pageCount: Int

  /// Opens `path` with poppler. The caller has read it with qpdf first, so these errors are
  /// for what only poppler trips over.
  init(path: FilePath, password: String?) throws(BindingError) {
    library = try Library.shared.get()
    let library = library
    var error: UnsafeMutableRawPointer?
    // poppler opens URIs; glib makes one only from an absolute path.
    var absolute = path
    if !path.isAbsolute, let directory = getcwd(nil, 0) {
      absolute = FilePath(platformString: directory).pushing(path)
      Glibc.free(directory)
    }
    let uri = absolute.withPlatformString { library.filenameToURI($0, nil, nil) }
    guard let uri else { throw BindingError.unreadable(detail: "poppler cannot name this path") }
    defer { library.free(uri) }
    // poppler tries the password as the user and as the owner password; nil tries "".
    let opened = library.documentNewFromFile(
      uri.assumingMemoryBound(to: CChar.self), password, &error)
    guard let opened else { throw library.takeError(error, passwordGiven: password != nil) }
    document = opened
    pageCount = Int(library.documentPages(opened))
  }

  deinit {
    if let canvas {
      library.destroyContext(canvas.context)
      library.destroySurface(canvas.surface)
    }
    if let measuring {
      library.destroyContext(measuring.context)
      library.destroySurface(measuring.surface)
    }
    library.unref(UnsafeMutableRawPointer(document))
  }

  // MARK: - Pages

  /// A page's size in points, or nil when poppler cannot load the page.
  func pageSize(_ index: Int) -> (width: Double, height: Double)? {
    withPage(index) { page in
      var width = 0.0
      var height = 0.0
      library.pageSize(page, &width, &height)
      return width > 0 && height > 0 ? (width, height) : nil
    } ?? nil
  }

  /// Draws page `index` (from 0) on white, scaled into `rect`; false when poppler cannot load
  /// the page (nothing is drawn then).
  func drawPage(_ index: Int, in rect: Rect) -> Bool {
    guard let context = canvas?.context, let size = pageSize(index) else { return false }
    return withPage(index) { page in
      fill(rect, Colour(red: 255, green: 255, blue: 255))
      library.save(context)
      library.rectangle(context, rect.x, rect.y, rect.width, rect.height)
      library.clip(context)
      library.translate(context, rect.x, rect.y)
      library.scale(context, rect.width / size.width, rect.height / size.height)
      library.renderPage(page, context)
      library.restore(context)
      return true
    } ?? false
  }

  /// Runs `body` with page `index` loaded, and releases the page afterwards.
  func withPage<T>(_ index: Int, _ body: (OpaquePointer) -> T) -> T? {
    guard index >= 0, index < pageCount,
      let page = library.documentPage(document, Int32(index))
    else { return nil }
    defer { library.unref(UnsafeMutableRawPointer(page)) }
    return body(page)
  }

  // MARK: - Drawing

  /// Starts the picture: an RGB image of `width`×`height` pixels filled with `background`.
  func beginCanvas(width: Int, height: Int, background: Colour) throws(BindingError) {
    // cairo's image surfaces stop at 32,767 pixels a side; stay well inside memory too.
    guard width <= 32_767, height <= 32_767, width * height <= 150_000_000 else {
      throw BindingError.pictureTooLarge(width: width, height: height)
    }
    let pair = try makeSurface(width: width, height: height)
    canvas = pair
    fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), background)
  }

  func fill(_ rect: Rect, _ colour: Colour) {
    guard let context = canvas?.context else { return }
    setColour(context, colour)
    library.rectangle(context, rect.x, rect.y, rect.width, rect.height)
    library.fill(context)
  }

  /// A straight line with square ends, antialiasing off so its pixels are exactly `colour`.
  func line(
    from start: (x: Double, y: Double), to end: (x: Double, y: Double), width: Double,
    _ colour: Colour
  ) {
    guard let context = canvas?.context else { return }
    setColour(context, colour)
    library.setAntialias(context, Library.antialiasNone)
    library.setLineWidth(context, width)
    library.moveTo(context, start.x, start.y)
    library.lineTo(context, end.x, end.y)
    library.stroke(context)
    library.setAntialias(context, Library.antialiasDefault)
  }

  /// Draws `text` starting at `x`, with its baseline at `y`.
  func text(
    _ text: String, x: Double, baseline y: Double, size: Double, bold: Bool = false,
    _ colour: Colour
  ) {
    guard let context = canvas?.context else { return }
    setFont(context, size: size, bold: bold)
    setColour(context, colour)
    library.moveTo(context, x, y)
    library.showText(context, text)
  }

  /// How far `text` advances in pixels at `size`.
  func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
    if measuring == nil { measuring = try? makeSurface(width: 1, height: 1) }
    guard let context = measuring?.context else { return Double(text.count) * size * 0.6 }
    setFont(context, size: size, bold: bold)
    var extents = [Double](repeating: 0, count: 6)
    extents.withUnsafeMutableBufferPointer { library.textExtents(context, text, $0.baseAddress) }
    return extents[4]  // x_advance
  }

  /// The picture as PNG bytes.
  func png() throws(BindingError) -> [UInt8] {
    guard let surface = canvas?.surface else { return [] }
    library.flush(surface)
    let sink = PNGSink()
    let status = library.writePNGStream(
      surface,
      { closure, data, length in
        guard let closure, let data else { return 11 }  // CAIRO_STATUS_WRITE_ERROR
        let sink = Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return 0
      }, Unmanaged.passUnretained(sink).toOpaque())
    guard status == 0 else {
      throw BindingError.renderFailed("cairo: " + String(cString: library.statusString(status)))
    }
    return sink.bytes
  }

  private final class PNGSink {
    var bytes: [UInt8] = []
  }

  private func makeSurface(width: Int, height: Int) throws(BindingError) -> (
    surface: OpaquePointer, context: OpaquePointer
  ) {
    let surface = library.createSurface(Library.formatRGB24, Int32(width), Int32(height))!
    // cairo returns an "error surface" rather than NULL; it must still be destroyed.
    let status = library.surfaceStatus(surface)
    guard status == 0 else {
      library.destroySurface(surface)
      throw BindingError.renderFailed("cairo: " + String(cString: library.statusString(status)))
    }
    let context = library.createContext(surface)!
    return (surface, context)
  }

  private func setColour(_ context: OpaquePointer, _ colour: Colour) {
    library.setSourceRGB(
      context, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255)
  }

  private func setFont(_ context: OpaquePointer, size: Double, bold: Bool) {
    // cairo's "toy" text API: fontconfig picks a sans-serif face (DejaVu Sans on Debian).
    library.selectFontFace(context, "sans-serif", 0, bold ? 1 : 0)
    library.setFontSize(context, size)
  }
}

// MARK: - The loaded libraries

extension Poppler {
  /// The functions pdfbind calls, looked up once per process with dlsym. The handles from
  /// dlopen are never closed: glib and cairo keep process-wide state that must not be
  /// unloaded.
  struct Library: @unchecked Sendable {
    typealias Pointer = OpaquePointer
    typealias Raw = UnsafeMutableRawPointer
    typealias CString = UnsafePointer<CChar>

    static let formatRGB24: Int32 = 1  // CAIRO_FORMAT_RGB24
    static let antialiasDefault: Int32 = 0
    static let antialiasNone: Int32 = 1
    static let popplerErrorEncrypted: Int32 = 1  // POPPLER_ERROR_ENCRYPTED

    /// The runtime libraries (Debian: libpoppler-glib8, libcairo2, libglib2.0-0).
    static let sonames = (
      poppler: "libpoppler-glib.so.8", cairo: "libcairo.so.2", glib: "libglib-2.0.so.0",
      gobject: "libgobject-2.0.so.0"
    )

    static let shared: Result<Library, BindingError> = Result { () throws(BindingError) in
      try Library()
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
    let errorQuark: @convention(c) () -> UInt32
    let unref: @convention(c) (Raw) -> Void
    let free: @convention(c) (Raw?) -> Void
    let freeError: @convention(c) (Raw) -> Void
    let filenameToURI: @convention(c) (CString, CString?, UnsafeMutablePointer<Raw?>?) -> Raw?
    let createSurface: @convention(c) (Int32, Int32, Int32) -> Pointer?
    let surfaceStatus: @convention(c) (Pointer) -> Int32
    let destroySurface: @convention(c) (Pointer) -> Void
    let flush: @convention(c) (Pointer) -> Void
    let writePNGStream:
      @convention(c) (
        Pointer,
        @convention(c) (Raw?, UnsafePointer<UInt8>?, UInt32) -> Int32,
        Raw?
      ) -> Int32
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

    private init() throws(BindingError) {
      let poppler = try Self.open(Self.sonames.poppler)
      let cairo = try Self.open(Self.sonames.cairo)
      let glib = try Self.open(Self.sonames.glib)
      let gobject = try Self.open(Self.sonames.gobject)
      documentNewFromFile = try Self.symbol(poppler, "poppler_document_new_from_file")
      documentPages = try Self.symbol(poppler, "poppler_document_get_n_pages")
      documentPage = try Self.symbol(poppler, "poppler_document_get_page")
      pageSize = try Self.symbol(poppler, "poppler_page_get_size")
      renderPage = try Self.symbol(poppler, "poppler_page_render")
      pageText = try Self.symbol(poppler, "poppler_page_get_text")
      pageTextLayout = try Self.symbol(poppler, "poppler_page_get_text_layout")
      errorQuark = try Self.symbol(poppler, "poppler_error_quark")
      unref = try Self.symbol(gobject, "g_object_unref")
      free = try Self.symbol(glib, "g_free")
      freeError = try Self.symbol(glib, "g_error_free")
      filenameToURI = try Self.symbol(glib, "g_filename_to_uri")
      createSurface = try Self.symbol(cairo, "cairo_image_surface_create")
      surfaceStatus = try Self.symbol(cairo, "cairo_surface_status")
      destroySurface = try Self.symbol(cairo, "cairo_surface_destroy")
      flush = try Self.symbol(cairo, "cairo_surface_flush")
      writePNGStream = try Self.symbol(cairo, "cairo_surface_write_to_png_stream")
      statusString = try Self.symbol(cairo, "cairo_status_to_string")
      createContext = try Self.symbol(cairo, "cairo_create")
      destroyContext = try Self.symbol(cairo, "cairo_destroy")
      save = try Self.symbol(cairo, "cairo_save")
      restore = try Self.symbol(cairo, "cairo_restore")
      translate = try Self.symbol(cairo, "cairo_translate")
      scale = try Self.symbol(cairo, "cairo_scale")
      setSourceRGB = try Self.symbol(cairo, "cairo_set_source_rgb")
      rectangle = try Self.symbol(cairo, "cairo_rectangle")
      fill = try Self.symbol(cairo, "cairo_fill")
      clip = try Self.symbol(cairo, "cairo_clip")
      setLineWidth = try Self.symbol(cairo, "cairo_set_line_width")
      moveTo = try Self.symbol(cairo, "cairo_move_to")
      lineTo = try Self.symbol(cairo, "cairo_line_to")
      stroke = try Self.symbol(cairo, "cairo_stroke")
      setAntialias = try Self.symbol(cairo, "cairo_set_antialias")
      selectFontFace = try Self.symbol(cairo, "cairo_select_font_face")
      setFontSize = try Self.symbol(cairo, "cairo_set_font_size")
      showText = try Self.symbol(cairo, "cairo_show_text")
      textExtents = try Self.symbol(cairo, "cairo_text_extents")
      // poppler-glib reports syntax errors in a file through g_log (domain "Poppler"); pdfbind
      // reports in its own words, so those messages are dropped rather than printed.
      typealias LogHandler =
        @convention(c) (CString?, Int32, CString?, Raw?) -> Void
      let setLogHandler: @convention(c) (CString?, Int32, LogHandler, Raw?) -> UInt32 =
        try Self.symbol(glib, "g_log_set_handler")
      let allLevels: Int32 = 0xFC  // G_LOG_LEVEL_MASK without the fatal flags
      _ = setLogHandler("Poppler", allLevels, { _, _, _, _ in }, nil)
    }

    private static func open(_ soname: String) throws(BindingError) -> Raw {
      guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
        throw BindingError.popplerUnavailable(
          library: soname, detail: dlerror().map { String(cString: $0) } ?? "")
      }
      return handle
    }

    private static func symbol<T>(_ handle: Raw, _ name: String) throws(BindingError) -> T {
      guard let address = dlsym(handle, name) else {
        throw BindingError.popplerUnavailable(library: name, detail: "symbol not found")
      }
      return unsafeBitCast(address, to: T.self)
    }

    /// Our error for a failed poppler call, freeing the GError (domain, code, message).
    func takeError(_ error: Raw?, passwordGiven: Bool) -> BindingError {
      guard let error else { return .damaged(detail: "poppler cannot open it") }
      defer { freeError(error) }
      let domain = error.load(as: UInt32.self)
      let code = error.load(fromByteOffset: 4, as: Int32.self)
      let message =
        error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self).map {
          String(cString: $0)
        } ?? ""
      if domain == errorQuark() && code == Self.popplerErrorEncrypted {
        return passwordGiven ? .wrongPassword : .passwordRequired
      }
      return .damaged(detail: "poppler: " + message)
    }
  }
}
