import Foundation
import PDFBindTestSupport
import Testing

/// `pdfbind set`, through the real binary, as SPEC describes it. Every result is judged by
/// qpdf and MuPDF, never by pdfbind alone.
@Suite("set")
struct SetTests {
  /// A writable copy of a corpus file in a fresh directory.
  private func corpusCopy(_ name: String, as newName: String = "book.pdf") throws -> String {
    try Fixture.copy(from: Fixture.corpus.appendingPathComponent(name).path, as: newName)
  }

  private func data(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test("--right-edge appends one exact update; a second run appends nothing")
  func rightEdgeThenIdempotent() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    let original = try data(file)
    let first = try PDFBindRunner.run("set", "--right-edge", file)
    #expect(first.status == 0)
    #expect(first.out == "\(file): unknown -> right-edge\n")
    #expect(first.err.isEmpty)
    try UpdateChecks.expectExactUpdate(
      file, original: original,
      originalPath: Fixture.corpus.appendingPathComponent("qpdf--minimal.pdf").path,
      direction: "/R2L")
    let updated = try data(file)
    let second = try PDFBindRunner.run("set", "--right-edge", file)
    #expect(second.status == 0)
    #expect(second.out == "\(file): right-edge (unchanged)\n")
    #expect(try data(file) == updated)
  }

  @Test("--left-edge replaces /R2L, keeping the other /ViewerPreferences keys")
  func leftEdgeKeepsOtherKeys() throws {
    let file = try corpusCopy("pdflib--with_viewer_prefs.pdf")
    let result = try PDFBindRunner.run("set", "--left-edge", file)
    #expect(result.out == "\(file): right-edge -> left-edge\n")
    #expect(try IndependentReaders.mutoolDirection(file) == "/L2R")
    let keys = try runProcess(
      which("mutool")!, ["show", file, "trailer/Root/ViewerPreferences"]
    ).out
    #expect(keys.contains("/HideToolbar") || keys.contains("/FitWindow"))
  }

