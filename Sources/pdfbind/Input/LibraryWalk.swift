import Glibc
import PDFBindCore
import SystemPackage

/// The inputs of a run as a stream: each named path in order, and with -r each directory's
/// PDF files, found as they are needed (a library of a million files is never listed whole).
struct InputStream: Sequence {
  let named: [Input]
  let recursive: Bool

  func makeIterator() -> Iterator { Iterator(named: named, recursive: recursive) }

  /// The number of inputs, when known before the run (a -r walk's is not).
  var knownCount: Int? { recursive ? nil : named.count }

  /// True when the run may hold more than one file (-H is implied, as for several FILEs).
  var mayHoldSeveral: Bool {
    named.count > 1 || (recursive && named.contains { !$0.isStandardInput && $0.isDirectory })
  }

  struct Iterator: IteratorProtocol {
    private var named: IndexingIterator<[Input]>
    private let recursive: Bool
    private var walk: LibraryWalk?

    init(named: [Input], recursive: Bool) {
      self.named = named.makeIterator()
      self.recursive = recursive
    }

    mutating func next() -> Input? {
      while true {
        if let found = walk?.next() { return found }
        walk = nil
        guard let input = named.next() else { return nil }
        guard recursive, !input.isStandardInput, input.isDirectory else { return input }
        walk = LibraryWalk(root: input)
      }
    }
  }
}

extension Input {
  /// The path names a directory (following a symbolic link the user named).
  var isDirectory: Bool {
    var info = stat()
    return path.withPlatformString { stat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFDIR
  }
}

/// A depth-first walk of one directory tree: files whose names end in `.pdf` (any case), each
/// directory's entries in byte order, symbolic links to directories not followed (a link to a
/// file is a file). A directory that cannot be read becomes an input that fails with the
/// reason, and the walk goes on. Memory holds one sorted listing per level, not the tree.
struct LibraryWalk: IteratorProtocol {
  private struct Level {
    var directory: [UInt8]
    var entries: [(name: [UInt8], type: UInt8)]
    var next = 0
  }
  private var stack: [Level] = []
  private var pending: Input?

  init(root: Input) {
    var directory = root.display
    while directory.count > 1, directory.last == UInt8(ascii: "/") { directory.removeLast() }
    enter(directory)
  }

  mutating func next() -> Input? {
    if let pending {
      self.pending = nil
      return pending
    }
    while !stack.isEmpty {
      let level = stack.count - 1
      guard stack[level].next < stack[level].entries.count else {
        stack.removeLast()
        continue
      }
      let entry = stack[level].entries[stack[level].next]
      stack[level].next += 1
      let directory = stack[level].directory
      let path =
        directory == [UInt8(ascii: "/")] ? directory + entry.name : directory + [0x2F] + entry.name
      var type = entry.type
      if type == UInt8(DT_UNKNOWN) {
        // Some file systems leave d_type unset: ask lstat.
        var info = stat()
        guard Self.withCString(path, { lstat($0, &info) }) == 0 else {
          return Self.failure(path, errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: type = UInt8(DT_DIR)
        case S_IFLNK: type = UInt8(DT_LNK)
        case S_IFREG: type = UInt8(DT_REG)
        default: type = UInt8(DT_UNKNOWN)
        }
      }
      if type == UInt8(DT_DIR) {
        enter(path)
        if let pending {
          self.pending = nil
          return pending
        }
        continue
      }
      guard Self.isPDFName(entry.name) else { continue }
      if type == UInt8(DT_LNK) {
        // A link to a directory is not followed; a link to anything else is processed, and a
        // dangling one fails as a missing file would.
        var info = stat()
        if Self.withCString(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR {
          continue
        }
      } else if type != UInt8(DT_REG) {
        continue
      }
      return Input(path: FilePath(platformString: path), display: path)
    }
    return nil
  }

  /// Lists `directory` (sorted) onto the stack, or leaves its failure pending.
  private mutating func enter(_ directory: [UInt8]) {
    guard let handle = Self.withCString(directory, { opendir($0) }) else {
      pending = Self.failure(directory, errno)
      return
    }
    defer { closedir(handle) }
    var entries: [(name: [UInt8], type: UInt8)] = []
    while true {
      errno = 0
      guard let entry = readdir(handle) else {
        if errno != 0 {
          pending = Self.failure(directory, errno)
          return
        }
        break
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      if name == [0x2E] || name == [0x2E, 0x2E] { continue }
      entries.append((name, entry.pointee.d_type))
    }
    entries.sort { $0.name.lexicographicallyPrecedes($1.name) }
    stack.append(Level(directory: directory, entries: entries))
  }

  static func isPDFName(_ name: [UInt8]) -> Bool {
    guard name.count > 4 else { return false }
    return String(decoding: name.suffix(4), as: UTF8.self).lowercased() == ".pdf"
  }

  private static func failure(_ path: [UInt8], _ code: Int32) -> Input {
    Input(
      path: FilePath(platformString: path), display: path,
      walkFailure: WalkError(Errno(rawValue: code)))
  }

  private static func withCString<T>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
    (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
