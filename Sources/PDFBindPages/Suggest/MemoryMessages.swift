import Glibc
import PDFBindCore

/// How long a run waits on the cache, read by both ends from the environment.
package enum CacheWait {
  /// `PDFBIND_CACHE_WAIT`: how many seconds a run waits for another that holds the cache's
  /// write lock (default 10; a value that is not a number of 0 or more is the default).
  package static var seconds: Double {
    getenv("PDFBIND_CACHE_WAIT").flatMap { Double(String(cString: $0)) }
      .flatMap { $0 >= 0 ? $0 : nil } ?? 10
  }

  /// How long the keeper's answers may take: `seconds` for the lock and 10 more, for its own
  /// work takes milliseconds; a keeper later than that is stuck, and the run goes on without
  /// it.
  package static var answerSeconds: Double { seconds + 10 }
}

/// What the command line asks the cache's keeper (`pdfbind-cache`, the process that holds the
/// SQLite file, so that `pdfbind` itself links no SQLite) and what it answers, as bytes for
/// `Frames`. Both ends are built from this package; a message that does not read back whole is
/// a keeper that broke its side, and the run goes on without the cache.
package enum MemoryRequest: Equatable, Sendable {
  /// The evidence kept for `file` read with `pages`, under the current rules.
  case evidence(FileIdentity, pages: Int)
  /// Keep `evidence` for `file` read with `pages`.
  case remember([Evidence], FileIdentity, pages: Int)
  /// review's pictures of `file`'s pages `key` (`"1 2 3"`), as `remember(pictures:)` kept them.
  case pictures(FileIdentity, key: String)
  case rememberPictures([UInt8], FileIdentity, key: String)
  /// Add this run's counts to the totals; the last request of a run.
  case finish
  /// `pdfbind cache`'s line.
  case describe
  /// `pdfbind cache --clear`.
  case clear

  /// Whether the keeper answers this request. What a run found is sent without waiting (the
  /// keeper writes it while the run reads on); its warnings come with the next answer, and a
  /// run's last request, `finish`, is always answered.
  package var wantsAnswer: Bool {
    switch self {
    case .remember, .rememberPictures: false
    case .evidence, .pictures, .finish, .describe, .clear: true
    }
  }

  package func encoded() -> [UInt8] {
    var out = WireWriter()
    switch self {
    case .evidence(let file, let pages):
      out.int(1)
      out.file(file)
      out.int(pages)
    case .remember(let evidence, let file, let pages):
      out.int(2)
      out.evidence(evidence)
      out.file(file)
      out.int(pages)
    case .pictures(let file, let key):
      out.int(3)
      out.file(file)
      out.string(key)
    case .rememberPictures(let pictures, let file, let key):
      out.int(4)
      out.raw(pictures)
      out.file(file)
      out.string(key)
    case .finish: out.int(5)
    case .describe: out.int(6)
    case .clear: out.int(7)
    }
    return out.bytes
  }

  package init(decoding bytes: [UInt8]) throws(WireReader.Malformed) {
    var input = WireReader(bytes)
    switch try input.int() {
    case 1: self = .evidence(try input.file(), pages: try input.int())
    case 2: self = .remember(try input.evidence(), try input.file(), pages: try input.int())
    case 3: self = .pictures(try input.file(), key: try input.string())
    case 4: self = .rememberPictures(try input.raw(), try input.file(), key: try input.string())
    case 5: self = .finish
    case 6: self = .describe
    case 7: self = .clear
    default: throw WireReader.Malformed()
    }
  }
}

