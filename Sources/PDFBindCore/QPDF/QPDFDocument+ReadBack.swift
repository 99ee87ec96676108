internal import CQPDF

// MARK: - Reading back what an update wrote, without resolving what it points at

// qpdf resolves every entry of a dictionary when it lists the dictionary's keys (it leaves out
// the entries that read as null), so listing a book's catalog makes it parse the object stream
// that holds the page tree's root: in a 5,000-page book, a `/Kids` array of 5,000 references
// and 42 M instructions, more than half of one bare open. These reads fetch each entry by its
// key and never resolve a reference.

extension QPDFDocument {
  /// Whether object (`number`, `generation`) holds `value` as written: each dictionary entry
  /// of `value` fetched by its key, each array item by its index, each reference compared as
  /// its number and generation (never resolved unless qpdf reads it as null), direct
  /// dictionaries and arrays where `value` has them. Keys `value` does not have are not looked
  /// for: the bytes qpdf parsed are `value` serialized, so an entry more could only come out
  /// of an entry compared here.
  func readsBack(_ number: Int, generation: Int, as value: PDFValue) throws(BindingError) -> Bool {
    let object = qpdf_get_object_by_id(raw, Int32(clamping: number), Int32(clamping: generation))
    defer { qpdf_oh_release(raw, object) }
    try check()
    return try holds(object, value, isDirect: false)
  }

  private func holds(_ handle: qpdf_oh, _ expected: PDFValue, isDirect: Bool) throws(BindingError)
    -> Bool
  {
    // Inside the object, a dictionary or array meant direct must not be a reference.
    if isDirect, case .dictionary = expected, qpdf_oh_is_indirect(raw, handle) == QPDF_TRUE {
      return false
    }
    if isDirect, case .array = expected, qpdf_oh_is_indirect(raw, handle) == QPDF_TRUE {
      return false
    }
    switch expected {
    case .dictionary(let entries):
      guard qpdf_oh_is_dictionary(raw, handle) == QPDF_TRUE else { return false }
      for (key, item) in entries {
        guard try holds(entry([0x2F] + key, in: handle), item, isDirect: true) else {
          return false
        }
      }
      return true
    case .array(let items):
      guard qpdf_oh_is_array(raw, handle) == QPDF_TRUE,
        Int(qpdf_oh_get_array_n_items(raw, handle)) == items.count
      else { return false }
      for (index, item) in items.enumerated() {
        let handle = qpdf_oh_get_array_item(raw, handle, Int32(index))
        guard try holds(handle, item, isDirect: true) else { return false }
      }
      return true
    default:
      let found = try value(of: handle, resolve: false)
      // qpdf parses a reference to an object the file does not hold as null (as it lists it).
      if found == .null, case .reference = expected { return readsAsNull(expected) }
      return found == expected
    }
  }

  /// The rows of the cross-reference stream (`number`, 0) as qpdf gives its data, decoded with
  /// only `/W`, `/Index` and `/Size` fetched from its dictionary (listing it would resolve its
  /// `/Root` and `/Info`); nil when qpdf cannot give them or the rows do not match.
  func crossReferenceStreamRows(_ number: Int) -> [XRefEntry]? {
    let stream = qpdf_get_object_by_id(raw, Int32(clamping: number), 0)
    defer {
      qpdf_oh_release(raw, stream)
      discardError()
    }
    guard qpdf_oh_is_stream(raw, stream) == QPDF_TRUE else { return nil }
    let dictionary = qpdf_oh_get_dict(raw, stream)
    var entries: [(key: [UInt8], value: PDFValue)] = []
    for key in ["Type", "W", "Index", "Size"] {
      guard let item = try? value(of: entry(Array("/\(key)".utf8), in: dictionary), resolve: false)
      else { return nil }
      if item != .null { entries.append((Array(key.utf8), item)) }
    }
    guard entries.first?.value == .name(Array("XRef".utf8)),
      let data = try? streamData(stream, decoded: true)
    else { return nil }
    return CrossReferenceRows(dictionary: .dictionary(entries), data: data, strictness: .strict)?
      .entries
  }
}
