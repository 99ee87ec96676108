import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// poppler's settings (its data folders scanned, the CMaps and fonts it looked up) are built
/// once a process, not once a book: the empty document `PopplerLibrary` opens and keeps holds
/// them while a worker opens and closes one book after another.
@Suite("poppler's settings, kept for the process")
struct PopplerSettingsTests {
  /// Where poppler keeps its settings: its exported `globalParams`, a C++ unique_ptr whose
  /// first word is the object's address; nil when this poppler does not export it.
  static func settings() -> UnsafeMutablePointer<UnsafeRawPointer?>? {
    let role = RuntimeLibrary.Role.poppler
    guard (try? PopplerLibrary.shared.get()) != nil,
      let handle = try? role.open(RuntimeLibrary.Role.popplerSoname),
      let symbol: UnsafeMutableRawPointer = try? role.symbol(handle, "globalParams")
    else { return nil }
    return symbol.assumingMemoryBound(to: UnsafeRawPointer?.self)
  }

  @Test(
    "Books opened and closed one after another find the same settings",
    .enabled(if: settings() != nil, "needs poppler-glib and a poppler that exports globalParams"))
  func keptAcrossBooks() throws {
    let settings = try #require(Self.settings())
    let kept = try #require(settings.pointee, "no settings once poppler is loaded")
    for fixture in ["pictures/album.pdf", "pictures/arabic-scan.pdf"] {
      let path = Fixture.path(fixture)
      try #require(FileManager.default.fileExists(atPath: path), "\(fixture) is a fixture")
      do {
        let document = try PopplerDocument(path: FilePath(path), password: nil)
        #expect(document.pageSize(0) != nil)
      }
      // The book is closed: before, poppler dropped its settings here.
      #expect(settings.pointee == kept)
    }
  }

  @Test("The document that holds them is one qpdf reads without a warning")
  func emptyDocumentIsExact() throws {
    let folder = try Fixture.temporaryDirectory()
    let path = folder.appendingPathComponent("empty.pdf").path
    try Data(PopplerLibrary.emptyDocument).write(to: URL(fileURLWithPath: path))
    let check = try IndependentReaders.qpdfCheck(path)
    #expect(check.status == 0 && check.warnings.isEmpty, "\(check)")
  }
}
