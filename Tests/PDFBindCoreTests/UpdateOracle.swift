@testable import PDFBindCore

/// A reader of exactly the syntax pdfbind writes (hex strings, `#`-escaped names, numbers,
/// references, arrays, dictionaries), written apart from the serializer so the fuzz tests can
/// check one against the other.
struct SyntaxParser {
  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8], at index: Int = 0) {
    self.bytes = bytes
    self.index = index
  }

  var atEnd: Bool {
    var copy = self
    copy.skipWhitespace()
    return copy.index == bytes.count
  }

  private static let whitespace: Set<UInt8> = [0, 9, 10, 12, 13, 32]
  private static let delimiters = Set("()<>[]{}/%".utf8)

  mutating func skipWhitespace() {
    while index < bytes.count, Self.whitespace.contains(bytes[index]) { index += 1 }
  }

  private func startsHere(_ text: String) -> Bool {
    bytes[index...].starts(with: Array(text.utf8))
  }

  private mutating func token() -> [UInt8] {
    let start = index
    while index < bytes.count, !Self.whitespace.contains(bytes[index]),
      !Self.delimiters.contains(bytes[index])
    {
      index += 1
    }
    return Array(bytes[start..<index])
  }

  mutating func parseValue() -> PDFValue? {
    skipWhitespace()
    guard index < bytes.count else { return nil }
    if startsHere("<<") {
      index += 2
      var entries: [(key: [UInt8], value: PDFValue)] = []
      while true {
        skipWhitespace()
        if startsHere(">>") {
          index += 2
          return .dictionary(entries)
        }
        guard case .name(let key)? = parseValue(), let value = parseValue() else { return nil }
        entries.append((key, value))
      }
    }
    switch bytes[index] {
    case UInt8(ascii: "<"):
      index += 1
      var digits: [UInt8] = []
      while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
        if !Self.whitespace.contains(bytes[index]) { digits.append(bytes[index]) }
        index += 1
      }
      index += 1
      if digits.count % 2 == 1 { digits.append(UInt8(ascii: "0")) }
      var result: [UInt8] = []
      for pair in stride(from: 0, to: digits.count, by: 2) {
        guard let byte = UInt8(String(decoding: digits[pair..<pair + 2], as: UTF8.self), radix: 16)
        else { return nil }
        result.append(byte)
      }
      return .string(result)
    case UInt8(ascii: "["):
      index += 1
      var items: [PDFValue] = []
      while true {
        skipWhitespace()
        if startsHere("]") {
          index += 1
          return .array(items)
        }
        guard let item = parseValue() else { return nil }
        items.append(item)
      }
    case UInt8(ascii: "/"):
      index += 1
      let raw = token()
      var name: [UInt8] = []
      var position = 0
      while position < raw.count {
        if raw[position] == UInt8(ascii: "#"), position + 2 < raw.count + 0,
          let byte = UInt8(
            String(decoding: raw[position + 1..<position + 3], as: UTF8.self), radix: 16)
        {
          name.append(byte)
          position += 3
        } else {
          name.append(raw[position])
          position += 1
        }
      }
      return .name(name)
    default:
      let word = String(decoding: token(), as: UTF8.self)
      switch word {
      case "true": return .boolean(true)
      case "false": return .boolean(false)
      case "null": return .null
      case _ where word.contains("."): return .real(word)
      default:
        guard let number = Int64(word) else { return nil }
        // `N G R` is a reference; otherwise the integer stands alone.
        var lookahead = self
        lookahead.skipWhitespace()
        if let generation = Int(String(decoding: lookahead.token(), as: UTF8.self)) {
          lookahead.skipWhitespace()
          if lookahead.token() == [UInt8(ascii: "R")] {
            self = lookahead
            return .reference(objectNumber: Int(number), generation: generation)
          }
        }
        return .integer(number)
      }
    }
  }
}

