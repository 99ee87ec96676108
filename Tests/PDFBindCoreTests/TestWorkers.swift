import PDFBindTestSupport
import SystemPackage

@testable import PDFBindCore
@testable import PDFBindPages

extension PageWorkers {
  /// Page workers for tests in this process: the built `pdfbind`, started as a worker (this
  /// process is the test runner, not pdfbind).
  static let forTests = PageWorkers(limits: .defaults, executable: PDFBindRunner.executable)
}

extension BookPages {
  /// The file at `path` opened by the tests' page workers; throws when poppler cannot open it.
  static func forTests(_ path: FilePath) throws -> BookPages {
    try BookPages.open(BookKey(path: path, password: nil), workers: .forTests).get()
  }
}
