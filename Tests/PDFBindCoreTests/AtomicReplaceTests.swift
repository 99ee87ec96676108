import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore

/// SPEC: "By default the file is replaced atomically: the new bytes are written beside it,
/// flushed, and renamed over it, keeping its permissions." and "Before anything replaces the
/// original, the result is opened again and must read back [...]; otherwise the original is
/// kept." The result is verified while it is flushed; nothing is renamed before both are done.
@Suite("Atomic replace")
struct AtomicReplaceTests {
  private let update = Array("\n% an update\n".utf8)

  private func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  private func inode(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
  }

  private func minimal() throws -> String {
    try Fixture.copy(
      from: Fixture.corpus.appendingPathComponent("qpdf--minimal.pdf").path, as: "a.pdf")
  }

  @Test("The verified result is the original followed by the update; it then replaces the file")
  func replaces() throws {
    let path = try minimal()
    let original = try bytes(path)
    let oldInode = try inode(path)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    let source = try SourceFile(path: FilePath(path))
    var verified: [UInt8] = []
    try ResultWriter.write(update, after: source, to: .replacing) { result throws(BindingError) in
      verified = (try? bytes(result.string)) ?? []
      // Not yet renamed: the path still holds the original.
      #expect((try? bytes(path)) == original)
    }
    #expect(verified == original + update)
    #expect(try bytes(path) == original + update)
    #expect(try inode(path) != oldInode)
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
    #expect(permissions as? Int == 0o640)
    let directory = (path as NSString).deletingLastPathComponent
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.pdf"])
  }

  @Test("A rejected result leaves the original file, untouched, and no temporary file")
  func rejected() throws {
    let path = try minimal()
    let original = try bytes(path)
    let oldInode = try inode(path)
    let source = try SourceFile(path: FilePath(path))
    #expect(throws: BindingError.writing(.verificationFailed("test"))) {
      try ResultWriter.write(update, after: source, to: .replacing) { _ throws(BindingError) in
        throw BindingError.writing(.verificationFailed("test"))
      }
    }
    #expect(try bytes(path) == original)
    #expect(try inode(path) == oldInode)
    let directory = (path as NSString).deletingLastPathComponent
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.pdf"])
  }

  @Test("Another name of the file (a hard link) keeps the original bytes")
  func hardLink() throws {
    let path = try minimal()
    let original = try bytes(path)
    let other = (path as NSString).deletingLastPathComponent + "/b.pdf"
    try FileManager.default.linkItem(atPath: path, toPath: other)
    let source = try SourceFile(path: FilePath(path))
    try ResultWriter.write(update, after: source, to: .replacing) { _ throws(BindingError) in }
    #expect(try bytes(path) == original + update)
    #expect(try bytes(other) == original)
  }

  @Test(
    "The copy hands each chunk to the disk as it goes and copies every byte",
    arguments: [0, 1, 4095, 4096, 4097, 3 * 4096 + 5])
  func copyWithWriteback(size: Int) throws {
    let directory = try Fixture.temporaryDirectory()
    var random = SplitMix64(seed: UInt64(size))
    let content = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    let from = directory.appendingPathComponent("from").path
    let to = directory.appendingPathComponent("to").path
    try Data(content).write(to: URL(fileURLWithPath: from))
    let source = try FileDescriptor.open(FilePath(from), .readOnly)
    defer { try? source.close() }
    let destination = try FileDescriptor.open(
      FilePath(to), .readWrite, options: [.create], permissions: [.ownerReadWrite])
    defer { try? destination.close() }
    try FileIO.copy(
      from: source, to: destination, count: Int64(size), writebackEvery: 4096)
    try FileIO.sync(destination)
    #expect(try bytes(to) == content)
  }
}
