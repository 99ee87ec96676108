import Foundation
import PDFBindTestSupport
import PropertyBased
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// pdfbind's own byte-level code under generated input: the scans of a file's head and tail,
/// the update builder, the serializer and the string ciphers. Each property has an oracle
/// that does not reuse the code under test.
///
/// A smoke run by default; `make fuzz` sets `PDFBIND_FUZZ_COUNT` (a million per property).
/// A failure prints the seed that reproduces it (`.fixedSeed(…)` on the test).
@Suite("Fuzz")
struct FuzzTests {
  static let count =
    ProcessInfo.processInfo.environment["PDFBIND_FUZZ_COUNT"].flatMap(Int.init)
    ?? 2_000

  /// The last 300 bytes of every corpus file: real tails to mutate.
  static let corpusTails: [[UInt8]] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixture.corpus.path)) ?? []
    return names.filter { $0.hasSuffix(".pdf") }.sorted().compactMap { name in
      (try? Data(contentsOf: Fixture.corpus.appendingPathComponent(name))).map {
        Array($0.suffix(300))
      }
    }
  }()

  static let tokens = [
    "startxref", "%%EOF", "%PDF-", "xref", "trailer", "obj", "endobj", " ", "\n", "\r", "\r\n",
    "0", "7", "12", "99999999999999999999", "-1", "<<", ">>", "%", "\0", "\u{0C}",
  ].map { Array($0.utf8) }

  /// Raw bytes, a soup of the keywords the scans look for, or a corpus tail with edits.
  static func scanInput(_ seed: UInt64) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    switch random.next() % 3 {
    case 0:
      return (0..<Int(random.next() % 400)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    case 1:
      return (0..<Int(random.next() % 60)).flatMap { _ in
        tokens[Int(random.next() % UInt64(tokens.count))]
      }
    default:
      guard !corpusTails.isEmpty else { return [] }
      var bytes = corpusTails[Int(random.next() % UInt64(corpusTails.count))]
      for _ in 0..<Int(random.next() % 8) {
        let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
        switch random.next() % 4 {
        case 0 where !bytes.isEmpty: bytes[position] = UInt8(truncatingIfNeeded: random.next())
        case 1:
          bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: position)
        case 2:
          bytes.removeSubrange(position..<min(bytes.count, position + Int(random.next() % 20)))
        default: bytes = Array(bytes.prefix(position))
        }
      }
      return bytes
    }
  }

  @Test("The head and tail scans accept any bytes and find only what is there")
  func scans() async {
    await propertyCheck(count: Self.count, input: Gen.uint64()) { seed in
      let bytes = Self.scanInput(seed)
      let header = Array("%PDF-".utf8)
      let headerAt = (0..<max(0, min(bytes.count, FileTail.headWindow) - 4)).first {
        bytes[$0..<$0 + 5].elementsEqual(header)
      }
      #expect(FileTail.headerOffset(in: bytes) == headerAt, "seed \(seed)")

      let text = String(decoding: bytes, as: UTF8.self)
      #expect(FileTail.containsEOFMarker(bytes) == bytes.contains(subsequence: Array("%%EOF".utf8)))
      // The scan's number is the one after the last keyword that has one, as a regular
      // expression over the same bytes finds it; none when no keyword is followed by digits.
      #expect(FileTail.lastStartxref(in: bytes) == Self.lastStartxrefByRegex(bytes), "seed \(seed)")
      if FileTail.lastStartxref(in: bytes) != nil {
        #expect(text.contains("startxref"), "seed \(seed)")
      } else {
        #expect(!Self.hasStartxrefWithNumber(bytes), "seed \(seed)")
      }
      if let kind = CrossReferenceReader.sectionKind(in: bytes) {
        let trimmed = bytes.drop { PDFCharacter.isWhitespace($0) }
        #expect(
          kind == .table
            ? trimmed.starts(with: Array("xref".utf8))
            : trimmed.first.map { $0 >= 0x30 && $0 <= 0x39 } == true,
          "seed \(seed)")
      }
    }
  }

  /// The oracle for `lastStartxref`: the digits (at most 18) after the last `startxref` that
  /// whitespace and digits follow, found by a regular expression over the bytes as Latin-1.
  private static func lastStartxrefByRegex(_ bytes: [UInt8]) -> Int? {
    let text = String(bytes.map { Character(Unicode.Scalar($0)) })
    let pattern = /startxref[\x00\t\n\x0C\r ]*([0-9]{1,18})/.matchingSemantics(.unicodeScalar)
    let matches = text.matches(of: pattern)
    return matches.last.flatMap { Int($0.1) }
  }

  private static func hasStartxrefWithNumber(_ bytes: [UInt8]) -> Bool {
    let keyword = Array("startxref".utf8)
    guard bytes.count > keyword.count else { return false }
    for start in 0...(bytes.count - keyword.count) where bytes[start...].starts(with: keyword) {
      let rest = bytes[(start + keyword.count)...].drop { PDFCharacter.isWhitespace($0) }
      if let first = rest.first, first >= 0x30, first <= 0x39 { return true }
    }
    return false
  }

  @Test("Any value the serializer writes parses back to the same value")
  func serializerRoundTrip() async {
    await propertyCheck(count: Self.count, input: Gen.uint64()) { seed in
      var random = SplitMix64(seed: seed)
      let value = Self.randomValue(&random, depth: 0)
      var out: [UInt8] = []
      PDFSyntax.serialize(value, into: &out)
      var parser = SyntaxParser(bytes: out)
      #expect(parser.parseValue() == value, "seed \(seed): \(String(decoding: out, as: UTF8.self))")
      #expect(parser.atEnd, "seed \(seed)")
    }
  }

  @Test("Every update's offsets, entries, /Prev and startxref are exact")
  func updateStructure() async {
    await propertyCheck(count: Self.count, input: Gen.uint64()) { seed in
      var random = SplitMix64(seed: seed)
      let kind: CrossReferenceKind = [.table, .hybrid, .stream][Int(random.next() % 3)]
      let originalSize = 20 + Int(random.next() % 5_000_000_000)
      let layout = FileLayout(
        headerOffset: Int(random.next() % 3) == 0 ? Int(random.next() % 1000) : 0,
        startxref: Int(random.next() % UInt64(originalSize - 10)),
        endsWithNewline: random.next() % 2 == 0)
      var numbers = Set<Int>()
      for _ in 0...Int(random.next() % 3) { numbers.insert(1 + Int(random.next() % 100_000)) }
      let objects = numbers.map {
        RewrittenObject(
          objectNumber: $0, generation: Int(random.next() % 4 == 0 ? random.next() % 65_535 : 0),
          value: Self.randomDictionary(&random, depth: 0))
      }
      let previousSize = 1 + Int(random.next() % 200_000)
      let update = IncrementalUpdate(
        layout: layout, originalSize: originalSize, kind: kind, previousSize: previousSize,
        carriedTrailerEntries: [(Array("Root".utf8), .reference(objectNumber: 1, generation: 0))],
        objects: objects)
      let bytes = update.bytes()
      let problems = UpdateOracle.problems(
        in: bytes, update: update, base: originalSize - layout.headerOffset)
      #expect(problems.isEmpty, "seed \(seed): \(problems)")
    }
  }

  @Test("Encrypted strings decrypt to the plain text, with RC4 and AES")
  func stringCiphers() async {
    await propertyCheck(count: Self.count / 10, input: Gen.uint64()) { seed in
      var random = SplitMix64(seed: seed)
      let plain = (0..<Int(random.next() % 100)).map { _ in UInt8(truncatingIfNeeded: random.next())
      }
      let key = (0..<32).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let rc4Key = Array(key.prefix(1 + Int(random.next() % 16)))
      #expect(Ciphers.rc4(key: rc4Key, Ciphers.rc4(key: rc4Key, plain)) == plain)
      for aesKey in [Array(key.prefix(16)), key] {
        let iv = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let padding = 16 - plain.count % 16
        let cipher = Ciphers.aesCBC(
          encrypt: true, key: aesKey, iv: iv,
          plain + Array(repeating: UInt8(padding), count: padding))
        let decrypted = Ciphers.aesCBC(encrypt: false, key: aesKey, iv: iv, cipher)
        #expect(Array(decrypted.dropLast(padding)) == plain, "seed \(seed)")
      }
    }
  }

  @Test("RC4 and AES-CBC agree with an independent implementation (Python's cryptography)")
  func ciphersAgreeWithCryptography() throws {
    var random = SplitMix64(seed: 0xC1_9E45)
    var cases: [[String: String]] = []
    var ours: [String] = []
    for _ in 0..<max(50, Self.count / 20) {
      let plain = (0..<Int(random.next() % 100)).map { _ in UInt8(truncatingIfNeeded: random.next())
      }
      let key = (0..<32).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      // The key lengths PDF uses (40 to 128 bits) that cryptography's ARC4 accepts.
      let rc4Key = Array(key.prefix([5, 7, 8, 10, 16][Int(random.next() % 5)]))
      let aesKey = random.next() % 2 == 0 ? Array(key.prefix(16)) : key
      let iv = (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      let padded =
        plain + Array(repeating: UInt8(16 - plain.count % 16), count: 16 - plain.count % 16)
      cases.append([
        "plain": Self.hex(plain), "padded": Self.hex(padded), "rc4key": Self.hex(rc4Key),
        "aeskey": Self.hex(aesKey), "iv": Self.hex(iv),
      ])
      ours.append(Self.hex(Ciphers.rc4(key: rc4Key, plain)))
      ours.append(Self.hex(Ciphers.aesCBC(encrypt: true, key: aesKey, iv: iv, padded)))
    }
    let script = """
      import json, sys
      from cryptography.hazmat.primitives.ciphers import Cipher, modes
      from cryptography.hazmat.primitives.ciphers.algorithms import AES
      from cryptography.hazmat.decrepit.ciphers.algorithms import ARC4
      out = []
      for c in json.load(sys.stdin):
          h = bytes.fromhex
          rc4 = Cipher(ARC4(h(c["rc4key"])), mode=None).encryptor()
          out.append((rc4.update(h(c["plain"])) + rc4.finalize()).hex())
          aes = Cipher(AES(h(c["aeskey"])), modes.CBC(h(c["iv"]))).encryptor()
          out.append((aes.update(h(c["padded"])) + aes.finalize()).hex())
      print("\\n".join(out))
      """
    let input = try JSONSerialization.data(withJSONObject: cases)
    let result = try runProcess(which("python3")!, ["-c", script], input: input)
    try #require(result.status == 0, "python3: \(result.err)")
    // An empty plaintext gives an empty line, so empty lines count.
    let theirs = result.out.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().map(String.init)
    #expect(theirs.count == ours.count)
    for (index, pair) in zip(ours, theirs).enumerated() where pair.0 != pair.1 {
      Issue.record("case \(index / 2) (\(index % 2 == 0 ? "RC4" : "AES")): \(pair.0) != \(pair.1)")
      break
    }
  }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
  }

  // MARK: - Random values

  static func randomBytes(_ random: inout SplitMix64, max: UInt64) -> [UInt8] {
    (0..<Int(random.next() % max)).map { _ in
      // Bias towards the bytes that need escaping.
      random.next() % 3 == 0
        ? Array("()<>[]{}/%# \n\r\t\0\\".utf8)[Int(random.next() % 17)]
        : UInt8(truncatingIfNeeded: random.next())
    }
  }

  static func randomValue(_ random: inout SplitMix64, depth: Int) -> PDFValue {
    switch random.next() % (depth < 3 ? 10 : 8) {
    case 0: return .null
    case 1: return .boolean(random.next() % 2 == 0)
    case 2: return .integer(Int64(bitPattern: random.next()) >> (random.next() % 64))
    case 3:
      return .real(["0.5", "-1.25", ".5", "3.", "-0.0001", "12345.678"][Int(random.next() % 6)])
    case 4: return .name(randomBytes(&random, max: 12).map { $0 == 0 ? 1 : $0 })
    case 5, 6: return .string(randomBytes(&random, max: 40))
    case 7:
      return .reference(
        objectNumber: 1 + Int(random.next() % 1_000_000), generation: Int(random.next() % 65_536))
    case 8:
      return .array(
        (0..<Int(random.next() % 5)).map { _ in randomValue(&random, depth: depth + 1) })
    default:
      return randomDictionary(&random, depth: depth + 1)
    }
  }

  static func randomDictionary(_ random: inout SplitMix64, depth: Int) -> PDFValue {
    var keys = Set<[UInt8]>()
    for _ in 0..<Int(random.next() % 5) {
      keys.insert(randomBytes(&random, max: 8).map { $0 == 0 ? 1 : $0 })
    }
    return .dictionary(
      keys.sorted { $0.lexicographicallyPrecedes($1) }.map {
        ($0, randomValue(&random, depth: depth + 1))
      })
  }
}

extension Array where Element == UInt8 {
  func contains(subsequence needle: [UInt8]) -> Bool {
    guard count >= needle.count else { return false }
    return (0...(count - needle.count)).contains { self[$0...].starts(with: needle) }
  }
}
