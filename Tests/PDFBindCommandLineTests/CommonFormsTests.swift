import ArgumentParser
import PDFBindTestSupport
import PropertyBased
import Testing

@testable import pdfbind

/// CommonForms reads the everyday command lines of get, set and check without ArgumentParser.
/// ArgumentParser stays the definition: for any command line, CommonForms gives the command
/// ArgumentParser gives, or declines.
@Suite("Common command-line forms")
struct CommonFormsTests {
  static let count = 2_000

  /// What ArgumentParser makes of a command line: the request it would run, or nil when it
  /// refuses it or runs something else (help, version, another subcommand).
  static func fullParse(_ arguments: [String]) -> CommandRequest? {
    switch try? PDFBindCommand.parseAsRoot(arguments) {
    case let command as PDFBindCommand.Get: .get(command.request)
    case let command as PDFBindCommand.Set: .set(command.request)
    case let command as PDFBindCommand.Check: .check(command.request)
    default: nil
    }
  }

  /// Words a command line is made of: every flag of the three commands, the options with a
  /// value and their values, help and version, other commands' names, files (some named
  /// like options or commands), and near misses.
  static let words = [
    "get", "set", "check", "spreads", "help", "--json", "-q", "--quiet", "-r", "--recursive",
    "-H", "--with-filename", "--no-filename", "--left-edge", "--right-edge", "--unknown",
    "--auto", "--cover", "--no-cover", "--single", "--in-place", "--dry-run", "--force",
    "--repair", "-o", "out.pdf", "-", "--", "-j", "--jobs", "2", "0", "--password", "pw",
    "--files-from", "list.txt", "-0", "--null", "-h", "--help", "--version", "-qr", "-rq",
    "--json=true", "--jobs=2", "-j2", "--as", "a.pdf", "b.pdf", "dir", "", " ", "-x",
    "--JSON", "--json\u{301}", "-\u{301}", "\u{2212}q", "é.pdf", "--left",
    "--experimental-dump-help", "007", "+3", "99999999999999999999", "-1",
  ]

  /// The words of the forms read here, by command: its flags without a value, and files.
  static let plainWords: [String: [String]] = {
    let common = [
      "--json", "-q", "--quiet", "-r", "--recursive", "a.pdf", "b.pdf", "dir", "-", "-j", "2",
      "--jobs", "--files-from", "list.txt", "-0", "--null", "--password", "pw",
    ]
    let expectations = [
      "--left-edge", "--right-edge", "--unknown", "--auto", "--cover", "--no-cover", "--single",
    ]
    return [
      "get": common + ["-H", "--with-filename", "--no-filename", "c.pdf", "get"],
      "set": common + expectations + [
        "--in-place", "--dry-run", "--force", "--repair", "-o", "out.pdf",
      ],
      "check": common + expectations,
    ]
  }()

  /// A command, then up to six words: most often the command's plain ones, so that many lines
  /// are read here and compared, and at times any word (another command's flags too).
  static func commandLine(_ seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    let command = ["get", "set", "check"][Int(random.next() % 3)]
    // Sometimes anything comes first.
    let first = random.next() % 10 == 0 ? words[Int(random.next() % UInt64(words.count))] : command
    var arguments = [first]
    for _ in 0..<Int(random.next() % 7) {
      let pool = random.next() % 5 == 0 ? words : plainWords[command]!
      arguments.append(pool[Int(random.next() % UInt64(pool.count))])
    }
    return arguments
  }

  @Test("Any command line gives ArgumentParser's command, or is declined")
  func sameAsArgumentParser() async {
    var accepted = 0
    await propertyCheck(count: Self.count, input: Gen.uint64()) { seed in
      let arguments = Self.commandLine(seed)
      guard let quick = CommonForms.parse(arguments) else { return }
      accepted += 1
      #expect(quick == Self.fullParse(arguments), "seed \(seed): \(arguments)")
    }
    // The property says little if nearly everything is declined. About 11% of these lines are
    // read here (209 to 235 of 2,000 in six runs; one standard deviation is about 14 lines), so
    // a twentieth is far from chance and still fails if the reading declines nearly all.
    #expect(accepted >= Self.count / 20)
  }

  @Test(
    "The everyday forms are read without ArgumentParser",
    arguments: [
      ["get", "a.pdf"],
      ["get", "--json", "-H", "a.pdf", "b.pdf"],
      ["get", "-q", "-r", "dir"],
      ["get", "-"],
      ["set", "--right-edge", "a.pdf"],
      ["set", "--left-edge", "--in-place", "--cover", "a.pdf", "b.pdf"],
      ["set", "--single", "--dry-run", "--json", "a.pdf"],
      ["set", "--auto", "--force", "-q", "a.pdf"],
      ["check", "--right-edge", "a.pdf"],
      ["check", "--auto", "--no-cover", "-r", "dir"],
      ["get", "-j", "2", "a.pdf"],
      ["get", "-0", "--files-from", "-"],
      ["get", "--password", "pw", "--files-from", "list.txt", "a.pdf"],
      ["set", "--right-edge", "-o", "out.pdf", "a.pdf"],
      ["set", "--left-edge", "-o", "-", "-"],
    ])
  func everydayForms(_ arguments: [String]) throws {
    let quick = try #require(CommonForms.parse(arguments))
    #expect(quick == Self.fullParse(arguments))
  }

  @Test(
    "Help, values, mistakes and anything unusual go to ArgumentParser",
    arguments: [
      [], ["get"], ["get", "--help"], ["--version"], ["help", "get"], ["get", "-o", "x", "a.pdf"],
      ["get", "-j", "0", "a.pdf"], ["get", "-j", "+2", "a.pdf"], ["get", "--jobs=2", "a.pdf"],
      ["get", "--files-from", "-x", "a.pdf"], ["get", "-0", "a.pdf"], ["set", "a.pdf"],
      ["set", "--right-edge", "--auto", "a.pdf"],
      ["set", "--left-edge", "--right-edge", "a.pdf"], ["get", "--json", "--json", "a.pdf"],
      ["get", "--", "-a.pdf"], ["get", "-qr", "a.pdf"], ["set", "--in-place", "--right-edge", "-"],
      ["check", "--in-place", "--right-edge", "a.pdf"], ["spreads", "a.pdf"], ["get", "-", "-"],
    ])
  func declined(_ arguments: [String]) {
    #expect(CommonForms.parse(arguments) == nil)
  }
}
