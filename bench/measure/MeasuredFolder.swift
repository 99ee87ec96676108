import Foundation
import SystemPackage

@testable import PDFBindCore

/// The PDFs of a folder for the opt-in measurements, each opened as `suggest` opens it: qpdf
/// for the image sizes, poppler to draw the pages.
enum MeasuredFolder {
  /// Calls `body` with each PDF's name and pictures, in name order; a file poppler cannot open
  /// is passed over.
  static func eachBook(in folder: String, _ body: (String, PagePictures) throws -> Void) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasSuffix(".pdf") }.sorted()
    for name in names {
      let path = FilePath(folder).appending(name)
      let (document, _) = try OpenedFile(path: path, password: nil).qpdfRead()
      guard let pages = try? BookPages.forTests(path) else { continue }
      try body(name, PagePictures(drawnBy: pages, sizesFrom: document))
    }
  }
}
