import Foundation
import PDFBindTestSupport
import Testing

/// A file name is data. A library whose names carry markup, script, quotes, shell syntax,
/// control characters, leading dashes and bytes that are not UTF-8: the page shows each name
/// as it is and runs none of it (canaries that fire on a page built without escaping stay
/// silent), and the script it writes touches exactly the chosen files and runs nothing.
@Suite("review with hostile names", .serialized, BrowserDriver.available)
struct HostileNamesInBrowserTests {
  /// Each name is a file in the library's folder (a `/` makes a folder: a name can hold no
  /// slash, a path can).
  static let names: [[UInt8]] =
    [
      "<img src=x id=canary-img onerror=\"window.__canary.push('img')\">.pdf",
      "<script>window.__canary.push('script')</script>.pdf",
      "\"><b id=canary-b>bold.pdf",
      "' autofocus onfocus='window.__canary.push(1)' id='canary-attr.pdf",
      "<!--.pdf", "&lt;not a tag&gt; & more.pdf",
      "$(touch PWNED-dollar).pdf", "`touch PWNED-backtick`.pdf", ";touch PWNED-semi;.pdf",
      "| touch PWNED-pipe.pdf", "&& touch PWNED-and.pdf", "$HOME ${IFS} !!.pdf",
      "-rf.pdf", "--unknown.pdf", "*.pdf", "[ab]?.pdf", "~root {a,b}.pdf",
      "it's \"quoted\" \\ back.pdf", "new\nline.pdf", "tab\tand\rreturn.pdf",
      "\u{202E}fdp.pdf", "كتاب «عربي».pdf",
    ].map { Array($0.utf8) } + [Array("bad".utf8) + [0xFF, 0xFE] + Array(" bytes.pdf".utf8)]

  /// Not chosen: a glob or a split word in the script would reach it.
  static let decoy = Array("decoy.pdf".utf8)

  static func library() throws -> BrowserLibrary {
    let library = try BrowserLibrary()
    try FileManager.default.createDirectory(
      atPath: library.path("Books/<script>window.__canary.push('script')<"),
      withIntermediateDirectories: true)
    for name in names + [decoy] {
      try library.add("colours-1.pdf", raw: Array("Books/".utf8) + name)
    }
    return library
  }

  @Test("Names show as they are and run nothing; the script sets exactly the chosen files")
  func hostileLibrary() throws {
    let library = try Self.library()
    // From inside Books, so names with a leading dash are paths of their own.
    let inside = BrowserLibrary(root: library.root.appendingPathComponent("Books"))
    let listInside = Data((Self.names + [Self.decoy]).map { $0 + [0] }.joined())
    let review = try inside.pdfbind(["review", "--files-from", "-", "-0"], input: listInside)
    #expect(review.status == 0, "\(review.err)")
    let page = inside.root.appendingPathComponent("pdfbind-review.html")
    let seen = try BrowserDriver.inspect(page, crops: nil)

    #expect(seen.console.isEmpty, "console: \(seen.console)")
    #expect(seen.violations.isEmpty, "nothing tried to run: \(seen.violations)")
    #expect(seen.canaryFired.isEmpty && seen.canaryElements == 0)
    #expect(seen.object["title"] as? String == "pdfbind review: 24 books")
    #expect(seen.names == (Self.names + [Self.decoy]).map { String(decoding: $0, as: UTF8.self) })
    // Names that do not show as themselves also give their exact bytes as a bash word; bash
    // reads each back to the name's bytes.
    let exact = seen.rows.compactMap { $0["exact"] as? String }
    #expect(exact.count == 4)
    for (row, name) in zip(seen.rows, Self.names) {
      guard let word = row["exact"] as? String else { continue }
      let read = try runProcess("/bin/bash", ["-c", "printf %s " + word])
      #expect(Array(read.stdout) == name, "\(word)")
    }

    let before = try inside.tree()
    let decoyBytes = try Data(contentsOf: URL(fileURLWithPath: inside.path("decoy.pdf")))
    // Every book but the decoy: j (next), r (right-edge), c (cover).
    let done = try BrowserDriver.act(
      page, steps: [["keys": String(repeating: "jrc", count: Self.names.count)]])
    #expect(done["chosen"] as? String == "\(Self.names.count) books chosen.")
    let script = try #require(done["script"] as? String)
    let run = try library.bash(script)
    #expect((run.status, run.err) == (0, ""))

    // Nothing ran: no file appeared or went anywhere under the library.
    #expect(try inside.tree() == before)
    #expect(try library.tree().filter { $0.starts(with: Array("PWNED".utf8)) }.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: inside.path("decoy.pdf"))) == decoyBytes)
    // Each chosen file has the binding and layout, read by qpdf and MuPDF from a copy under a
    // plain name (their command lines take strings).
    for (index, name) in Self.names.enumerated() {
      let copy = try Fixture.temporaryDirectory().appendingPathComponent("\(index).pdf").path
      let data = try #require(readRaw(Array(inside.root.path.utf8) + [0x2F] + name))
      try data.write(to: URL(fileURLWithPath: copy))
      #expect(try IndependentReaders.qpdfDirection(copy) == "/R2L", "\(name)")
      #expect(try IndependentReaders.mutoolPageLayout(copy) == "/TwoPageRight", "\(name)")
    }
  }

  @Test("The canaries are live: on a page that inserts the names unescaped, they fire")
  func canariesFireWithoutEscaping() throws {
    let directory = try Fixture.temporaryDirectory()
    let page = directory.appendingPathComponent("unescaped.html")
    let body = Self.names.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "<br>")
    try Data(
      ("<!DOCTYPE html><html><head><title>control</title></head><body>" + body + "</body></html>")
        .utf8
    )
    .write(to: page)
    let seen = try BrowserDriver.inspect(page, crops: nil)
    #expect(seen.canaryElements > 0)
    #expect(!seen.canaryFired.isEmpty)
  }
}

/// The bytes of a file whose path is not UTF-8.
private func readRaw(_ path: [UInt8]) -> Data? {
  let descriptor = (path + [0]).withUnsafeBufferPointer {
    $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
  }
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var data = Data()
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = read(descriptor, &buffer, buffer.count)
    if count <= 0 { return data }
    data.append(contentsOf: buffer[..<count])
  }
}
