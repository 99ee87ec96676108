import Foundation
import PDFBindCore
import PDFBindTestSupport
import Testing

/// Each error says, as a value, what the user can do: the real refusals of real files, and the
/// remedy the option that applies it undoes.
@Suite("What the user can do")
struct RemedyTests {
  @Test("A missing or wrong password, a signed file and a damaged one name their remedies")
  func realRefusals() throws {
    let encrypted = Fixture.path("encrypted-aes-256.pdf")
    let missing = #expect(throws: BindingError.self) { try PDFBindingDocument(path: encrypted) }
    #expect(missing?.remedy == .needsPassword)
    let wrong = #expect(throws: BindingError.self) {
      try PDFBindingDocument(path: encrypted, password: "nope")
    }
    #expect(wrong?.remedy == .needsPassword)

    let signed = try PDFBindingDocument(path: Fixture.copy("signed.pdf"))
    signed.pageBinding = .rightEdge
    let protected = #expect(throws: BindingError.self) { try signed.save() }
    #expect(protected?.remedy == .needsForce)
    // The remedy applied: force updates it.
    #expect(try signed.save(options: SaveOptions(force: true)).changed)

    let damaged = try PDFBindingDocument(path: Fixture.copy("damaged-xref.pdf"))
    damaged.pageBinding = .leftEdge
    let refused = #expect(throws: BindingError.self) { try damaged.save() }
    #expect(refused?.remedy == .needsRepair)
    #expect(try damaged.save(options: SaveOptions(repair: true)).rewritten)
  }

  @Test(
    "Errors nothing but another file mends have none",
    arguments: [
      BindingError.input(.notPDF), .damaged(.truncated), .revert(.singleRevision),
      .unsupported(.exactUpdate("why")), .writing(.verificationFailed("why")),
    ])
  func noRemedy(_ error: BindingError) {
    #expect(error.remedy == nil)
  }

  @Test("Writing and drawing failures name what to change")
  func destinationRemedies() {
    #expect(BindingError.writing(.readOnlyFile).remedy == .needsWritableDestination)
    #expect(
      BindingError.writing(.directoryNotWritable(directory: "/x")).remedy
        == .needsWritableDestination)
    #expect(BindingError.writing(.noSpace).remedy == .needsSpace)
    #expect(BindingError.writing(.changedWhileWorking).remedy == .needsRetry)
    #expect(BindingError.unsupported(.repairInPlace).remedy == .needsOtherDestination)
    #expect(BindingError.protected(.changesNotPermitted).remedy == .needsOwnerPasswordOrForce)
    #expect(BindingError.picture(.tooLarge(width: 1, height: 1)).remedy == .needsSmallerPicture)
  }

  /// Every error and warning whose remedy or cause is an option of pdfbind's command line.
  static let sentences: [String] =
    [
      BindingError.protected(.signed(count: 1)), .protected(.certified(level: 1)),
      .protected(.changesNotPermitted), .unsupported(.repairOfSigned(certified: false)),
      .unsupported(.repairInPlace), .damaged(.needsRepair(detail: "x")), .password(.required),
      .picture(.tooLarge(width: 1, height: 1)), .writing(.readOnlyFile),
      .writing(.directoryNotWritable(directory: "/x")),
    ].map(\.description)
    + [
      BindingWarning.forcedSigned, .forcedCertified, .forcedRestricted, .repaired(detail: "x"),
      .twoPageLayoutWithoutDirection(layout: "TwoPageRight"),
    ].map(\.description)

  @Test("The library's sentences name no option or variable of pdfbind's command line")
  func noCommandLineWords() {
    for sentence in Self.sentences {
      #expect(!sentence.contains("--"), "\(sentence)")
      #expect(!sentence.contains(" -o"), "\(sentence)")
      #expect(!sentence.contains("PDFBIND_"), "\(sentence)")
      #expect(!sentence.contains("pdfbind set"), "\(sentence)")
    }
  }
}
