import SystemPackage

/// A file's identity and version as stat(2) reports it: enough to notice that someone else
/// changed the file while pdfbind worked on it.
struct FileVersion: Equatable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modificationSeconds: Int
  var modificationNanoseconds: Int
  var type: FileType
  var permissions: FilePermissions
  var owner: UInt32
  var group: UInt32

  init(_ info: Stat) {
    device = UInt64(info.deviceID.rawValue)
    inode = UInt64(info.inode.rawValue)
    size = info.size
    modificationSeconds = Int(info.st_mtim.tv_sec)
    modificationNanoseconds = Int(info.st_mtim.tv_nsec)
    type = info.type
    permissions = info.permissions
    owner = UInt32(info.userID.rawValue)
    group = UInt32(info.groupID.rawValue)
  }

  init(of descriptor: FileDescriptor) throws(Errno) { self.init(try descriptor.stat()) }

  /// stat(2) of a path, following symbolic links.
  init(atPath path: FilePath) throws(Errno) { self.init(try path.stat()) }

  var isDirectory: Bool { type == .directory }
  var isRegularFile: Bool { type == .regular }
}
