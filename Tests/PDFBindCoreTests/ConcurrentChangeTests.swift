import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore

/// SPEC: "If the file changed on disk while pdfbind worked on it (size or modification time),
/// it is left alone and reported as failed." The writer's `verify` step runs between writing
/// and committing, which makes it the seam where another writer can be simulated.
@Suite("Concurrent change")
struct ConcurrentChangeTests {
  private let update = Array("\n% an update\n".utf8)

  private func appendByte(_ path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("%".utf8))
    try handle.close()
  }

  @Test("Atomic replace: a change during the work keeps the other writer's file")
  func atomicReplace() throws {
    let path = try Fixture.copy(
      from: Fixture.corpus.appendingPathComponent("qpdf--minimal.pdf").path, as: "a.pdf")
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    let source = try SourceFile(path: FilePath(path))
    #expect(throws: BindingError.writing(.changedWhileWorking)) {
      try ResultWriter.write(update, after: source, to: .replacing) { _ throws(BindingError) in
        try? appendByte(path)
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original + Data("%".utf8))
    let directory = (path as NSString).deletingLastPathComponent
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.pdf"])
  }

  @Test("In place: a change after reading stops the append")
  func inPlace() throws {
    let path = try Fixture.copy(
      from: Fixture.corpus.appendingPathComponent("qpdf--minimal.pdf").path, as: "a.pdf")
    let source = try SourceFile(path: FilePath(path))
    try appendByte(path)
    let changed = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: BindingError.writing(.changedWhileWorking)) {
      try ResultWriter.write(update, after: source, to: .inPlace) { _ throws(BindingError) in }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == changed)
  }

  @Test("In place: a rejected result is cut off again, leaving the original bytes")
  func inPlaceRollback() throws {
    let path = try Fixture.copy(
      from: Fixture.corpus.appendingPathComponent("qpdf--minimal.pdf").path, as: "a.pdf")
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    let source = try SourceFile(path: FilePath(path))
    let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    #expect(throws: BindingError.writing(.verificationFailed("test"))) {
      try ResultWriter.write(update, after: source, to: .inPlace) { _ throws(BindingError) in
        throw BindingError.writing(.verificationFailed("test"))
      }
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    #expect(
      try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)
  }
}
