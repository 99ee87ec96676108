internal import CQPDF
import Glibc

// MARK: - Cross-reference stream rows and raw stream data (history)

extension QPDFDocument {
  /// The entries of the cross-reference stream (`number`, `generation`): every object its
  /// `/Index` names, with its generation (0 for objects in object streams) and whether it is
  /// in use. qpdf gives the stream's dictionary and decoded data; the reader of `Syntax/`
  /// decodes the rows. Nil when qpdf cannot give the stream or its rows do not match `/W`.
  func crossReferenceStreamEntries(_ number: Int, generation: Int) -> [XRefEntry]? {
    let stream = qpdf_get_object_by_id(raw, Int32(clamping: number), Int32(clamping: generation))
    defer {
      qpdf_oh_release(raw, stream)
      discardError()
    }
    guard qpdf_oh_is_stream(raw, stream) == QPDF_TRUE,
      let dictionary = try? value(of: qpdf_oh_get_dict(raw, stream), resolve: true),
      let data = try? streamData(stream, decoded: true)
    else { return nil }
    return CrossReferenceRows(dictionary: dictionary, data: data, strictness: .tolerant)?.entries
  }

  /// A stream's data, decoded through its general-purpose filters or as stored.
  func streamData(_ stream: qpdf_oh, decoded: Bool) throws(BindingError) -> [UInt8] {
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    let status = qpdf_oh_get_stream_data(
      raw, stream, decoded ? qpdf_dl_generalized : qpdf_dl_none, nil, &buffer, &length)
    // qpdf allocates the buffer with malloc; it is ours to free.
    defer { free(buffer) }
    if status & QPDF_ERRORS != 0 { throw takeError(passwordGiven: true) }
    guard let buffer else { return [] }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }
}
