internal import CQPDF

// MARK: - Whole rewrites (set --repair)

extension QPDFDocument {
  /// Makes `change` in qpdf's copy of the document (for a whole rewrite). Nothing is written.
  func apply(_ change: BindingChange) throws(BindingError) {
    let root = try root()
    guard qpdf_oh_is_dictionary(raw, root) == QPDF_TRUE else {
      throw BindingError.damaged(.noCatalog)
    }
    if let binding = change.binding { try replaceDirection(in: root, with: binding.directionName) }
    if let arrangement = change.arrangement {
      qpdf_oh_replace_key(
        raw, root, "/PageLayout", qpdf_oh_new_name(raw, "/" + arrangement.pageLayoutName))
      try check()
    }
  }

  /// Sets (or, with nil, removes) the catalog's `/ViewerPreferences /Direction` in qpdf's copy
  /// of the document; an emptied `/ViewerPreferences` is removed. Nothing is written.
  private func replaceDirection(in root: qpdf_oh, with name: String?) throws(BindingError) {
    var preferences = qpdf_oh_get_key(raw, root, "/ViewerPreferences")
    try check()
    if qpdf_oh_is_dictionary(raw, preferences) == QPDF_FALSE {
      guard name != nil else { return }
      preferences = qpdf_oh_new_dictionary(raw)
      qpdf_oh_replace_key(raw, root, "/ViewerPreferences", preferences)
      // replace_key stores a copy of a direct object: fetch the one the catalog holds.
      preferences = qpdf_oh_get_key(raw, root, "/ViewerPreferences")
    }
    if let name {
      qpdf_oh_replace_key(raw, preferences, "/Direction", qpdf_oh_new_name(raw, "/" + name))
    } else {
      qpdf_oh_remove_key(raw, preferences, "/Direction")
      if keys(of: preferences).isEmpty {
        qpdf_oh_remove_key(raw, root, "/ViewerPreferences")
      }
    }
    try check()
  }

  /// The whole document as qpdf writes it, into memory: every object qpdf reached, renumbered,
  /// with a fresh cross-reference section. Encryption is kept as it was (same handler,
  /// passwords and permissions: qpdf's default when it opened the file with a valid password).
  func writtenWhole() throws(BindingError) -> [UInt8] {
    guard qpdf_init_write_memory(raw) & QPDF_ERRORS == 0 else { throw takeWriteError() }
    qpdf_set_preserve_encryption(raw, QPDF_TRUE)
    guard qpdf_write(raw) & QPDF_ERRORS == 0 else { throw takeWriteError() }
    let length = qpdf_get_buffer_length(raw)
    guard let buffer = qpdf_get_buffer(raw) else {
      throw BindingError.writing(.rewriteFailed(detail: "no output"))
    }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }

  private func takeWriteError() -> BindingError {
    BindingError.writing(.rewriteFailed(detail: takeFailure().detail))
  }
}
