import Foundation
import PDFBindCore
import PDFBindPages
import Testing

/// `RuntimeLibrary` as a client uses it: one entry per role, in order, each either found in a
/// file that exists or missing with a reason.
@Suite("RuntimeLibrary")
struct RuntimeLibraryTests {
  @Test("inspect() reports every role once, in order, with a file or a reason")
  func inspect() {
    let libraries = RuntimeLibrary.inspect()
    #expect(libraries.map(\.role) == RuntimeLibrary.Role.allCases)
    #expect(RuntimeLibrary.inspect() == libraries, "a second look finds the same")
    for library in libraries {
      #expect(!library.name.isEmpty && !library.debianPackage.isEmpty)
      switch library.availability {
      case .available(let file):
        #expect(FileManager.default.fileExists(atPath: file), "\(library.role): \(file)")
      case .unavailable(let reason):
        #expect(reason.library == library.role && !reason.description.isEmpty, "\(library.role)")
      }
    }
    #expect(libraries.first?.name == "libpoppler-glib.so.8")
    #expect(libraries.map(\.debianPackage).contains("tesseract-ocr-osd"))
  }
}
