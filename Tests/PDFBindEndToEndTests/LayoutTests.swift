import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "Layout with the binding": --cover, --no-cover and --single write /PageLayout in the
/// same catalog update as the binding, judged by qpdf, MuPDF and pikepdf.
@Suite("Layout: --cover, --no-cover, --single")
struct LayoutTests {
  private func data(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  private func updates(in data: Data) -> Int {
    String(decoding: data, as: UTF8.self).components(separatedBy: "startxref").count - 1
  }

  @Test(
    "Each option writes its /PageLayout with the binding, in one update",
    arguments: [
      ("--cover", "/TwoPageRight", "cover"), ("--no-cover", "/TwoPageLeft", "no-cover"),
      ("--single", "/SinglePage", "single"),
    ])
  func writesLayout(option: String, pageLayout: String, name: String) throws {
    let file = try Fixture.copy("unknown.pdf")
    let original = try data(file)
    let result = try PDFBindRunner.run("set", "--right-edge", option, file)
    #expect(result.status == 0)
    #expect(result.out == "\(file): unknown -> right-edge, layout none -> \(name)\n")
    #expect(result.err == "")
    try UpdateChecks.expectExactUpdate(
      file, original: original, originalPath: Fixture.path("unknown.pdf"), direction: "/R2L")
    #expect(updates(in: try data(file)) == updates(in: original) + 1)
    #expect(try IndependentReaders.mutoolPageLayout(file) == pageLayout)
    let pikepdf = try IndependentReaders.pikepdfEntries(file)
    #expect(pikepdf.layout == pageLayout)
    #expect(pikepdf.direction == "/R2L")
  }

  @Test("A layout alone keeps the binding; running it again changes nothing")
  func layoutAloneIsIdempotent() throws {
    let file = try Fixture.copy("right-edge.pdf")
    let first = try PDFBindRunner.run("set", "--cover", file)
    #expect(first.status == 0)
    #expect(first.out == "\(file): layout none -> cover\n")
    let once = try data(file)
    #expect(try IndependentReaders.mutoolDirection(file) == "/R2L")
    #expect(try IndependentReaders.mutoolPageLayout(file) == "/TwoPageRight")
    let second = try PDFBindRunner.run("set", "--cover", file)
    #expect(second.out == "\(file): layout cover (unchanged)\n")
    let both = try PDFBindRunner.run("set", "--right-edge", "--cover", file)
    #expect(both.out == "\(file): right-edge, layout cover (unchanged)\n")
    #expect(try data(file) == once)
  }

  @Test("An indirect /ViewerPreferences and the catalog are both rewritten when both change")
  func indirectPreferencesAndLayout() throws {
    let file = try Fixture.copy("indirect-viewer-preferences.pdf")
    let original = try data(file)
    let result = try PDFBindRunner.run("set", "--left-edge", "--no-cover", file)
    #expect(result.status == 0)
    try UpdateChecks.expectExactUpdate(
      file, original: original, originalPath: Fixture.path("indirect-viewer-preferences.pdf"),
      direction: "/L2R")
    #expect(try IndependentReaders.mutoolPageLayout(file) == "/TwoPageLeft")
  }

  @Test("get --json reports the layout and the cover it means")
  func getReportsLayout() throws {
    let file = try Fixture.copy("unknown.pdf")
    #expect(try PDFBindRunner.run("set", "--no-cover", file).status == 0)
    let result = try PDFBindRunner.run("get", "--json", file)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(object["page_layout"] as? String == "TwoPageLeft")
    #expect(object["cover"] as? Bool == false)
  }

  @Test("check compares the layout too, alone or with the binding")
  func checkComparesLayout() throws {
    let file = try Fixture.copy("right-edge.pdf")
    let before = try PDFBindRunner.run("check", "--right-edge", "--cover", file)
    #expect(before.status == 1)
    #expect(before.out == "\(file): right-edge, layout none\n")
    #expect(try PDFBindRunner.run("set", "--cover", file).status == 0)
    #expect(try PDFBindRunner.run("check", "--right-edge", "--cover", file).status == 0)
    #expect(try PDFBindRunner.run("check", "--cover", file).status == 0)
    let single = try PDFBindRunner.run("check", "--single", file)
    #expect(single.status == 1)
    #expect(single.out == "\(file): layout cover\n")
  }

  @Test(
    "Usage errors: nothing to set, or two layouts",
    arguments: [
      ["set"], ["set", "--cover", "--single"], ["check"], ["check", "--no-cover", "--cover"],
    ])
  func usageErrors(arguments: [String]) throws {
    let file = try Fixture.copy("unknown.pdf")
    let result = try PDFBindRunner.run(arguments + [file])
    #expect(result.status == 64)
    #expect(try data(file) == Fixture.bytes("unknown.pdf"))
  }
}