/// Reads an update back the way a strict reader would, from its `startxref`, and lists what
/// does not hold: every entry lands on its `N G obj`, every object reads back as written, the
/// section is of the requested kind with exact 20-byte entries or exact stream rows, and the
/// trailer has the right `/Size` and `/Prev`.
enum UpdateOracle {
  static func problems(in bytes: [UInt8], update: IncrementalUpdate, base: Int) -> [String] {
    var problems: [String] = []
    if (bytes.first == 0x0A) == update.layout.endsWithNewline {
      problems.append("a leading newline only when the file does not end with one")
    }
    // The marker comes next, recording the file's length before the update (before that
    // newline), on a line of its own.
    let markerLine = Array("%pdfbind \(update.version) prev-length \(update.originalSize)\n".utf8)
    if !bytes.dropFirst(update.layout.endsWithNewline ? 0 : 1).starts(with: markerLine) {
      problems.append("no marker recording the length \(update.originalSize) at the start")
    }
    let text = String(decoding: bytes.suffix(64), as: UTF8.self)
    guard let tailRange = text.range(of: "startxref\n", options: .backwards),
      text.hasSuffix("\n%%EOF\n"),
      let startxref = Int(text[tailRange.upperBound...].prefix { $0.isNumber })
    else { return problems + ["no startxref / %%EOF at the end"] }
    let section = startxref - base
    guard section >= 0, section < bytes.count else {
      return problems + ["startxref \(startxref) is outside the update"]
    }

    let highest = update.objects.map(\.objectNumber).max() ?? 0
    let size = max(update.previousSize, highest + 1)
    var entries: [Int: (offset: Int, generation: Int)] = [:]
    var trailer: PDFValue?
    if update.kind == .stream {
      var parser = SyntaxParser(bytes: bytes, at: section)
      guard case .integer(let number)? = parser.parseValue(), number == size,
        case .integer(0)? = parser.parseValue(),
        String(decoding: bytes[parser.index..<parser.index + 5], as: UTF8.self) == " obj\n"
      else { return problems + ["the xref stream is not object \(size) 0"] }
      parser.index += 5
      guard let dictionary = parser.parseValue(),
        case .integer(let length)? = dictionary["Length"],
        case .array(let widths)? = dictionary["W"], widths.count == 3,
        case .array(let index)? = dictionary["Index"]
      else { return problems + ["the xref stream dictionary lacks /Length, /W or /Index"] }
      trailer = dictionary
      let w = widths.map { if case .integer(let n) = $0 { Int(n) } else { -1 } }
      let start = parser.index + "\nstream\n".count
      guard String(decoding: bytes[parser.index..<start], as: UTF8.self) == "\nstream\n",
        start + Int(length) <= bytes.count,
        bytes[(start + Int(length))...].starts(with: Array("\nendstream\nendobj\n".utf8))
      else { return problems + ["the stream data is not exactly /Length bytes"] }
      if dictionary["Type"] != .name("XRef") { problems.append("/Type is not /XRef") }
      if dictionary["Size"] != .integer(Int64(size + 1)) {
        problems.append("/Size is not \(size + 1)")
      }
      var row = start
      let numbers: [Int] = stride(from: 0, to: index.count - 1, by: 2).flatMap { pair in
        guard case .integer(let first) = index[pair], case .integer(let count) = index[pair + 1]
        else { return [Int]() }
        return Array(Int(first)..<Int(first + count))
      }
      guard w[0] == 1, numbers.count * (w[0] + w[1] + w[2]) == Int(length) else {
        return problems + ["/W \(w) and /Index do not match /Length \(length)"]
      }
      func field(_ width: Int) -> Int {
        defer { row += width }
        return bytes[row..<row + width].reduce(0) { $0 << 8 | Int($1) }
      }
      for number in numbers {
        if field(1) != 1 { problems.append("entry \(number) is not type 1") }
        entries[number] = (field(w[1]), field(w[2]))
      }
      if entries.removeValue(forKey: size)?.offset != startxref {
        problems.append("the stream's own entry is not its offset")
      }
    } else {
      guard bytes[section...].starts(with: Array("xref\n".utf8)) else {
        return problems + ["startxref does not point at xref"]
      }
      var position = section + 5
      while !bytes[position...].starts(with: Array("trailer\n".utf8)) {
        let lineEnd = bytes[position...].firstIndex(of: 0x0A) ?? bytes.count
        let header = String(decoding: bytes[position..<lineEnd], as: UTF8.self)
          .split(separator: " ").compactMap { Int($0) }
        guard header.count == 2 else { return problems + ["bad subsection header \(header)"] }
        position = lineEnd + 1
        for number in header[0]..<header[0] + header[1] {
          let entry = String(
            decoding: bytes[position..<min(bytes.count, position + 20)], as: UTF8.self)
          let fields = entry.split(separator: " ")
          guard entry.count == 20, entry.hasSuffix(" n \n"), fields.count == 4,
            fields[0].count == 10, fields[1].count == 5,
            let offset = Int(fields[0]), let generation = Int(fields[1])
          else {
            return problems + ["entry for \(number) is not 20 bytes: \(entry.debugDescription)"]
          }
          entries[number] = (offset, generation)
          position += 20
        }
      }
      var parser = SyntaxParser(bytes: bytes, at: position + "trailer\n".count)
      trailer = parser.parseValue()
      if trailer?["Size"] != .integer(Int64(size)) { problems.append("/Size is not \(size)") }
      if trailer?["XRefStm"] != nil { problems.append("a stale /XRefStm") }
    }
    if trailer?["Prev"] != .integer(Int64(update.layout.startxref)) {
      problems.append("/Prev is not the old startxref")
    }
    if trailer?["Root"] != .reference(objectNumber: 1, generation: 0) {
      problems.append("no /Root")
    }
    if Set(entries.keys) != Set(update.objects.map(\.objectNumber)) {
      problems.append("entries \(entries.keys.sorted()) for other objects than written")
    }
    for object in update.objects {
      guard let entry = entries[object.objectNumber], entry.generation == object.generation
      else { continue }
      let at = entry.offset - base
      let header = Array("\(object.objectNumber) \(object.generation) obj\n".utf8)
      guard at >= 0, at < bytes.count, bytes[at...].starts(with: header) else {
        problems.append("the entry of \(object.objectNumber) does not land on its obj line")
        continue
      }
      var parser = SyntaxParser(bytes: bytes, at: at + header.count)
      if parser.parseValue() != object.value {
        problems.append("object \(object.objectNumber) does not read back as written")
      }
      if !bytes[parser.index...].starts(with: Array("\nendobj\n".utf8)) {
        problems.append("object \(object.objectNumber) has no endobj")
      }
    }
    return problems
  }
}
