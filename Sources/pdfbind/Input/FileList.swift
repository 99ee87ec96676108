import SystemPackage

/// Reads a --files-from list: a file, or standard input when `path` is nil.
enum FileList {
  static func read(_ path: FilePath?) throws -> [UInt8] {
    let descriptor = try path.map { try FileDescriptor.open($0, .readOnly) } ?? .standardInput
    defer { if path != nil { try? descriptor.close() } }
    var bytes: [UInt8] = []
    try descriptor.forEachChunk { bytes += $0 }
    return bytes
  }
}

extension FileDescriptor {
  /// Reads to the end, handing each chunk to `body` as it arrives (a pipe may never end
  /// before its writer is done, so nothing waits for the whole).
  func forEachChunk(_ body: ([UInt8]) throws -> Void) throws {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try buffer.withUnsafeMutableBytes { try read(into: $0) }
      if count == 0 { return }
      try body(Array(buffer[..<count]))
    }
  }
}
