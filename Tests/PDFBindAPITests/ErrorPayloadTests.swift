import Foundation
import PDFBindCore
import PDFBindTestSupport
import Testing

/// What a program switches on in an error, as values: the system's error and the step that
/// failed, which library cannot be used and why, and what poppler refused.
@Suite("Typed error payloads")
struct ErrorPayloadTests {
  @Test("A failed write carries its step and the system's error")
  func writingFailure() throws {
    let document = try PDFBindingDocument(path: Fixture.path("unknown.pdf"))
    document.pageBinding = .rightEdge
    let error = #expect(throws: BindingError.self) {
      try document.save(to: "/nonexistent-pdfbind-directory/out.pdf")
    }
    #expect(
      error
        == .writing(
          .failed(
            operation: .creatingFile(directory: "/nonexistent-pdfbind-directory"),
            error: .noSuchFileOrDirectory)))
    #expect(
      error?.description
        == "creating a file in /nonexistent-pdfbind-directory failed: No such file or directory")
  }

  @Test("An input the system refuses to read carries the system's error")
  func readingFailure() throws {
    let loop = try Fixture.temporaryDirectory().appendingPathComponent("loop.pdf").path
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
    let error = #expect(throws: BindingError.self) { try PDFBindingDocument(path: loop) }
    #expect(error == .input(.readFailed(.tooManySymbolicLinkLevels)))
  }

  @Test("An unavailable library says which one and why, and the remedy is to install it")
  func unavailableLibrary() {
    let missing = RuntimeLibrary.Unavailable(
      .poppler, .notInstalled(detail: "libpoppler-glib.so.8: cannot open shared object file"))
    let error = BindingError.unavailable(missing)
    #expect(error.remedy == .needsLibrary)
    #expect(
      error.description
        == "preview and suggest load poppler and cairo at run time, and libpoppler-glib.so.8 "
        + "cannot be loaded (libpoppler-glib.so.8: cannot open shared object file); install "
        + "them (Debian: apt-get install libpoppler-glib8 libcairo2)")
    let old = RuntimeLibrary.Unavailable(.cairo, .wrongVersion(missingFunction: "cairo_create"))
    #expect(
      BindingError.unavailable(old).description.contains(
        "libcairo.so.2 cannot be used (it lacks cairo_create)"))
    let data = RuntimeLibrary.Unavailable(.scriptData, .missingData(searched: ["/a", "/b"]))
    #expect(data.description == "osd.traineddata is not in /a or /b")
  }

  @Test("poppler refusing a file qpdf reads is its own damage, not qpdf's")
  func popplerRefusal() {
    let refused = BindingError.damaged(.popplerCannotOpen(detail: nil))
    #expect(
      refused.description
        == "qpdf reads it, but poppler cannot open it, so its pages cannot be drawn")
    #expect(!refused.description.contains("qpdf cannot"))
    #expect(
      BindingError.damaged(.popplerCannotOpen(detail: "PDF document is damaged")).description
        .contains("poppler cannot open it (PDF document is damaged)"))
  }

  @Test("A page worker's failure is a value in the warning and the error")
  func pageWorkFailure() {
    let warning = BindingWarning.pageNotDrawn(page: 3, reason: .pageTooLong(seconds: 10))
    #expect(
      warning.message
        == "page 3 was not drawn: it took longer than 10 s; it is drawn as a labelled blank")
    let error = BindingError.picture(.stopped(.crashed(who: "poppler", signal: 11)))
    #expect(
      error.description
        == "cannot draw the picture (poppler did not open it: poppler crashed (signal 11))")
  }
}
