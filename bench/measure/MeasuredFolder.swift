import Foundation
import SystemPackage

@testable import PDFBindCore
@testable import PDFBindPages

/// The PDFs of a folder for the opt-in measurements, each opened as `suggest` opens it: qpdf
/// for the image sizes, poppler to draw the pages.
enum MeasuredFolder {
  /// Page workers: the pdfbind binary `PDFBIND_MEASURE_WORKER` names (page work runs in
  /// pdfbind's own worker processes; a release build of the same code), else the `pdfbind`
  /// built beside this program.
  static let workers = PageWorkers(
    limits: .fromEnvironment,
    executable: ProcessInfo.processInfo.environment["PDFBIND_MEASURE_WORKER"]
      ?? (ChildProcess.ownFolder ?? ".") + "/pdfbind")

  /// Calls `body` with each PDF's name and pictures, in name order; a file whose pages cannot
  /// be opened is passed over, with a line on standard error.
  static func eachBook(in folder: String, _ body: (String, PagePictures) throws -> Void) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasSuffix(".pdf") }.sorted()
    for name in names {
      let path = FilePath(folder).appending(name)
      let (document, _) = try OpenedFile(path: path, password: nil).qpdfRead()
      let pages: BookPages
      switch BookPages.open(BookKey(path: path, password: nil), workers: workers) {
      case .success(let opened): pages = opened
      case .failure(let why):
        // Said, not passed over in silence: a worker that cannot start fails every book.
        let reason =
          switch why {
          case .poppler: "poppler cannot open it"
          case .stopped(let failure): "\(failure)"
          }
        FileHandle.standardError.write(Data("pdfbind-measure: \(name): \(reason)\n".utf8))
        continue
      }
      try body(name, PagePictures(drawnBy: pages, sizesFrom: document))
    }
  }
}
