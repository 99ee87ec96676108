import Glibc
import PDFBindCore
import SystemPackage

/// The version of the rules that turn a file's bytes into evidence and evidence into a
/// decision. A remembered answer (`EvidenceMemory`, the command line's cache) is used only
/// under the version that found it, so **bump `version` in any change that can change what
/// `suggest` prints for some file**: a new source of evidence, a threshold, a detail's wording,
/// the pages looked at. A change that cannot (speed, names) leaves it. `SuggestRulesTests`
/// keeps a digest of the rules' source files beside this number and fails, saying so, when
/// they change without it.
public enum SuggestRules {
  public static let version = 75
}

/// Somewhere to keep what a file's own bytes showed `suggest`, so a file read before is not
/// read again: the command line's cache (PDFBindCache). `BindingAdvisor` asks before reading
/// a file's pages and tells after; what it keeps is the evidence found in the bytes (never the
/// sidecar files beside them, read each time, nor the declared binding, read from the file
/// each time), so the suggestion made from it is the one a fresh read makes.
public protocol EvidenceMemory: Sendable {
  /// The evidence found in `file` when its pages were read with `pages`, if remembered under
  /// the current `SuggestRules.version`.
  func evidence(for file: FileIdentity, pages: Int) -> [Evidence]?
  /// Keeps `evidence`, found in `file` with `pages`.
  func remember(_ evidence: [Evidence], for file: FileIdentity, pages: Int)
}

extension EvidenceMemory {
  /// After `set` wrote `suggestion`'s file anew at `path` (its binding or layout changed, its
  /// pages did not): the evidence its bytes showed, kept for the bytes now there.
  public func rememberRewritten(_ suggestion: Suggestion, at path: FilePath, pages: Int) {
    let evidence = suggestion.evidenceFromBytes
    guard !suggestion.foundTransiently, EvidenceRecall.foundWithEveryTool(evidence),
      let file = FileIdentity(path: path)
    else { return }
    remember(evidence, for: file, pages: pages)
  }
}

extension Suggestion {
  /// The evidence read from the file's own bytes: all but the declared binding and the
  /// sidecar files (metadata.opf, ComicInfo.xml).
  public var evidenceFromBytes: [Evidence] {
    evidence.filter { ![.declared, .metadataOPF, .comicInfo].contains($0.source) }
  }
}

/// What identifies a file's bytes without reading them all: where it is (device, inode), its
/// size, its modification and change times (ns) and the SHA-256 of its last `tailLength`
/// bytes. Every incremental update, pdfbind's or another tool's, is appended, so it changes
/// the size and the tail; a file rewritten whole is a new inode (written beside and renamed)
/// or has new times; the change time cannot be set back by any tool (`touch -r` and rsync
/// set the modification time only), so a same-size edit in place with its modification time
/// restored is still seen.
public struct FileIdentity: Hashable, Sendable {
  public static let tailLength = 64 * 1024
  /// The path's bytes, as the file system gives them.
  public var path: [UInt8]
  public var device: UInt64
  public var inode: UInt64
  public var size: Int64
  /// Nanoseconds since 1970.
  public var modified: Int64
  public var changed: Int64
  public var tailDigest: [UInt8]

  /// An identity as the cache's keeper receives it.
  package init(
    path: [UInt8], device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64,
    tailDigest: [UInt8]
  ) {
    (self.path, self.device, self.inode, self.size) = (path, device, inode, size)
    (self.modified, self.changed, self.tailDigest) = (modified, changed, tailDigest)
  }

  /// The identity of the regular file at `path`; nil when it cannot be opened or read.
  public init?(path: FilePath) {
    let descriptor = path.withPlatformString { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    let size = Int64(status.st_size)
    let length = Int(min(size, Int64(Self.tailLength)))
    var tail = [UInt8](repeating: 0, count: length)
    var done = 0
    while done < length {
      let got = tail.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + done, length - done, off_t(size) - off_t(length - done))
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return nil }
      done += got
    }
    self.path = path.withPlatformString {
      Array(UnsafeRawBufferPointer(start: $0, count: strlen($0)))
    }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    self.size = size
    modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    tailDigest = Ciphers.digest(.sha256, tail)
  }
}

/// One file's visit to the memory: its identity before it is read, what was remembered, and
/// `keep` for what a fresh read found.
struct EvidenceRecall {
  let memory: any EvidenceMemory
  let path: FilePath
  let file: FileIdentity
  let pages: Int
  let remembered: [Evidence]?

  init?(_ memory: (any EvidenceMemory)?, path: FilePath, pages: Int) {
    guard let memory, let file = FileIdentity(path: path) else { return nil }
    (self.memory, self.path, self.file, self.pages) = (memory, path, file, pages)
    // What a run with Tesseract read is not this run's answer when Tesseract or its script
    // data has gone since: this run would say the script evidence is not available.
    remembered = memory.evidence(for: file, pages: pages).flatMap {
      Self.foundWithEveryTool($0) ? $0 : nil
    }
  }

  /// Keeps `evidence` when the file is still the one identified before it was read and no
  /// tool was missing (a machine without Tesseract finds less than one with it).
  func keep(_ evidence: [Evidence]) {
    guard Self.foundWithEveryTool(evidence), FileIdentity(path: path) == file
    else { return }
    memory.remember(evidence, for: file, pages: pages)
  }

  /// Whether `evidence` is what a machine with every tool finds: evidence without the page
  /// script needs none, the page script needs Tesseract and its script data here (a machine
  /// without them finds less, and says so).
  static func foundWithEveryTool(_ evidence: [Evidence]) -> Bool {
    guard evidence.contains(where: { $0.source == .pageScript }) else { return true }
    return scriptReadable
  }

  /// Tesseract loads and finds its script data; asked once a process.
  private static let scriptReadable: Bool = {
    guard case .success = TesseractLibrary.shared else { return false }
    return (try? TesseractLibrary.dataDirectory(for: .scriptData)) != nil
  }()
}
