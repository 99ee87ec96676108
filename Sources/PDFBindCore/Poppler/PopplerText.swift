// All of pdfbind's poppler access. poppler-glib is loaded at run time with dlopen, not linked:
// linking it (and its dozens of dependencies) costs every start-up about 11 ms, and get, set
// and check never read page text. Only `suggest`, `set --auto` and `check --auto` load it.
import Glibc
import SystemPackage

/// The text of one page, with the box of each character (one per Unicode scalar of `text`).
struct PageText: Sendable {
  var text: String
  /// Boxes in poppler's page space (y grows downwards), one per scalar of `text`; empty when
  /// poppler gave none.
  var boxes: [(x1: Double, y1: Double, x2: Double, y2: Double)]
}

/// The loaded poppler-glib library and the few functions pdfbind calls. Loaded once per process
/// (the first time a command needs text) and kept for the life of the process: libraries that
/// register GObject types must never be unloaded, so nothing here calls dlclose.
final class PopplerLibrary: @unchecked Sendable {
  // C signatures, from poppler-document.h, poppler-page.h, gobject/gobject.h and glib/gmem.h.
  typealias NewFromFD =
    @convention(c) (
      Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> OpaquePointer?
  typealias PageCount = @convention(c) (OpaquePointer) -> Int32
  typealias GetPage = @convention(c) (OpaquePointer, Int32) -> OpaquePointer?
  typealias GetText = @convention(c) (OpaquePointer) -> UnsafeMutablePointer<CChar>?
  typealias GetLayout =
    @convention(c) (
      OpaquePointer, UnsafeMutablePointer<UnsafeMutablePointer<Double>?>,
      UnsafeMutablePointer<UInt32>
    ) -> Int32
  typealias Unref = @convention(c) (OpaquePointer) -> Void
  typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
  typealias ErrorFree = @convention(c) (UnsafeMutableRawPointer) -> Void
  typealias LogSetHandler =
    @convention(c) (
      UnsafePointer<CChar>?, Int32,
      @convention(c) (
        UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?
      ) -> Void,
      UnsafeMutableRawPointer?
    ) -> UInt32

  let newFromFD: NewFromFD
  let pageCount: PageCount
  let getPage: GetPage
  let getText: GetText
  let getLayout: GetLayout
  let unref: Unref
  let free: Free
  let errorFree: ErrorFree

  /// The library, or the reason it cannot be loaded (shown once per file that needed it).
  static let shared: Result<PopplerLibrary, BindingError> = Result { () throws(BindingError) in
    try PopplerLibrary()
  }

  private init() throws(BindingError) {
    // RTLD_LOCAL: poppler's symbols stay out of the global namespace; glib and gobject come in
    // as its dependencies and are reached through the same handle.
    guard let handle = dlopen("libpoppler-glib.so.8", RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
      throw BindingError.popplerUnavailable(detail: reason)
    }
    func symbol<T>(_ name: String, as type: T.Type) throws(BindingError) -> T {
      guard let address = dlsym(handle, name) else {
        throw BindingError.popplerIncomplete(symbol: name)
      }
      return unsafeBitCast(address, to: type)
    }
    newFromFD = try symbol("poppler_document_new_from_fd", as: NewFromFD.self)
    pageCount = try symbol("poppler_document_get_n_pages", as: PageCount.self)
    getPage = try symbol("poppler_document_get_page", as: GetPage.self)
    getText = try symbol("poppler_page_get_text", as: GetText.self)
    getLayout = try symbol("poppler_page_get_text_layout", as: GetLayout.self)
    unref = try symbol("g_object_unref", as: Unref.self)
    free = try symbol("g_free", as: Free.self)
    errorFree = try symbol("g_error_free", as: ErrorFree.self)
    // poppler-glib reports syntax errors in a file through g_log (domain "Poppler"); we report
    // in our words, so its messages are dropped rather than printed on standard error.
    let setHandler = try symbol("g_log_set_handler", as: LogSetHandler.self)
    let allLevels: Int32 = 0xFC  // G_LOG_LEVEL_MASK without the fatal flags
    _ = setHandler("Poppler", allLevels, { _, _, _, _ in }, nil)
  }
}

/// Sole owner of one PopplerDocument: g_object_unref runs exactly once, in deinit. poppler
/// allows different documents on different threads; keep each one local to its job.
final class PopplerText {
  private let library: PopplerLibrary
  private let document: OpaquePointer
  let pageCount: Int

  /// Opens `path` for reading text; nil when poppler cannot open it (the caller has already
  /// read it with qpdf, so this only lowers the evidence).
  init?(path: FilePath, password: String?) throws(BindingError) {
    library = try PopplerLibrary.shared.get()
    let descriptor = path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    var error: UnsafeMutableRawPointer? = nil
    // poppler takes the descriptor over on every path, success or not: never close it here.
    let opened = library.newFromFD(descriptor, password, &error)
    if let error { library.errorFree(error) }
    guard let opened else { return nil }
    document = opened
    pageCount = Int(max(0, library.pageCount(opened)))
  }

  deinit { library.unref(document) }

  /// The text of page `index` (0-based) with its character boxes, or nil when poppler cannot
  /// read that page.
  func page(_ index: Int) -> PageText? {
    guard index >= 0, index < pageCount,
      let page = library.getPage(document, Int32(index))
    else { return nil }
    defer { library.unref(page) }
    guard let raw = library.getText(page) else { return nil }
    // Copy, then free: the string belongs to us (poppler_page_get_text is "transfer full").
    let text = String(
      decoding: UnsafeRawBufferPointer(start: raw, count: strlen(raw)), as: UTF8.self)
    library.free(raw)
    var rectangles: UnsafeMutablePointer<Double>? = nil
    var count: UInt32 = 0
    var boxes: [(x1: Double, y1: Double, x2: Double, y2: Double)] = []
    if library.getLayout(page, &rectangles, &count) != 0, let rectangles {
      boxes.reserveCapacity(Int(count))
      // PopplerRectangle is four gdoubles: x1, y1, x2, y2.
      for item in 0..<Int(count) {
        let base = rectangles + 4 * item
        boxes.append((base[0], base[1], base[2], base[3]))
      }
    }
    library.free(rectangles)
    return PageText(text: text, boxes: boxes)
  }
}
