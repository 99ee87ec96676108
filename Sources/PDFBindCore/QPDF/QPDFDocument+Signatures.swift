internal import CQPDF

// MARK: - Signatures and certification (set's permission policy, history, revert)

extension QPDFDocument {
  /// The number of signature fields that hold a signature.
  func signedFieldCount() -> Int {
    var count = 0
    forEachSignedField { _, _ in count += 1 }
    return count
  }

  /// The signatures of signature fields: each field's partial name and its value's
  /// `/ByteRange`.
  func signatures() -> [(name: String, byteRange: [Int])] {
    var found: [(name: String, byteRange: [Int])] = []
    forEachSignedField { field, signature in
      guard qpdf_oh_is_dictionary(raw, signature) == QPDF_TRUE else { return }
      let range = qpdf_oh_get_key(raw, signature, "/ByteRange")
      var numbers: [Int] = []
      for item in 0..<max(0, qpdf_oh_get_array_n_items(raw, range)) {
        var number: Int32 = 0
        if qpdf_oh_get_value_as_int(raw, qpdf_oh_get_array_item(raw, range, item), &number)
          == QPDF_TRUE
        {
          numbers.append(Int(number))
        }
      }
      let title = qpdf_oh_get_key(raw, field, "/T")
      let name =
        qpdf_oh_is_string(raw, title) == QPDF_TRUE
        ? String(cString: qpdf_oh_get_utf8_value(raw, title)) : "unnamed signature"
      found.append((name, numbers))
    }
    return found
  }

  /// Calls `body` with every signature field that holds a value (`/FT /Sig`, inherited through
  /// `/Kids`; `/V` not null), reached through `/AcroForm /Fields`, each field once.
  private func forEachSignedField(_ body: (_ field: qpdf_oh, _ value: qpdf_oh) -> Void) {
    guard let root = readableRoot else { return }
    let fields = qpdf_oh_get_key(raw, qpdf_oh_get_key(raw, root, "/AcroForm"), "/Fields")
    var visited = Set<Int>()
    walkFields(fields, inheritedType: nil, depth: 0, visited: &visited, body)
    discardError()
  }

  private func walkFields(
    _ fields: qpdf_oh, inheritedType: String?, depth: Int, visited: inout Set<Int>,
    _ body: (_ field: qpdf_oh, _ value: qpdf_oh) -> Void
  ) {
    guard depth < 32, qpdf_oh_is_array(raw, fields) == QPDF_TRUE else { return }
    for index in 0..<qpdf_oh_get_array_n_items(raw, fields) {
      let field = qpdf_oh_get_array_item(raw, fields, index)
      let id = Int(qpdf_oh_get_object_id(raw, field))
      if id > 0 { guard visited.insert(id).inserted else { continue } }
      guard qpdf_oh_is_dictionary(raw, field) == QPDF_TRUE else { continue }
      let type = nameText(qpdf_oh_get_key(raw, field, "/FT")) ?? inheritedType
      let value = qpdf_oh_get_key(raw, field, "/V")
      if type == "Sig", qpdf_oh_is_null(raw, value) == QPDF_FALSE { body(field, value) }
      walkFields(
        qpdf_oh_get_key(raw, field, "/Kids"), inheritedType: type, depth: depth + 1,
        visited: &visited, body)
    }
  }

  /// The DocMDP permission level of a certified document (catalog `/Perms /DocMDP`):
  /// `.some(nil)` when certified without a readable level, nil when not certified.
  func certificationLevel() -> Int?? {
    guard let root = readableRoot else { return nil }
    let docMDP = qpdf_oh_get_key(raw, qpdf_oh_get_key(raw, root, "/Perms"), "/DocMDP")
    defer { discardError() }
    guard qpdf_oh_is_dictionary(raw, docMDP) == QPDF_TRUE else { return nil }
    let references = qpdf_oh_get_key(raw, docMDP, "/Reference")
    for index in 0..<max(0, qpdf_oh_get_array_n_items(raw, references)) {
      let reference = qpdf_oh_get_array_item(raw, references, index)
      guard
        qpdf_oh_is_name_and_equals(
          raw, qpdf_oh_get_key(raw, reference, "/TransformMethod"), "/DocMDP") == QPDF_TRUE
      else { continue }
      let level = qpdf_oh_get_key(raw, qpdf_oh_get_key(raw, reference, "/TransformParams"), "/P")
      var value: Int32 = 0
      // ISO 32000-1 table 254: /P defaults to 2.
      return .some(qpdf_oh_get_value_as_int(raw, level, &value) == QPDF_TRUE ? Int(value) : 2)
    }
    return .some(nil)
  }
}