  @Test("--unknown removes /Direction and a /ViewerPreferences it leaves empty")
  func unknownRemovesEmptiedPreferences() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    _ = try PDFBindRunner.run("set", "--right-edge", file)
    let result = try PDFBindRunner.run("set", "--unknown", file)
    #expect(result.out == "\(file): right-edge -> unknown\n")
    #expect(try IndependentReaders.qpdfDirection(file) == nil)
    let catalog = try runProcess(which("mutool")!, ["show", file, "trailer/Root"]).out
    #expect(!catalog.contains("ViewerPreferences"))
    let again = try PDFBindRunner.run("set", "--unknown", file)
    #expect(again.out == "\(file): unknown (unchanged)\n")
  }

  @Test("An indirect /ViewerPreferences object is rewritten itself, not the catalog")
  func indirectPreferences() throws {
    let name = "verapdf--PDF_UA-1--7.1-t01-pass-b.pdf"
    let file = try corpusCopy(name)
    let original = try data(file)
    let trailer = try runProcess(which("mutool")!, ["show", file, "trailer"]).out
    let root = try #require(trailer.firstMatch(of: /\/Root (\d+) (\d+) R/))
    let preferences = try runProcess(which("mutool")!, ["show", file, "trailer/Root"]).out
    let reference = try #require(
      preferences.firstMatch(of: /\/ViewerPreferences (\d+) (\d+) R/))
    #expect(try PDFBindRunner.run("set", "--right-edge", file).status == 0)
    let appended = String(decoding: try data(file).dropFirst(original.count), as: UTF8.self)
    #expect(
      appended.contains("\n\(reference.1) \(reference.2) obj\n")
        || appended.hasPrefix("\(reference.1) \(reference.2) obj\n"))
    // The catalog itself is not rewritten: only the dictionary that holds /Direction.
    #expect(!appended.contains("\(root.1) \(root.2) obj"))
    try UpdateChecks.expectExactUpdate(
      file, original: original, originalPath: Fixture.corpus.appendingPathComponent(name).path,
      direction: "/R2L")
  }

  @Test(
    "The new section is of the file's kind: stream after stream, table after table or hybrid",
    arguments: [
      ("qpdf--minimal-1.pdf", "stream"), ("qpdf--minimal.pdf", "table"),
      ("qpdf--hybrid-xref.pdf", "table"), ("qpdf--form-filled-by-acrobat.pdf", "table"),
    ])
  func sectionKind(name: String, kind: String) throws {
    let file = try corpusCopy(name)
    let result = try PDFBindRunner.run("set", "--json", "--right-edge", file)
    #expect(result.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    #expect(json["xref"] as? String == (name.contains("hybrid") ? "hybrid" : kind))
    #expect(UpdateChecks.lastSectionKind(try data(file)) == kind)
    // A hybrid file's /XRefStm is repeated: Ghostscript reads it only from the newest trailer.
    #expect(
      UpdateChecks.lastTrailerText(try data(file)).contains("/XRefStm") == name.contains("hybrid"))
  }

  @Test("--in-place appends to the file itself: same inode, hard links see the update")
  func inPlaceKeepsInode() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    let link = file + ".link"
    try FileManager.default.linkItem(atPath: file, toPath: link)
    let inode = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int
    let result = try PDFBindRunner.run("set", "--in-place", "--right-edge", file)
    #expect(result.status == 0)
    #expect(
      try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int == inode)
    #expect(try IndependentReaders.mutoolDirection(link) == "/R2L")
  }

  @Test("Atomic replace keeps the file's permissions and updates a symbolic link's target")
  func atomicReplaceKeepsModeAndFollowsLinks() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file)
    let link = (file as NSString).deletingLastPathComponent + "/alias.pdf"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    #expect(try PDFBindRunner.run("set", "--right-edge", link).status == 0)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link) == file)
    #expect(try IndependentReaders.mutoolDirection(file) == "/R2L")
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o640)
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: (file as NSString).deletingLastPathComponent
    ).filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
  }

  @Test("-o OUT writes the result elsewhere and leaves the input untouched")
  func outputFile() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    let original = try data(file)
    let out = file + ".out.pdf"
    let result = try PDFBindRunner.run("set", "--right-edge", "-o", out, file)
    #expect(result.status == 0)
    #expect(try data(file) == original)
    #expect(UpdateChecks.isAppendOnly(original: original, result: try data(out)))
    #expect(try IndependentReaders.mutoolDirection(out) == "/R2L")
  }

  @Test("-o OUT: a new file gets 0666 less the umask, an existing one keeps its permissions")
  func outputFilePermissions() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: file)
    let mask = umask(0o022)
    umask(mask)
    let fresh = file + ".new.pdf"
    #expect(try PDFBindRunner.run("set", "--right-edge", "-o", fresh, file).status == 0)
    #expect(try permissions(fresh) == 0o666 & ~Int(mask))
    let fromInput = file + ".stdin.pdf"
    let piped = try PDFBindRunner.run(
      ["set", "--right-edge", "-o", fromInput, "-"], input: try data(file))
    #expect(piped.status == 0)
    #expect(try permissions(fromInput) == 0o666 & ~Int(mask))
    let existing = file + ".existing.pdf"
    #expect(FileManager.default.createFile(atPath: existing, contents: Data()))
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: existing)
    #expect(try PDFBindRunner.run("set", "--right-edge", "-o", existing, file).status == 0)
    #expect(try permissions(existing) == 0o640)
  }

  private func permissions(_ path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! Int
  }

  @Test("-o - puts only PDF bytes on standard output; the report goes to standard error")
  func standardOutput() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    let original = try data(file)
    let result = try PDFBindRunner.run("set", "--right-edge", "-o", "-", file)
    #expect(result.status == 0)
    #expect(UpdateChecks.isAppendOnly(original: original, result: result.stdout))
    #expect(result.err == "\(file): unknown -> right-edge\n")
    #expect(try data(file) == original)
  }

  @Test("--dry-run reports the change and writes nothing")
  func dryRun() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    let original = try data(file)
    let result = try PDFBindRunner.run("set", "--dry-run", "--right-edge", file)
    #expect(result.status == 0)
    #expect(result.out == "\(file): unknown -> right-edge (dry run)\n")
    #expect(try data(file) == original)
  }

  @Test("A full disk fails the file cleanly (-o /dev/full)")
  func fullDisk() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    let original = try data(file)
    let result = try PDFBindRunner.run("set", "--right-edge", "-o", "/dev/full", file)
    #expect(result.status == 2)
    #expect(result.err == "pdfbind: \(file): no space left on the device; the file is unchanged\n")
    #expect(try data(file) == original)
  }

  @Test("A read-only file is refused and left as it was, in both modes")
  func readOnlyFile() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    let original = try data(file)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
    for mode in [[], ["--in-place"]] {
      let result = try PDFBindRunner.run(["set", "--right-edge"] + mode + [file])
      #expect(result.status == 2)
      #expect(result.err.hasPrefix("pdfbind: \(file): permission denied: the file is read-only"))
    }
    #expect(try data(file) == original)
  }

  @Test("A read-only directory: atomic replace says so and suggests --in-place")
  func readOnlyDirectory() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    let directory = (file as NSString).deletingLastPathComponent
    let original = try data(file)
    // Root writes anywhere, so the run drops to an unprivileged user when it can.
    var command = [PDFBindRunner.executable, "set", "--right-edge", file]
    if getuid() == 0 {
      try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file)
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory)
      command = ["--reuid=65534", "--regid=65534", "--clear-groups"] + command
    } else {
      try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory)
    }
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory)
    }
    let result =
      getuid() == 0
      ? try runProcess(which("setpriv")!, command)
      : try runProcess(command[0], Array(command.dropFirst()))
    #expect(result.status == 2)
    #expect(result.err.contains("cannot create a file in \(directory)"))
    #expect(result.err.contains("--in-place"))
    #expect(try data(file) == original)
    let inPlace =
      getuid() == 0
      ? try runProcess(which("setpriv")!, command + ["--in-place"])
      : try PDFBindRunner.run("set", "--right-edge", "--in-place", file)
    #expect(inPlace.status == 0)
    #expect(try IndependentReaders.mutoolDirection(file) == "/R2L")
  }

  @Test("-o takes one input, and not with --in-place (status 64)")
  func usageErrors() throws {
    let file = try corpusCopy("qpdf--minimal.pdf")
    #expect(try PDFBindRunner.run("set", "--right-edge", "-o", "x.pdf", file, file).status == 64)
    #expect(
      try PDFBindRunner.run("set", "--right-edge", "-o", "x.pdf", "--in-place", file).status == 64)
    #expect(try PDFBindRunner.run("set", file).status == 64)
    #expect(try PDFBindRunner.run("set", "--right-edge", "--left-edge", file).status == 64)
  }
}
