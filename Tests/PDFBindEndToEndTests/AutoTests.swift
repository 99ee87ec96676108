import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "suggest, set --auto, check --auto": the decision written, or checked, where it is
/// decided, and nothing done to a file left undecided but what was asked of every file.
@Suite("set --auto and check --auto")
struct AutoTests: SuggestLibrary {
  let library: String

  init() throws { library = try Self.copyOfLibrary() }

  @Test("set --auto writes decided bindings and leaves undecided files untouched")
  func setAuto() throws {
    let (arabic, english, scan) = (path("arabic.pdf"), path("english.pdf"), path("scan.pdf"))
    let scanBefore = try Data(contentsOf: URL(fileURLWithPath: scan))
    let result = try PDFBindRunner.run("set", "--auto", arabic, english, scan)
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out == """
        \(arabic): unknown -> right-edge
        \(english): unknown -> left-edge
        \(scan): undecided (nothing points either way: text: no text on page 1; page-script: \
        too few marks to read on page 1: they fill under 10% of the page; spreads: one page, no \
        spine to cross)

        """)
    #expect(try IndependentReaders.qpdfDirection(arabic) == "/R2L")
    #expect(try IndependentReaders.qpdfDirection(english) == "/L2R")
    #expect(try IndependentReaders.qpdfCheck(arabic).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: scan)) == scanBefore)
    // Idempotent: the second run changes nothing.
    let again = try PDFBindRunner.run("set", "--auto", arabic)
    #expect(again.out == "\(arabic): right-edge (declared, unchanged)\n")
  }

  @Test("check --auto: 0 when bindings agree or nothing is decided, 1 on a mismatch, 2 wins")
  func checkAuto() throws {
    let (arabic, scan) = (path("arabic.pdf"), path("scan.pdf"))
    let mismatch = try PDFBindRunner.run("check", "--auto", arabic, scan)
    #expect(mismatch.status == 1)
    #expect(mismatch.out == "\(arabic): unknown (suggested: right-edge)\n")
    _ = try PDFBindRunner.run("set", "--right-edge", arabic)
    #expect(try IndependentReaders.qpdfDirection(arabic) == "/R2L")
    let agree = try PDFBindRunner.run("check", "--auto", arabic, scan)
    #expect(agree.status == 0)
    #expect(agree.out == "")
    let failed = try PDFBindRunner.run("check", "--auto", path("english.pdf"), path("none.pdf"))
    #expect(failed.status == 2)
    #expect(failed.out == "\(path("english.pdf")): unknown (suggested: left-edge)\n")
  }

  @Test("set and check need exactly one of a binding or --auto")
  func autoFlagValidation() throws {
    for command in ["set", "check"] {
      #expect(try PDFBindRunner.run(command, path("arabic.pdf")).status == 64)
      let both = try PDFBindRunner.run(command, "--auto", "--left-edge", path("arabic.pdf"))
      #expect(both.status == 64)
      #expect(both.err.contains("--auto cannot be combined"))
    }
  }

  @Test(
    "--auto with a layout: the decided binding and the layout in one update, undecided files get only the layout"
  )
  func autoWithLayout() throws {
    let (arabic, scan) = (path("arabic.pdf"), path("scan.pdf"))
    let result = try PDFBindRunner.run("set", "--auto", "--cover", arabic, scan)
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out == """
        \(arabic): unknown -> right-edge, layout OneColumn -> cover
        \(scan): layout none -> cover; undecided (nothing points either way: text: no text on \
        page 1; page-script: too few marks to read on page 1: they fill under 10% of the page; \
        spreads: one page, no spine to cross)

        """)
    // pikepdf and MuPDF judge what was written, not pdfbind.
    #expect(try IndependentReaders.pikepdfEntries(arabic) == ("/TwoPageRight", "/R2L"))
    #expect(try IndependentReaders.pikepdfEntries(scan) == ("/TwoPageRight", "None"))
    #expect(try IndependentReaders.mutoolPageLayout(scan) == "/TwoPageRight")
    #expect(try IndependentReaders.qpdfCheck(arabic).status == 0)
    let agree = try PDFBindRunner.run("check", "--auto", "--cover", arabic, scan)
    #expect(agree.status == 0, "\(agree.out)")
    let english = path("english.pdf")
    let mismatch = try PDFBindRunner.run("check", "--auto", "--no-cover", arabic, english)
    #expect(mismatch.status == 1)
    #expect(
      mismatch.out == """
        \(arabic): right-edge (suggested: right-edge), layout cover
        \(english): unknown (suggested: left-edge), layout OneColumn

        """)
    let both = try PDFBindRunner.run("set", "--auto", "--cover", "--left-edge", arabic)
    #expect(both.status == 64)
    #expect(both.err.contains("--auto cannot be combined"))
  }

  @Test("set --auto -o: a file that keeps its binding is still written to OUT, unchanged")
  func autoSkipWritesOutput() throws {
    let (scan, out) = (path("scan.pdf"), path("out.pdf"))
    let result = try PDFBindRunner.run("set", "--auto", "-o", out, scan)
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out
        == "\(scan): undecided (nothing points either way: text: no text on page 1; "
        + "page-script: too few marks to read on page 1: they fill under 10% of the page; "
        + "spreads: one page, no spine to cross)\n")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: out))
        == Data(contentsOf: URL(fileURLWithPath: scan)))
  }
}
