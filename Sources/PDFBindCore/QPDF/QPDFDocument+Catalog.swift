internal import CQPDF

// MARK: - What get and set read: the catalog's entries, the page count, the trailer

extension QPDFDocument {
  /// The catalog's object number and generation and its direct contents.
  func catalog() throws(BindingError) -> RewrittenObject {
    let root = try root()
    guard qpdf_oh_is_dictionary(raw, root) == QPDF_TRUE else {
      throw BindingError.damaged(.noCatalog)
    }
    let number = Int(qpdf_oh_get_object_id(raw, root))
    let generation = Int(qpdf_oh_get_generation(raw, root))
    guard number > 0 else {
      throw BindingError.unsupported(.exactUpdate("its catalog is not an indirect object"))
    }
    return RewrittenObject(
      objectNumber: number, generation: generation, value: try value(of: root, resolve: true))
  }

  /// `/ViewerPreferences` when it is an indirect dictionary: its number, generation and contents.
  func indirectViewerPreferences() throws(BindingError) -> RewrittenObject? {
    let preferences = qpdf_oh_get_key(raw, try root(), "/ViewerPreferences")
    try check()
    guard qpdf_oh_is_indirect(raw, preferences) == QPDF_TRUE,
      qpdf_oh_is_dictionary(raw, preferences) == QPDF_TRUE
    else { return nil }
    return RewrittenObject(
      objectNumber: Int(qpdf_oh_get_object_id(raw, preferences)),
      generation: Int(qpdf_oh_get_generation(raw, preferences)),
      value: try value(of: preferences, resolve: true))
  }

  /// The `/Direction` entry and whether it is written directly (as `set` would write it) or
  /// through an indirect reference.
  func direction() throws(BindingError) -> (entry: DirectionEntry, isIndirect: Bool) {
    let preferences = qpdf_oh_get_key(raw, try root(), "/ViewerPreferences")
    try check()
    guard qpdf_oh_is_dictionary(raw, preferences) == QPDF_TRUE else { return (.absent, false) }
    let direction = qpdf_oh_get_key(raw, preferences, "/Direction")
    try check()
    let isIndirect = qpdf_oh_is_indirect(raw, direction) == QPDF_TRUE
    let entry: DirectionEntry
    if qpdf_oh_is_null(raw, direction) == QPDF_TRUE {
      entry = .absent
    } else if let name = nameText(direction) {
      entry = .name(name)
    } else {
      entry = .other(String(cString: qpdf_oh_unparse(raw, direction)))
    }
    try check()
    return (entry, isIndirect)
  }

  /// The catalog's `/PageLayout` entry and whether it is written through an indirect reference.
  func pageLayout() throws(BindingError) -> (entry: PageLayoutEntry, isIndirect: Bool) {
    let layout = qpdf_oh_get_key(raw, try root(), "/PageLayout")
    try check()
    let isIndirect = qpdf_oh_is_indirect(raw, layout) == QPDF_TRUE
    if qpdf_oh_is_null(raw, layout) == QPDF_TRUE { return (.absent, isIndirect) }
    if let name = nameText(layout) { return (.name(name), isIndirect) }
    let syntax = String(cString: qpdf_oh_unparse(raw, layout))
    try check()
    return (.other(syntax), isIndirect)
  }

  /// `/Count` of the root page tree node. The update never touches the page tree, so the count
  /// read back proves the tree still resolves, at a cost that does not grow with the pages.
  func pageCount() -> Int? {
    guard let root = readableRoot else { return nil }
    let count = qpdf_oh_get_key(raw, qpdf_oh_get_key(raw, root, "/Pages"), "/Count")
    var value: Int32 = 0
    let ok = qpdf_oh_get_value_as_int(raw, count, &value) == QPDF_TRUE
    discardError()
    return ok ? Int(value) : nil
  }

  /// The direct contents of object (`number`, `generation`); strings come decrypted.
  func object(_ number: Int, generation: Int) throws(BindingError) -> PDFValue {
    let object = qpdf_get_object_by_id(raw, Int32(clamping: number), Int32(clamping: generation))
    try check()
    return try value(of: object, resolve: true)
  }

  /// Reads the given objects (generation 0) through the cross-reference sections and returns
  /// the warnings that raised. qpdf reads lazily, so an entry that points at the wrong bytes is
  /// only noticed when its object is read (qpdf then warns and gives null). Only each object's
  /// dictionary is parsed, never stream data.
  func readObjects(_ numbers: some Sequence<Int>) throws(BindingError) -> [QPDFWarning] {
    for number in numbers {
      let object = qpdf_get_object_by_id(raw, Int32(clamping: number), 0)
      _ = qpdf_oh_get_type_code(raw, object)
      qpdf_oh_release(raw, object)
      try check()
    }
    return takeWarnings()
  }

  /// The newest trailer (for a cross-reference stream, its dictionary), resolved one level.
  func trailer() throws(BindingError) -> PDFValue {
    let trailer = qpdf_get_trailer(raw)
    try check()
    return try value(of: trailer, resolve: true)
  }

  /// An entry of the trailer with its indirect value resolved (for `/Encrypt`).
  func resolvedTrailerEntry(_ key: String) throws(BindingError) -> PDFValue? {
    let entry = qpdf_oh_get_key(raw, qpdf_get_trailer(raw), "/" + key)
    try check()
    guard qpdf_oh_is_null(raw, entry) == QPDF_FALSE else { return nil }
    return try value(of: entry, resolve: true)
  }

  /// The newest trailer's entries named in `keys`, as the file writes them: a reference stays a
  /// reference even when its object does not exist (qpdf's dictionary listing drops those, since
  /// they resolve to null); a direct value is read one level deep. Absent and `null` entries are
  /// left out.
  func trailerEntriesAsWritten(_ keys: [String]) throws(BindingError) -> [(
    key: [UInt8], value: PDFValue
  )] {
    let trailer = qpdf_get_trailer(raw)
    try check()
    var entries: [(key: [UInt8], value: PDFValue)] = []
    for key in keys {
      let entry = qpdf_oh_get_key(raw, trailer, "/" + key)
      try check()
      if qpdf_oh_is_indirect(raw, entry) == QPDF_TRUE || qpdf_oh_is_null(raw, entry) == QPDF_FALSE {
        entries.append((Array(key.utf8), try value(of: entry, resolve: false)))
      }
    }
    return entries
  }

  var isEncrypted: Bool { qpdf_is_encrypted(raw) == QPDF_TRUE }

  /// Permission bit 4 ("modify the contents"): what changing the catalog needs.
  var allowsModification: Bool { qpdf_allow_modify_other(raw) == QPDF_TRUE }

  /// Whether qpdf reads `value` as null: `null` itself, or a reference to an object the
  /// document does not hold (ISO 32000-1 §7.3.10). qpdf lists no dictionary entry that reads
  /// so (§7.3.7: such an entry is as good as absent).
  func readsAsNull(_ value: PDFValue) -> Bool {
    switch value {
    case .null: return true
    case .reference(let number, let generation):
      let object = qpdf_get_object_by_id(
        raw, Int32(clamping: number), Int32(clamping: generation))
      defer {
        qpdf_oh_release(raw, object)
        discardError()
      }
      return qpdf_oh_is_null(raw, object) == QPDF_TRUE
    default: return false
    }
  }
}
