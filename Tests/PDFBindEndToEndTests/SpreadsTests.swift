import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "spreads": the pairing as a two-page view shows it, against expectations written by
/// hand, through the binary.
@Suite("spreads")
struct SpreadsCommandTests {
  /// Pages in the book → [left-edge cover, left-edge no-cover, right-edge cover, right-edge
  /// no-cover], each as `spreads` prints it.
  static let expectations: [(pages: Int, lines: [String])] = [
    (0, ["(no pages)", "(no pages)", "(no pages)", "(no pages)"]),
    (1, ["[1]", "[1]", "[1]", "[1]"]),
    (2, ["[1] [2]", "[1|2]", "[1] [2]", "[2|1]"]),
    (3, ["[1] [2|3]", "[1|2] [3]", "[1] [3|2]", "[2|1] [3]"]),
    (
      12,
      [
        "[1] [2|3] [4|5] [6|7] [8|9] [10|11] [12]",
        "[1|2] [3|4] [5|6] [7|8] [9|10] [11|12]",
        "[1] [3|2] [5|4] [7|6] [9|8] [11|10] [12]",
        "[2|1] [4|3] [6|5] [8|7] [10|9] [12|11]",
      ]
    ),
  ]

  static let options = [
    ["--as", "left-edge", "--cover"], ["--as", "left-edge", "--no-cover"],
    ["--as", "right-edge", "--cover"], ["--as", "right-edge", "--no-cover"],
  ]

  @Test("--as and --cover/--no-cover, for 0, 1, 2, 3 and 12 pages", arguments: expectations)
  func triedLayouts(pages: Int, lines: [String]) throws {
    let file = Fixture.path("layout/colours-\(pages).pdf")
    for (options, expected) in zip(Self.options, lines) {
      let result = try PDFBindRunner.run(["spreads"] + options + [file])
      #expect(result.status == 0, "\(options)")
      #expect(result.out == expected + "\n", "\(options)")
      #expect(result.err == "")
    }
  }

  @Test(
    "The file's /Direction and /PageLayout decide when no option is given",
    arguments: [
      ("R2L", "TwoPageRight", "[1] [3|2] [5|4] [7|6] [9|8] [11|10] [12]"),
      ("R2L", "TwoPageLeft", "[2|1] [4|3] [6|5] [8|7] [10|9] [12|11]"),
      ("R2L", "TwoColumnRight", "[1] [3|2] [5|4] [7|6] [9|8] [11|10] [12]"),
      ("L2R", "TwoPageRight", "[1] [2|3] [4|5] [6|7] [8|9] [10|11] [12]"),
      ("L2R", "SinglePage", "[1|2] [3|4] [5|6] [7|8] [9|10] [11|12]"),
      ("R2L", nil, "[2|1] [4|3] [6|5] [8|7] [10|9] [12|11]"),
    ])
  func fromTheFile(direction: String, layout: String?, expected: String) throws {
    let file = try LayoutEntries.copy("colours-12.pdf", direction: direction, layout: layout)
    let result = try PDFBindRunner.run("spreads", file)
    #expect(result.status == 0)
    #expect(result.out == expected + "\n")
    // An option overrides the file's entry.
    let tried = try PDFBindRunner.run("spreads", "--as", "left-edge", "--no-cover", file)
    #expect(tried.out == "[1|2] [3|4] [5|6] [7|8] [9|10] [11|12]\n")
  }

  @Test func unknownIsLaidOutAsLeftEdgeAndSaysSo() throws {
    let result = try PDFBindRunner.run("spreads", Fixture.path("layout/colours-3.pdf"))
    #expect(result.out == "[1|2] [3]  (unknown binding, laid out as left-edge)\n")
    let cover = try PDFBindRunner.run("spreads", "--cover", Fixture.path("layout/colours-3.pdf"))
    #expect(cover.out == "[1] [2|3]  (unknown binding, laid out as left-edge)\n")
  }

  @Test func severalFilesArePrefixedWithTheirPath() throws {
    let three = Fixture.path("layout/colours-3.pdf")
    let two = Fixture.path("layout/colours-2.pdf")
    let result = try PDFBindRunner.run("spreads", "--as", "right-edge", "--cover", three, two)
    #expect(result.out == "\(three): [1] [3|2]\n\(two): [1] [2]\n")
    let list = try Fixture.temporaryDirectory().appendingPathComponent("list").path
    try "\(three)\n\(two)\n".write(toFile: list, atomically: true, encoding: .utf8)
    let fromList = try PDFBindRunner.run(
      "spreads", "--as", "right-edge", "--cover", "--files-from", list, "--jobs", "2")
    #expect(fromList.out == result.out)
  }

  @Test func json() throws {
    let file = try LayoutEntries.copy("colours-3.pdf", direction: "R2L", layout: "TwoPageRight")
    let result = try PDFBindRunner.run("spreads", "--json", file)
    #expect(
      result.out
        == #"{"path":"\#(file)","binding":"right-edge","cover":true,"pages":3,"#
        + #""spreads":[[1],[3,2]]}"# + "\n")
    let empty = try PDFBindRunner.run("spreads", "--json", Fixture.path("layout/colours-0.pdf"))
    #expect(
      empty.out.hasSuffix(#""binding":"unknown","cover":false,"pages":0,"spreads":[]}"# + "\n"))
    let decoded = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    #expect(decoded?["spreads"] as? [[Int]] == [[1], [3, 2]])
  }

  @Test("Bad input fails with get's words, and the other files still print")
  func badInput() throws {
    let missing = "/nonexistent/book.pdf"
    let encrypted = Fixture.path("encrypted-aes-256.pdf")
    let good = Fixture.path("layout/colours-1.pdf")
    let result = try PDFBindRunner.run("spreads", missing, encrypted, good)
    let get = try PDFBindRunner.run("get", missing, encrypted)
    #expect(result.status == 2)
    #expect(result.err == get.err)
    #expect(result.out == "\(good): [1]  (unknown binding, laid out as left-edge)\n")
    let usage = try PDFBindRunner.run("spreads", "--as", "unknown", good)
    #expect(usage.status == 64)
  }
}

/// Copies of the layout fixtures with /Direction and /PageLayout written by pikepdf.
enum LayoutEntries {
  static func copy(_ name: String, direction: String?, layout: String?) throws -> String {
    let file = try Fixture.copy("layout/" + name, as: name)
    let result = try IndependentReaders.runPython(
      """
      import pikepdf, sys
      pdf = pikepdf.open(sys.argv[1], allow_overwriting_input=True)
      if sys.argv[2]:
          pdf.Root.ViewerPreferences = pikepdf.Dictionary(Direction=pikepdf.Name("/" + sys.argv[2]))
      if sys.argv[3]:
          pdf.Root.PageLayout = pikepdf.Name("/" + sys.argv[3])
      pdf.save(sys.argv[1])
      """, file, direction ?? "", layout ?? "")
    try #require(result.status == 0, "pikepdf: \(result.err)")
    return file
  }
}
