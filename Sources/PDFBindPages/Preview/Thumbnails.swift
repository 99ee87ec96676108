import PDFBindCore
import SystemPackage

/// The review page's small pictures of a book: one per page, each page drawn once, for the
/// page's script to arrange into whichever spreads the person looks at. Drawn by preview's own
/// code (a page poppler cannot draw is preview's blank with a cross), each page in a page
/// worker within its deadline. One worker's poppler document serves every page of a file.
package enum Thumbnails {
  /// One page's picture: PNG bytes and their size in pixels.
  package struct Thumbnail: Sendable {
    package var page: Int
    package var png: [UInt8]
    package var width: Int
    package var height: Int

    package init(page: Int, png: [UInt8], width: Int, height: Int) {
      (self.page, self.png, self.width, self.height) = (page, png, width, height)
    }
  }

  /// Each page's height in pixels: small enough for a page of thousands of books, large enough
  /// to see whether a picture joins up across the spine.
  package static let pageHeight = 120

  /// A picture of each of `pages` (numbers from 1) of the file at `path`, in that order, each
  /// keeping its page's shape, and a warning for each page that could not be drawn. The caller
  /// has read the file with qpdf first.
  package static func render(
    _ path: FilePath, password: String?, pages: [Int], pageHeight: Int = pageHeight
  ) throws(BindingError) -> (thumbnails: [Thumbnail], warnings: [BindingWarning]) {
    guard !pages.isEmpty else { return ([], []) }
    let library = try PopplerLibrary.shared.get()
    let book = try BookPages.opened(BookKey(path: path, password: password))
    let pageWidth = Preview.pageWidths(book, pages: pages, height: pageHeight)
    var warnings: [BindingWarning] = []
    var thumbnails: [Thumbnail] = []
    for page in pages {
      let width = Int(pageWidth(page).rounded())
      let rect = Rect(x: 0, y: 0, width: Double(width), height: Double(pageHeight))
      let canvas = try Canvas(
        width: width, height: pageHeight, background: .blank, library: library)
      if let warning = Preview.draw(
        page, of: book, into: rect, on: canvas, labelSize: 9,
        lines: ["page \(page)", "cannot be", "rendered"])
      {
        warnings.append(warning)
      }
      thumbnails.append(
        Thumbnail(page: page, png: try canvas.png(), width: width, height: pageHeight))
    }
    return (thumbnails, warnings)
  }
}
