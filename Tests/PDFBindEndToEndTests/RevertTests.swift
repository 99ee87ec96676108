import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "revert": `set` then `revert` gives back the original bytes exactly, in every mode and
/// on every file `set` updates; another program's binding-only revision is removed; anything
/// else is refused with the file untouched.
@Suite("Revert")
struct RevertTests {
  enum Mode: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case atomic, inPlace, output, standardOutput
    var testDescription: String { rawValue }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var path: String
    var password: String?
    /// The corpus MANIFEST lets `set --force` refuse it (not a PDF, damaged, qpdf errors).
    var mayBeRefused = false
    var testDescription: String { name }
  }

  /// The writable fixtures, and every corpus file `set --right-edge` updates (found below).
  static let fixtureCases = FixtureTests.writable.map {
    Case(name: $0.file, path: Fixture.path($0.file), password: $0.password)
  }

  static let corpusCases = CorpusExpectation.table.map {
    Case(
      name: $0.file, path: Fixture.corpus.appendingPathComponent($0.file).path,
      password: CorpusSweepTests.password($0.file), mayBeRefused: $0.refusesEveryChange)
  }

  private static func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  private static func inode(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int) ?? -1
  }

  /// `set` to a binding the file does not have (with --force for signed ones), then `revert`
  /// in `mode`; the result must equal the original byte for byte. Returns false when `set`
  /// refused even with --force or left the file unchanged (nothing to revert).
  @discardableResult
  private func roundTrip(_ source: String, password: String?, mode: Mode, name: String) throws
    -> Bool
  {
    let copy = try Fixture.copy(from: source, as: name)
    let original = try Self.bytes(copy)
    let passwordArguments = password.map { ["--password", $0] } ?? []
    let current = try PDFBindRunner.run(["get"] + passwordArguments + [copy]).out
    let flag = current == "right-edge\n" ? "--left-edge" : "--right-edge"
    let set = try PDFBindRunner.run(["set", flag, "--force", "-q"] + passwordArguments + [copy])
    guard set.status == 0, try Self.bytes(copy) != original else { return false }
    let updated = try Self.bytes(copy)
    let inodeBefore = try Self.inode(copy)

    var arguments = ["revert"] + passwordArguments
    var resultPath = copy
    switch mode {
    case .atomic: break
    case .inPlace: arguments.append("--in-place")
    case .output:
      resultPath = copy + ".reverted.pdf"
      arguments += ["-o", resultPath]
    case .standardOutput: arguments += ["-o", "-"]
    }
    let result = try PDFBindRunner.run(arguments + [copy])
    #expect(result.status == 0, "\(name) \(mode): \(result.err)")
    let reverted = mode == .standardOutput ? result.stdout : try Self.bytes(resultPath)
    #expect(reverted == original, "\(name) \(mode): not the original bytes")
    switch mode {
    case .inPlace: #expect(try Self.inode(copy) == inodeBefore, "--in-place keeps the inode")
    case .output, .standardOutput:
      #expect(try Self.bytes(copy) == updated, "-o leaves the input as it was")
    case .atomic: break
    }
    if mode == .standardOutput {
      #expect(result.err.hasPrefix("\(copy): "), "the report goes to standard error")
    } else {
      #expect(result.out.hasPrefix("\(copy): "), "\(result.out)")
      #expect(result.out.contains(" bytes)\n"))
    }
    return true
  }

  @Test(
    "set then revert gives the original bytes, fixtures", arguments: fixtureCases, Mode.allCases)
  func fixtureRoundTrip(fixture: Case, mode: Mode) throws {
    #expect(try roundTrip(fixture.path, password: fixture.password, mode: mode, name: fixture.name))
  }

  @Test("set then revert gives the original bytes, corpus", arguments: corpusCases)
  func corpusRoundTrip(file: Case) throws {
    // Every mode on each file `set` updates. Only files whose expectation refuses any change
    // (damaged, not a PDF, patched) may be refused, and then in every mode alike: a regression
    // in set fails here.
    var refusedIn: [Mode] = []
    for mode in Mode.allCases
    where !(try roundTrip(file.path, password: file.password, mode: mode, name: file.name)) {
      refusedIn.append(mode)
    }
    #expect(
      refusedIn.isEmpty || (file.mayBeRefused && refusedIn == Mode.allCases),
      "set --force refused \(file.name) in \(refusedIn)")
  }

  @Test("Encrypted with the owner password and with the user password")
  func ownerAndUserPassword() throws {
    for password in ["user", "owner"] {
      let file = try Fixture.copy("encrypted-aes-256.pdf")
      let original = try Self.bytes(file)
      #expect(
        try PDFBindRunner.run("set", "--right-edge", "--password", password, file).status == 0)
      let result = try PDFBindRunner.run("revert", "--password", password, file)
      #expect(result.status == 0, "\(result.err)")
      #expect(try Self.bytes(file) == original)
    }
  }

  @Test("Trailing garbage, no end-of-line after %%EOF, CRLF: the marker's length is exact")
  func oddEndings() throws {
    let directory = try Fixture.temporaryDirectory()
    var garbage = try Fixture.bytes("unknown.pdf")
    garbage.append(Data("\r\n\u{0}\u{1}trailing bytes from a careless uploader".utf8))
    let garbagePath = directory.appendingPathComponent("garbage.pdf").path
    try garbage.write(to: URL(fileURLWithPath: garbagePath))
    for path in [
      garbagePath, try Fixture.copy("no-eol-after-eof.pdf"), try Fixture.copy("crlf.pdf"),
    ] {
      let original = try Self.bytes(path)
      // Two updates, removed one after the other.
      for flag in ["--left-edge", "--unknown"] {
        #expect(try PDFBindRunner.run("set", flag, path).status == 0)
      }
      let afterFirst = try PDFBindRunner.run("revert", path)
      #expect(afterFirst.status == 0, "\(afterFirst.err)")
      #expect(try PDFBindRunner.run("get", path).out == "left-edge\n")
      #expect(try PDFBindRunner.run("revert", "--in-place", path).status == 0)
      #expect(try Self.bytes(path) == original, "\(path)")
    }
  }

  @Test("A revision that set the layout, with or without the binding, reverts exactly")
  func layout() throws {
    for (arguments, report) in [
      (["--cover"], "unknown, layout cover -> unknown"),
      (["--right-edge", "--no-cover"], "right-edge, layout no-cover -> unknown"),
    ] {
      let file = try Fixture.copy("unknown.pdf")
      let original = try Self.bytes(file)
      #expect(try PDFBindRunner.run(["set"] + arguments + [file]).status == 0)
      let updated = try Self.bytes(file)
      let result = try PDFBindRunner.run("revert", file)
      #expect(result.status == 0, "\(result.err)")
      #expect(
        result.out
          == "\(file): \(report) (revision 2 removed, \(updated.count - original.count) bytes)\n")
      #expect(try Self.bytes(file) == original)
      #expect(try IndependentReaders.mutoolPageLayout(file) == nil)
    }
    // A layout alone on a bound file: the binding stays, the layout goes.
    let bound = try Fixture.copy("left-edge.pdf")
    let before = try Self.bytes(bound)
    #expect(try PDFBindRunner.run("set", "--single", "-q", bound).status == 0)
    let json = try PDFBindRunner.run("revert", "--json", "--dry-run", bound)
    #expect(
      json.out.contains(
        #""binding_before":"left-edge","page_layout_before":"SinglePage","binding":"left-edge","direction":"L2R","page_layout":null}"#
      ), "\(json.out)")
    #expect(try PDFBindRunner.run("revert", bound).status == 0)
    #expect(try Self.bytes(bound) == before)
  }

  @Test("Signed with --force: after revert, pdfsig verifies exactly as before set")
  func signedForced() throws {
    for name in ["signed.pdf", "signed-twice.pdf", "certified.pdf"] {
      let file = try Fixture.copy(name)
      let original = try Self.bytes(file)
      let verdicts = try IndependentReaders.pdfsigValidations(file)
      #expect(try PDFBindRunner.run("set", "--right-edge", "--force", file).status == 0)
      let result = try PDFBindRunner.run("revert", file)
      #expect(result.status == 0, "\(result.err)")
      #expect(try Self.bytes(file) == original)
      #expect(try IndependentReaders.pdfsigValidations(file) == verdicts)
    }
  }

  @Test("--dry-run reports and writes nothing; a batch goes on after a refusal")
  func dryRunAndBatch() throws {
    let first = try Fixture.copy("unknown.pdf")
    let second = try Fixture.copy("several-updates.pdf")
    let third = try Fixture.copy("left-edge.pdf")
    for path in [first, third] {
      #expect(try PDFBindRunner.run("set", "--right-edge", path).status == 0)
    }
    let updated = try Self.bytes(first)
    let dry = try PDFBindRunner.run("revert", "--dry-run", first)
    #expect(dry.status == 0)
    #expect(dry.out.hasPrefix("\(first): right-edge -> unknown (revision 2 removed, "))
    #expect(dry.out.hasSuffix(" bytes, dry run)\n"))
    #expect(try Self.bytes(first) == updated)

    let list = try Fixture.temporaryDirectory().appendingPathComponent("list")
    try Data([first, second, third].joined(separator: "\u{0}").utf8).write(to: list)
    let batch = try PDFBindRunner.run(
      "revert", "--files-from", list.path, "-0", "--jobs", "2", "-q")
    #expect(batch.status == 2)
    #expect(batch.out.isEmpty)
    #expect(batch.err.split(separator: "\n").count == 1)
    #expect(batch.err.hasPrefix("pdfbind: \(second): its last revision changed more"))
    #expect(try Self.bytes(first) == Fixture.bytes("unknown.pdf"))
    #expect(try Self.bytes(third) == Fixture.bytes("left-edge.pdf"))
  }
}
