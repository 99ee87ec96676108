import Foundation
import PDFBindTestSupport
import Testing

/// On a file system that shares extents (XFS with reflink, btrfs), an atomic `set` copies the
/// original with `copy_file_range`, which the kernel turns into a reflink: the new file shares
/// the original's blocks, and replacing a 300 MB book costs about as much as `--in-place`.
/// This keeps a later change to the copy path (a read/write loop, a buffered copy) from losing
/// that silently. It needs root to mount an XFS image; otherwise it says why and checks nothing.
@Suite("Reflinks", .serialized)
struct ReflinkTests {
  /// Runs a system tool; nil when it is missing.
  static func tool(_ name: String, _ arguments: [String]) throws -> ProcessResult? {
    guard
      let path = which(name)
        ?? ["/usr/sbin/", "/sbin/"].map({ $0 + name })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return nil }
    return try runProcess(path, arguments)
  }

  /// Mounting an XFS image needs root and mkfs.xfs; without them the tests show as skipped.
  static let canMountXFS =
    getuid() == 0
    && (which("mkfs.xfs") != nil
      || ["/usr/sbin/mkfs.xfs", "/sbin/mkfs.xfs"].contains {
        FileManager.default.isExecutableFile(atPath: $0)
      })

  /// A mounted, empty XFS image with reflink on. `body` runs with the mount point; the file
  /// system is unmounted and the image removed on every path. Where root and mkfs.xfs are there
  /// but the image cannot be made or mounted, the test fails: that is not a skip.
  static func withXFS(_ body: (URL) throws -> Void) throws {
    let directory = try Fixture.temporaryDirectory()
    let image = directory.appendingPathComponent("xfs.img")
    let mountPoint = directory.appendingPathComponent("mnt")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try #require(FileManager.default.createFile(atPath: image.path, contents: nil))
    let handle = try FileHandle(forWritingTo: image)
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    let made = try tool("mkfs.xfs", ["-q", "-m", "reflink=1", image.path])
    try #require(made?.status == 0, "mkfs.xfs failed on \(image.path)")
    let mounted = try tool("mount", ["-o", "loop", image.path, mountPoint.path])
    try #require(mounted?.status == 0, "cannot mount \(image.path) on a loop device")
    defer {
      if (try? tool("umount", [mountPoint.path]))?.status != 0 {
        _ = try? tool("umount", ["-l", mountPoint.path])
      }
    }
    try body(mountPoint)
  }

  /// A one-page PDF with a `size`-byte stream of pseudo-random bytes (so nothing compresses
  /// or deduplicates it) and an exact classic table.
  static func largePDF(size: Int) -> Data {
    var random = SplitMix64(seed: 4)
    var payload = Data(count: size)
    payload.withUnsafeMutableBytes { buffer in
      let words = buffer.bindMemory(to: UInt64.self)
      for index in words.indices { words[index] = random.next() }
    }
    var out = Data("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
    var offsets: [Int] = []
    for object in [
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << >> >>",
    ] {
      offsets.append(out.count)
      out += Data("\(offsets.count) 0 obj\n\(object)\nendobj\n".utf8)
    }
    offsets.append(out.count)
    out += Data("4 0 obj\n<< /Length \(size) >>\nstream\n".utf8)
    out += payload
    out += Data("\nendstream\nendobj\n".utf8)
    let xref = out.count
    out += Data("xref\n0 5\n0000000000 65535 f \n".utf8)
    for offset in offsets { out += Data(String(format: "%010d 00000 n \n", offset).utf8) }
    out += Data("trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    return out
  }

  /// Blocks shared with another file, summed over `filefrag -v`'s extents flagged `shared`.
  static func sharedBlocks(_ path: String) throws -> Int? {
    guard let report = try tool("filefrag", ["-v", path]), report.status == 0 else { return nil }
    return report.out.split(separator: "\n").reduce(0) { total, line in
      let fields = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count >= 5, fields.last?.contains("shared") == true,
        let length = Int(fields[3])
      else { return total }
      return total + length
    }
  }

  static func freeBytes(_ directory: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfFileSystem(forPath: directory.path)
    return (attributes[.systemFreeSize] as? NSNumber)?.intValue ?? 0
  }

  @Test(
    "On XFS, an atomic set shares the original's blocks instead of copying them",
    .enabled(if: canMountXFS, "mounting an XFS image needs root and mkfs.xfs (xfsprogs)"))
  func atomicSetSharesBlocks() throws {
    try Self.withXFS { mountPoint in
      let size = 48 << 20
      let path = mountPoint.appendingPathComponent("book.pdf").path
      let original = Self.largePDF(size: size)
      try original.write(to: URL(fileURLWithPath: path))
      // A second name for the original inode: after the rename it still holds the old
      // blocks, so the extents the new file shares with it show as shared.
      let keep = mountPoint.appendingPathComponent("original.pdf").path
      try FileManager.default.linkItem(atPath: path, toPath: keep)
      _ = try Self.tool("sync", [])
      let freeBefore = try Self.freeBytes(mountPoint)

      let set = try PDFBindRunner.run("set", "--right-edge", path)
      #expect(set.status == 0, "set failed: \(set.err)")
      #expect(try PDFBindRunner.run("get", path).out == "right-edge\n")
      #expect(try Data(contentsOf: URL(fileURLWithPath: keep)) == original)
      let inodes = try [path, keep].map {
        try FileManager.default.attributesOfItem(atPath: $0)[.systemFileNumber] as? Int
      }
      #expect(inodes[0] != inodes[1], "atomic set must write a new file, not the original")

      _ = try Self.tool("sync", [])
      let shared = try #require(try Self.sharedBlocks(path), "filefrag -v failed")
      // At least 90% of the original's 4 KiB blocks are shared, not copied.
      #expect(shared * 4096 >= size * 9 / 10, "only \(shared) blocks are shared")
      let used = freeBefore - (try Self.freeBytes(mountPoint))
      #expect(used < size / 8, "set used \(used) bytes of free space for a \(size)-byte file")
    }
  }
}
