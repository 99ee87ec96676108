import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindCore
@testable import PDFBindReview

/// A file name is data: every name becomes one bash word that bash reads back as exactly its
/// bytes and that runs nothing. Judged by bash itself.
@Suite("Shell words")
struct ShellWordTests {
  @Test(
    "Printable UTF-8 is single-quoted; anything else is $'…' with \\xHH",
    arguments: [
      ("plain.pdf", "'plain.pdf'"),
      ("it's.pdf", #"'it'\''s.pdf'"#),
      ("$(touch x) `y` ~ * {a,b}!", "'$(touch x) `y` ~ * {a,b}!'"),
      ("كتاب.pdf", "'كتاب.pdf'"),
      ("new\nline.pdf", #"$'new\x0aline.pdf'"#),
      ("tab\tand 'quote' and \\ and !", #"$'tab\x09and \'quote\' and \\ and \x21'"#),
      ("\u{202E}fdp.exe", #"$'\xe2\x80\xaefdp.exe'"#),
    ])
  func quoting(name: String, word: String) {
    #expect(ShellWord.quote(Array(name.utf8)) == word)
  }

  @Test func bytesThatAreNotUTF8() {
    #expect(
      ShellWord.quote(Array("bad".utf8) + [0xFF] + Array("é.pdf".utf8)) == #"$'bad\xffé.pdf'"#)
  }

  @Test("A path that starts with a dash gets ./ (pdfbind reads a lone - as standard input)")
  func dashes() {
    #expect(ShellWord.path(Array("-".utf8)) == "'./-'")
    #expect(ShellWord.path(Array("--right-edge.pdf".utf8)) == "'./--right-edge.pdf'")
    #expect(ShellWord.path(Array("/abs/-x.pdf".utf8)) == "'/abs/-x.pdf'")
  }

  /// Names with the characters that break quoting, mixed at random with random bytes.
  static func name(_ seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    let pieces: [[UInt8]] = [
      "'", "\"", "\\", "$(", ")", "`", "!", "\n", "\r", "\t", " ", "*", "?", "[", "~", "{a,b}",
      "$HOME", "${x}", ";", "&", "|", "<", ">", "-", "#", "é", "ك", "\u{202E}", "\u{2028}",
      "\u{1F4DA}", "%", "=",
    ].map { Array($0.utf8) }
    var bytes: [UInt8] = []
    for _ in 0..<(1 + random.next() % 12) {
      switch random.next() % 4 {
      case 0: bytes += pieces[Int(random.next() % UInt64(pieces.count))]
      case 1: bytes.append(UInt8(1 + random.next() % 255))  // any byte but NUL
      default: bytes += Array("abc.pdf".utf8.prefix(Int(1 + random.next() % 7)))
      }
    }
    return bytes
  }

  @Test("bash reads 3,000 random hostile names back byte for byte, running nothing")
  func bashRoundTrip() throws {
    let names = (0..<3000).map { Self.name(UInt64($0)) }
    let directory = try Fixture.temporaryDirectory()
    // One printf for all names, NUL after each: what bash made of each word.
    let script = "printf '%s\\0' " + names.map(ShellWord.quote).joined(separator: " ") + "\n"
    let scriptPath = directory.appendingPathComponent("words.sh")
    try Data(script.utf8).write(to: scriptPath)
    let result = try runProcess(
      "/bin/bash", [scriptPath.path], environment: ["LC_ALL": "C.UTF-8", "PWD": directory.path])
    #expect(result.status == 0, "\(result.err)")
    let read = result.stdout.split(separator: 0, omittingEmptySubsequences: false).dropLast()
    #expect(read.count == names.count)
    for (index, (name, back)) in zip(names, read).enumerated() where Array(back) != name {
      Issue.record("name \(index) \(name) came back as \(Array(back))")
    }
    // Nothing ran: no file appeared beside the script.
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["words.sh"])
  }
}
