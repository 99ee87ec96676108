import SystemPackage

/// The review page's small pictures of a book: each view's spreads in one row, without
/// preview's header line, drawn by preview's own code (the same spine mark, page numbers and
/// blanks for pages poppler cannot draw). One poppler document serves every view of a file.
public enum Thumbnails {
  /// One view's picture: PNG bytes and their size in pixels.
  public struct Thumbnail: Sendable {
    public var png: [UInt8]
    public var width: Int
    public var height: Int
  }

  /// Each page's height in pixels: small enough for a page of thousands of books, large enough
  /// to see whether a picture joins up across the spine.
  public static let pageHeight = 120

  static let frame = PreviewLayout.Frame(columns: 1, headerBand: 0, margin: 8, gapX: 16)

  /// A picture of each of `views` of the file at `path`, and the warnings for pages that
  /// could not be drawn (each page once). The caller has read the file with qpdf first.
  public static func render(
    _ path: FilePath, password: String?, views: [PictureView], pageHeight: Int = pageHeight
  ) throws(BindingError) -> (thumbnails: [Thumbnail], warnings: [BindingWarning]) {
    guard !views.isEmpty else { return ([], []) }
    let poppler = try PopplerDocument(path: path, password: password)
    let pages = Set(views.flatMap { $0.spreads.flatMap(\.pages) }).sorted()
    let pageWidth = Preview.pageWidths(poppler, pages: pages, height: pageHeight)
    var warnings: [BindingWarning] = []
    var thumbnails: [Thumbnail] = []
    for view in views {
      var frame = frame
      frame.columns = max(1, view.spreads.count)
      let layout = PreviewLayout(
        spreads: view.spreads, pageHeight: pageHeight, pageWidth: pageWidth, headerWidth: 0,
        frame: frame)
      let canvas = try Canvas(
        width: layout.width, height: layout.height, background: .background,
        library: poppler.library)
      for warning in Preview.drawSpreads(layout, from: poppler, on: canvas)
      where !warnings.contains(warning) {
        warnings.append(warning)
      }
      thumbnails.append(
        Thumbnail(png: try canvas.png(), width: layout.width, height: layout.height))
    }
    return (thumbnails, warnings)
  }
}
