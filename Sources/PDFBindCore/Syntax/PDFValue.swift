/// A direct PDF object: the one value model. pdfbind's own parser (`ObjectParser`) and qpdf's
/// read both produce it, and the serializer (`PDFSyntax`) writes it, so the bytes an update
/// appends are produced by code we can test without a file. Indirect objects stay references.
package enum PDFValue: Equatable, Sendable {
  case null
  case boolean(Bool)
  case integer(Int64)
  /// A real number, kept as the text it was written with (qpdf keeps it the same way).
  case real(String)
  /// A name without its slash and with `#xx` escapes resolved.
  case name([UInt8])
  /// A string's bytes, already decrypted by qpdf when the file is encrypted.
  case string([UInt8])
  case array([PDFValue])
  /// Keys (names without slash) in the order qpdf reports them.
  case dictionary([(key: [UInt8], value: PDFValue)])
  case reference(objectNumber: Int, generation: Int)

  package static func == (lhs: PDFValue, rhs: PDFValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.boolean(let a), .boolean(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.real(let a), .real(let b)): a == b
    case (.name(let a), .name(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.dictionary(let a), .dictionary(let b)):
      // Keys are unique and their order carries no meaning (qpdf reports them sorted).
      a.count == b.count && a.allSatisfy { entry in b.contains { $0 == entry } }
    case (.reference(let a, let g), .reference(let b, let h)): a == b && g == h
    default: false
    }
  }

  static func name(_ text: String) -> PDFValue { .name(Array(text.utf8)) }

  /// The value for `key` when this is a dictionary.
  subscript(key: String) -> PDFValue? {
    guard case .dictionary(let entries) = self else { return nil }
    let wanted = Array(key.utf8)
    return entries.first { $0.key == wanted }?.value
  }

  /// A copy of this dictionary with `key` set to `value` (appended when new), or removed when
  /// `value` is nil. Other entries keep their order.
  func updating(_ key: String, to value: PDFValue?) -> PDFValue {
    guard case .dictionary(var entries) = self else { return self }
    let wanted = Array(key.utf8)
    if let index = entries.firstIndex(where: { $0.key == wanted }) {
      if let value { entries[index].value = value } else { entries.remove(at: index) }
    } else if let value {
      entries.append((wanted, value))
    }
    return .dictionary(entries)
  }

  var isEmptyDictionary: Bool {
    if case .dictionary(let entries) = self { return entries.isEmpty }
    return false
  }

  /// True when a string occurs anywhere inside this direct value.
  var containsString: Bool {
    switch self {
    case .string: true
    case .array(let items): items.contains { $0.containsString }
    case .dictionary(let entries): entries.contains { $0.value.containsString }
    default: false
    }
  }
}

extension PDFValue {
  /// The entries of a dictionary whose keys are in `names`, in the dictionary's order.
  func entries(named names: [String]) -> [(key: [UInt8], value: PDFValue)] {
    guard case .dictionary(let entries) = self else { return [] }
    let wanted = Set(names.map { Array($0.utf8) })
    return entries.filter { wanted.contains($0.key) }
  }
}
