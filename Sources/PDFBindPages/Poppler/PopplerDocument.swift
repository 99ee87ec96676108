// One poppler document, opened through the functions PopplerLibrary.swift loaded.
import Glibc
import PDFBindCore
import SystemPackage

/// Sole owner of one `PopplerDocument` (a GObject, released in `deinit` whatever path got
/// there). Pages are loaded, used and released within one call. Not for use from two threads
/// at once: each file gets its own.
final class PopplerDocument {
  let library: PopplerLibrary
  private let document: OpaquePointer

  /// The pages poppler found, which may be fewer than the page tree's /Count says.
  let pageCount: Int

  /// Opens `path` with poppler. The caller has read it with qpdf first, so these errors are
  /// for what only poppler trips over.
  init(path: FilePath, password: String?) throws(BindingError) {
    library = try PopplerLibrary.shared.get()
    let library = library
    var error: UnsafeMutableRawPointer?
    // poppler opens URIs; glib makes one only from an absolute path.
    var absolute = path
    if !path.isAbsolute, let directory = getcwd(nil, 0) {
      absolute = FilePath(platformString: directory).pushing(path)
      Glibc.free(directory)
    }
    let uri = absolute.withPlatformString { library.filenameToURI($0, nil, nil) }
    guard let uri else {
      throw BindingError.damaged(.unreadable(detail: "poppler cannot name this path"))
    }
    defer { library.free(uri) }
    // poppler tries the password as the user and as the owner password; nil tries "".
    let opened = library.documentNewFromFile(
      uri.assumingMemoryBound(to: CChar.self), password, &error)
    guard let opened else { throw library.takeError(error, passwordGiven: password != nil) }
    document = opened
    pageCount = Int(library.documentPages(opened))
  }

  deinit {
    library.unref(UnsafeMutableRawPointer(document))
  }

  /// A page's size in points, or nil when poppler cannot load the page or it has no area.
  func pageSize(_ index: Int) -> (width: Double, height: Double)? {
    withPage(index) { page in
      var width = 0.0
      var height = 0.0
      library.pageSize(page, &width, &height)
      return width > 0 && height > 0 ? (width, height) : nil
    } ?? nil
  }

  /// Draws page `index` (from 0) on `surface`, scaled into `rect`, on white; false when
  /// poppler cannot load the page or it has no area (nothing is drawn then). `only`, when
  /// given, limits the drawing to those parts of `rect` (cairo's cost follows the area drawn).
  /// `onWhite`: `rect` is white already (`CairoSurface(white:)`), and not painted again.
  func draw(
    _ index: Int, on surface: CairoSurface, in rect: Rect, only parts: [Rect]? = nil,
    onWhite: Bool = false
  ) -> Bool {
    guard let size = pageSize(index) else { return false }
    return withPage(index) { page in
      let context = surface.context
      if !onWhite { surface.fill(rect, Colour(red: 255, green: 255, blue: 255)) }
      library.save(context)
      for part in parts ?? [rect] {
        library.rectangle(context, part.x, part.y, part.width, part.height)
      }
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
}
