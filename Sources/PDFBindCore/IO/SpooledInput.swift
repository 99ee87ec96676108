import Glibc
import SystemPackage

/// Standard input copied into a temporary file, so that qpdf (which seeks) can read it and
/// `set` can append to it. The file is removed when this value goes away.
public final class SpooledInput: Sendable {
  public let path: FilePath

  public init() throws(BindingError) {
    var directory = "/tmp"
    if let value = getenv("TMPDIR"), value.pointee != 0 { directory = String(cString: value) }
    let temporary: (descriptor: FileDescriptor, path: FilePath)
    do {
      temporary = try FileIO.makeTemporaryFile(in: FilePath(directory), hint: "stdin")
    } catch {
      throw Output.writeError(error, operation: "creating a temporary file in \(directory)")
    }
    defer { try? temporary.descriptor.close() }
    path = temporary.path
    do {
      var buffer = [UInt8](repeating: 0, count: 1 << 20)
      while true {
        let count = try buffer.withUnsafeMutableBytes {
          try FileDescriptor.standardInput.read(into: $0)
        }
        if count == 0 { break }
        try FileIO.write(temporary.descriptor, Array(buffer[..<count]))
      }
    } catch {
      FileIO.remove(temporary.path)
      throw BindingError.writeFailed(operation: "reading standard input", reason: "\(error)")
    }
  }

  deinit {
    FileIO.remove(path)
  }
}
