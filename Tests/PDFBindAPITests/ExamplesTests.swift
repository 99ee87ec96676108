import Foundation
import PDFBindTestSupport
import Testing

/// The library's examples, as a reader copies them: the README's "As a library" blocks and the
/// DocC guide's `@Snippet`s are the files in Snippets/, which SwiftPM builds as programs; each
/// runs here as written, in a folder holding the file it names, and other readers judge what it
/// wrote.
@Suite("Library examples")
struct ExamplesTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func snippet(_ name: String) throws -> String {
    try String(
      contentsOf: root.appendingPathComponent("Snippets/\(name).swift"), encoding: .utf8)
  }

  /// Runs the snippet program `name` in `directory`.
  static func run(_ name: String, in directory: URL) throws -> ProcessResult {
    let program = Bundle.main.bundleURL.appendingPathComponent(name).path
    try #require(
      FileManager.default.isExecutableFile(atPath: program), "\(name) was not built")
    return try runProcess(program, [], currentDirectory: directory)
  }

  @Test("The README's Swift blocks are the snippets, and the guide embeds only snippets")
  func documentationShowsTheSnippets() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "\n### As a library\n"), "no As a library section")
    let rest = readme[section.upperBound...]
    let text = rest[..<(rest.range(of: "\n#")?.lowerBound ?? rest.endIndex)]
    let blocks = text.components(separatedBy: "```swift\n").dropFirst().map {
      String($0[..<$0.range(of: "```")!.lowerBound])
    }
    #expect(
      blocks == [try Self.snippet("BindingAsAProperty"), try Self.snippet("SuggestAndRevert")])
    let catalog = Self.root.appendingPathComponent("Sources/PDFBindCore/PDFBindCore.docc")
    var embedded: [String] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: catalog.path) {
      let article = try String(contentsOf: catalog.appendingPathComponent(file), encoding: .utf8)
      for line in article.split(separator: "\n") where line.hasPrefix("@Snippet(path: ") {
        embedded.append(String(line.split(separator: "/").last!.dropLast(2)))
      }
    }
    #expect(Set(embedded) == ["BindingAsAProperty", "SuggestAndRevert"])
    for name in embedded { _ = try Self.snippet(name) }
  }

  @Test("The binding as a property: set, save, save elsewhere, history")
  func bindingAsAProperty() throws {
    let book = try Fixture.copy("unknown.pdf", as: "book.pdf")
    let directory = URL(fileURLWithPath: book).deletingLastPathComponent()
    let original = try Fixture.bytes("unknown.pdf")
    let result = try Self.run("BindingAsAProperty", in: directory)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "unknown\n2\n")
    try UpdateChecks.expectExactUpdate(
      book, original: original, originalPath: Fixture.path("unknown.pdf"), direction: "/R2L")
    #expect(try IndependentReaders.pikepdfEntries(book) == ("/TwoPageRight", "/R2L"))
    let copy = directory.appendingPathComponent("copy.pdf")
    #expect(try Data(contentsOf: copy) == Data(contentsOf: URL(fileURLWithPath: book)))
  }

  @Test("Suggest, save in place, revert: the file ends byte-identical")
  func suggestAndRevert() throws {
    let book = try Fixture.copy("suggest/arabic.pdf", as: "arabic.pdf")
    let directory = URL(fileURLWithPath: book).deletingLastPathComponent()
    let original = try Fixture.bytes("suggest/arabic.pdf")
    let result = try Self.run("SuggestAndRevert", in: directory)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "right-edge\nunknown\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: book)) == original)
    #expect(try IndependentReaders.qpdfDirection(book) == nil)
    #expect(try IndependentReaders.qpdfCheck(book).status == 0)
  }
}
