internal import CQPDF

// MARK: - Comparing revisions (history, revert)

extension QPDFDocument {
  /// The catalog's object number, 0 when it is not an indirect object.
  func rootObjectNumber() -> Int {
    readableRoot.map { Int(qpdf_oh_get_object_id(raw, $0)) } ?? 0
  }

  /// What object (`number`, `generation`) holds in this document, for comparing revisions:
  /// a stream's dictionary (without `/Length`) and its data as stored (decrypted, still
  /// filtered), any other object's direct value; an absent object is `.value(.null)`.
  func snapshot(_ number: Int, generation: Int) -> ObjectSnapshot {
    let object = qpdf_get_object_by_id(raw, Int32(clamping: number), Int32(clamping: generation))
    defer { qpdf_oh_release(raw, object) }
    do {
      if qpdf_oh_is_stream(raw, object) == QPDF_TRUE {
        try check()
        let dictionary = try value(of: qpdf_oh_get_dict(raw, object), resolve: true)
          .updating("Length", to: nil)
        return .stream(dictionary: dictionary, data: try streamData(object, decoded: false))
      }
      return .value(try value(of: object, resolve: true))
    } catch {
      return .unreadable(error)
    }
  }
}
