/// The random damage the mutation tests do to a PDF's bytes, one edit at a time: a byte
/// changed, a run of bytes cut, a PDF keyword inserted, 20 bytes from elsewhere in the file
/// copied over the place, and, given `syntaxCharacters`, a byte replaced by one of them.
public struct ByteDamage: Sendable {
  /// What an insertion puts in: keywords and fragments of PDF syntax.
  public let inserts: [String]
  /// The longest run of bytes one cut removes.
  public let longestCut: Int
  /// Characters a byte may be replaced by (digits, delimiters); none leaves that edit out.
  public let syntaxCharacters: [UInt8]

  public init(inserts: [String], longestCut: Int, syntaxCharacters: String = "") {
    self.inserts = inserts
    self.longestCut = longestCut
    self.syntaxCharacters = Array(syntaxCharacters.utf8)
  }

  /// One edit at `position` (an index of `bytes`); a file cut to nothing becomes a bare header.
  public func apply(to bytes: inout [UInt8], at position: Int, using random: inout SplitMix64) {
    let kinds: UInt64 = syntaxCharacters.isEmpty ? 4 : 5
    var kind = random.next() % kinds
    // Without syntax characters, that edit is skipped and the others keep their numbers.
    if syntaxCharacters.isEmpty, kind >= 1 { kind += 1 }
    switch kind {
    case 0: bytes[position] = UInt8(truncatingIfNeeded: random.next())
    case 1:
      bytes[position] = syntaxCharacters[Int(random.next() % UInt64(syntaxCharacters.count))]
    case 2:
      let length = 1 + Int(random.next() % UInt64(longestCut))
      bytes.removeSubrange(position..<min(bytes.count, position + length))
    case 3:
      let insert = inserts[Int(random.next() % UInt64(inserts.count))]
      bytes.insert(contentsOf: Array(insert.utf8), at: position)
    default:
      let from = Int(random.next() % UInt64(bytes.count))
      let chunk = Array(bytes[from..<min(bytes.count, from + 20)])
      bytes.replaceSubrange(position..<min(bytes.count, position + chunk.count), with: chunk)
    }
    if bytes.isEmpty { bytes = Array("%PDF-1.4\n".utf8) }
  }
}
