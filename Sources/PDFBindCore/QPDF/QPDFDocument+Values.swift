internal import CQPDF
import Glibc

// MARK: - qpdf objects as Swift values

extension QPDFDocument {
  /// Converts a qpdf object into a `PDFValue`, following only the first level of indirection
  /// when `resolve` is set: nested indirect objects stay references, as they are in the file.
  func value(of handle: qpdf_oh, resolve: Bool) throws(BindingError) -> PDFValue {
    if !resolve, qpdf_oh_is_indirect(raw, handle) == QPDF_TRUE {
      return .reference(
        objectNumber: Int(qpdf_oh_get_object_id(raw, handle)),
        generation: Int(qpdf_oh_get_generation(raw, handle)))
    }
    let type = qpdf_oh_get_type_code(raw, handle)
    try check()
    switch type {
    case ot_null: return .null
    case ot_boolean: return .boolean(qpdf_oh_get_bool_value(raw, handle) == QPDF_TRUE)
    case ot_integer: return .integer(Int64(qpdf_oh_get_int_value(raw, handle)))
    case ot_real: return .real(String(cString: qpdf_oh_get_real_value(raw, handle)))
    case ot_name:
      return .name(Array(Self.bytes(of: qpdf_oh_get_name(raw, handle)).dropFirst()))
    case ot_string:
      var length = 0
      guard let bytes = qpdf_oh_get_binary_string_value(raw, handle, &length) else {
        return .string([])
      }
      // Copy at once: qpdf reuses this buffer on the next call.
      return .string(
        UnsafeRawBufferPointer(start: bytes, count: length).map { $0 })
    case ot_array:
      var items: [PDFValue] = []
      for index in 0..<qpdf_oh_get_array_n_items(raw, handle) {
        items.append(try value(of: qpdf_oh_get_array_item(raw, handle, index), resolve: false))
      }
      return .array(items)
    case ot_dictionary:
      // Names are bytes, not always UTF-8: keep them as qpdf gives them.
      var entries: [(key: [UInt8], value: PDFValue)] = []
      for key in keys(of: handle) {
        entries.append(
          (Array(key.dropFirst()), try value(of: entry(key, in: handle), resolve: false)))
      }
      try check()
      return .dictionary(entries)
    default:
      let name = String(cString: qpdf_oh_get_type_name(raw, handle))
      throw BindingError.unsupported(.exactUpdate("the catalog holds an object of type \(name)"))
    }
  }

  /// The keys of a dictionary with their slashes, as bytes, at most `limit` of them (qpdf
  /// iterates one dictionary at a time, so they are collected before anything descends).
  func keys(of dictionary: qpdf_oh, limit: Int = .max) -> [[UInt8]] {
    guard qpdf_oh_is_dictionary(raw, dictionary) == QPDF_TRUE else { return [] }
    var keys: [[UInt8]] = []
    qpdf_oh_begin_dict_key_iter(raw, dictionary)
    while qpdf_oh_dict_more_keys(raw) == QPDF_TRUE, keys.count < limit {
      keys.append(Self.bytes(of: qpdf_oh_dict_next_key(raw)))
    }
    return keys
  }

  /// The value of `key` (with its slash, as bytes) in `dictionary`.
  func entry(_ key: [UInt8], in dictionary: qpdf_oh) -> qpdf_oh {
    (key + [0]).withUnsafeBufferPointer { buffer in
      qpdf_oh_get_key(
        raw, dictionary, UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self))
    }
  }

  /// A stream's decoded data, or nil when it is not a stream, cannot be decoded or is longer
  /// than `limit`: for what the hints and the page scans read in passing (a CMap program, a
  /// colour profile's header), where a stream that does not read says nothing. The file's
  /// structure (cross-reference streams, revisions, an update read back) is read by
  /// `streamData(_:decoded:)`, which throws qpdf's error.
  func streamData(_ stream: qpdf_oh, limit: Int) -> [UInt8]? {
    guard qpdf_oh_is_stream(raw, stream) == QPDF_TRUE else { return nil }
    var filtered: QPDF_BOOL = QPDF_FALSE
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    var length = 0
    let status = qpdf_oh_get_stream_data(
      raw, stream, qpdf_dl_generalized, &filtered, &buffer, &length)
    // qpdf allocates the buffer with malloc; it is ours to free on every path.
    defer { free(buffer) }
    guard status & QPDF_ERRORS == 0, filtered == QPDF_TRUE, let buffer, length <= limit else {
      return nil
    }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }

  /// A name's text without its slash (names are bytes; for names pdfbind compares or shows).
  func nameText(_ handle: qpdf_oh) -> String? {
    guard qpdf_oh_is_name(raw, handle) == QPDF_TRUE else { return nil }
    return String(String(cString: qpdf_oh_get_name(raw, handle)).dropFirst())
  }

  /// The bytes of a C string qpdf returns, exactly (String(cString:) would repair non-UTF-8).
  static func bytes(of text: UnsafePointer<CChar>?) -> [UInt8] {
    guard let text else { return [] }
    return UnsafeRawBufferPointer(start: text, count: strlen(text)).map { $0 }
  }
}
