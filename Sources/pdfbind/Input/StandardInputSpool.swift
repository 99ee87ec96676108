import Glibc
import PDFBindCore
import SystemPackage

/// Standard input copied into a temporary file, so that qpdf (which seeks) can read it and
/// `set` can append to it. The file is removed when this value goes away.
final class StandardInputSpool {
  let path: FilePath

  init() throws(BindingError) {
    let directory = Environment.temporaryDirectory
    var template = Array("\(directory)/.stdin.pdfbind-XXXXXX".utf8CString)
    let raw = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard raw >= 0 else {
      throw BindingError.writing(
        .failed(
          operation: .creatingTemporaryFile(directory: "\(directory)"),
          error: Errno(rawValue: errno)))
    }
    let descriptor = FileDescriptor(rawValue: raw)
    path = template.withUnsafeBufferPointer { FilePath(platformString: $0.baseAddress!) }
    do {
      try descriptor.closeAfter {
        try FileDescriptor.standardInput.forEachChunk { try descriptor.writeAll($0) }
      }
    } catch {
      _ = path.withPlatformString { unlink($0) }
      throw BindingError.writing(
        .failed(operation: .other("reading standard input"), error: error as? Errno ?? .ioError))
    }
  }

  deinit {
    _ = path.withPlatformString { unlink($0) }
  }

  /// Gives a job a path to read: the input's own, or standard input spooled to a file. Throws
  /// the walk's failure for a directory that could not be read, or what `body` throws.
  static func reading<T>(_ input: Input, _ body: (FilePath) throws(BindingError) -> T) throws -> T {
    if let failure = input.walkFailure { throw failure }
    guard input.isStandardInput else { return try body(input.path) }
    let spooled = try StandardInputSpool()
    return try body(spooled.path)
  }
}