/// The keeper's answer: the warnings it has for the user since the last answer (each printed
/// once, as `pdfbind: warning: …`), and what was asked for.
package struct MemoryReply: Equatable, Sendable {
  package enum Answer: Equatable, Sendable {
    case evidence([Evidence]?)
    case pictures([UInt8]?)
    case done
    /// `describe` and `clear`: the line to print.
    case line(String)
    /// `clear` could do nothing: the message to print as an error.
    case failed(String)
  }

  package var warnings: [String]
  package var answer: Answer

  package init(warnings: [String], answer: Answer) {
    self.warnings = warnings
    self.answer = answer
  }

  package func encoded() -> [UInt8] {
    var out = WireWriter()
    out.int(warnings.count)
    warnings.forEach { out.string($0) }
    switch answer {
    case .evidence(let evidence):
      out.int(1)
      out.bool(evidence != nil)
      if let evidence { out.evidence(evidence) }
    case .pictures(let pictures):
      out.int(2)
      out.bool(pictures != nil)
      if let pictures { out.raw(pictures) }
    case .done: out.int(3)
    case .line(let line):
      out.int(4)
      out.string(line)
    case .failed(let message):
      out.int(5)
      out.string(message)
    }
    return out.bytes
  }

  package init(decoding bytes: [UInt8]) throws(WireReader.Malformed) {
    var input = WireReader(bytes)
    let count = try input.int()
    guard (0...1000).contains(count) else { throw WireReader.Malformed() }
    warnings = []
    for _ in 0..<count { warnings.append(try input.string()) }
    switch try input.int() {
    case 1: answer = .evidence(try input.bool() ? try input.evidence() : nil)
    case 2: answer = .pictures(try input.bool() ? try input.raw() : nil)
    case 3: answer = .done
    case 4: answer = .line(try input.string())
    case 5: answer = .failed(try input.string())
    default: throw WireReader.Malformed()
    }
  }
}

extension Thumbnails.Thumbnail {
  /// review's pictures of one book as the cache keeps them: each page's number, size and PNG.
  package static func encoded(_ thumbnails: [Self]) -> [UInt8] {
    var out = WireWriter()
    out.int(thumbnails.count)
    for thumbnail in thumbnails {
      [thumbnail.page, thumbnail.width, thumbnail.height].forEach { out.int($0) }
      out.raw(thumbnail.png)
    }
    return out.bytes
  }

  /// The pictures `encoded` kept; nil when they do not read back whole (an older cache's).
  package static func decoded(_ bytes: [UInt8]) -> [Self]? {
    var input = WireReader(bytes)
    do throws(WireReader.Malformed) {
      let count = try input.int()
      guard (0...100_000).contains(count) else { return nil }
      var thumbnails: [Self] = []
      for _ in 0..<count {
        let (page, width, height) = (try input.int(), try input.int(), try input.int())
        thumbnails.append(Self(page: page, png: try input.raw(), width: width, height: height))
      }
      return thumbnails
    } catch {
      return nil
    }
  }
}

extension WireWriter {
  mutating func file(_ file: FileIdentity) {
    raw(file.path)
    [file.device, file.inode].forEach { int(Int(bitPattern: UInt($0))) }
    [file.size, file.modified, file.changed].forEach { int(Int($0)) }
    raw(file.tailDigest)
  }

  mutating func evidence(_ evidence: [Evidence]) {
    int(evidence.count)
    for item in evidence {
      string(item.source.rawValue)
      optionalString(item.says?.rawValue)
      string(item.detail)
      bool(item.weighed)
      int(item.pages.count)
      item.pages.forEach { int($0) }
      optionalString(item.layout?.rawValue)
      optionalString(item.leans?.rawValue)
    }
  }
}

extension WireReader {
  mutating func file() throws(Malformed) -> FileIdentity {
    FileIdentity(
      path: try raw(), device: UInt64(UInt(bitPattern: try int())),
      inode: UInt64(UInt(bitPattern: try int())), size: Int64(try int()),
      modified: Int64(try int()), changed: Int64(try int()), tailDigest: try raw())
  }

  mutating func evidence() throws(Malformed) -> [Evidence] {
    let count = try int()
    guard (0...10_000).contains(count) else { throw Malformed() }
    var evidence: [Evidence] = []
    for _ in 0..<count {
      guard let source = Evidence.Source(rawValue: try string()) else { throw Malformed() }
      let says = try binding()
      let (detail, weighed) = (try string(), try bool())
      let pageCount = try int()
      guard (0...100_000).contains(pageCount) else { throw Malformed() }
      var pages: [Int] = []
      for _ in 0..<pageCount { pages.append(try int()) }
      var layout: PageArrangement?
      if let name = try optionalString() {
        guard let known = PageArrangement(rawValue: name) else { throw Malformed() }
        layout = known
      }
      evidence.append(
        Evidence(
          source: source, says: says, detail: detail, weighed: weighed, pages: pages,
          layout: layout, leans: try binding()))
    }
    return evidence
  }

  private mutating func binding() throws(Malformed) -> PageBinding? {
    guard let name = try optionalString() else { return nil }
    guard let binding = PageBinding(rawValue: name) else { throw Malformed() }
    return binding
  }
}
