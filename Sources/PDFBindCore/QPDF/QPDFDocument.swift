// The only file that imports libqpdf's C API: nothing else in the package sees qpdf_data or
// qpdf_oh, and nothing public mentions them.
internal import CQPDF
import Glibc
import SystemPackage

/// A qpdf warning, in qpdf's words, kept apart from ours so reports can quote it.
struct QPDFWarning: Equatable, Sendable {
  var message: String
  /// The object qpdf was reading, when it says ("(object 12 0, offset 345)").
  var objectNumber: Int?
  /// Where qpdf was reading, when it says: a file offset relative to the header, or an offset
  /// in the object stream when the object is compressed.
  var offset: Int? = nil
}

/// Sole owner of one `qpdf_data`: `qpdf_cleanup` runs exactly once, in `deinit`, on every path,
/// including a failed read (qpdf allocates in `qpdf_init`, before the read can fail).
/// qpdf allows different `qpdf_data` on different threads, never one on two: keep each
/// document local to the job that opened it.
final class QPDFDocument {
  fileprivate let raw: qpdf_data
  /// The file, mapped read-only for qpdf to parse from memory; released after qpdf_cleanup.
  private let mapping: MappedFile?

  /// Opens `path` with qpdf, or the file already open as `descriptor` (named `path`), so
  /// qpdf reads the very file that was checked before. With `attemptRecovery` false, a file
  /// whose cross-reference table is broken fails with `.damaged` instead of being silently
  /// reconstructed.
  init(
    path: FilePath, descriptor: FileDescriptor? = nil, password: String?, attemptRecovery: Bool
  ) throws(BindingError) {
    raw = qpdf_init()
    // Recovery scans the whole file: let qpdf stream it rather than fault in every page.
    mapping =
      attemptRecovery ? nil : descriptor.map { MappedFile(descriptor: $0) } ?? MappedFile(path)
    // From here on deinit frees the handle, even if the read below fails.
    // qpdf writes errors and warnings to stderr unless told not to; we report in our words.
    qpdf_silence_errors(raw)
    qpdf_set_suppress_warnings(raw, QPDF_TRUE)
    qpdf_set_attempt_recovery(raw, attemptRecovery ? QPDF_TRUE : QPDF_FALSE)
    // From memory, qpdf parses a cross-reference table without a system call per entry (its
    // own file reader seeks and reads for each: 90,000 calls for 5,000 pages).
    let status = path.withPlatformString { name in
      if let mapping {
        qpdf_read_memory(
          raw, name, mapping.address.assumingMemoryBound(to: CChar.self),
          UInt64(mapping.length), password ?? "")
      } else {
        qpdf_read(raw, name, password ?? "")
      }
    }
    if status & QPDF_ERRORS != 0 {
      throw takeError(passwordGiven: !(password ?? "").isEmpty)
    }
  }

  /// Opens the first `length` bytes of `mapping` (a prefix of a file is the document as it was
  /// after the revision that ends there). `name` appears in qpdf's messages only. The document
  /// keeps `mapping`: qpdf reads lazily from it until `qpdf_cleanup`.
  init(prefixOf mapping: MappedFile, length: Int, name: FilePath, password: String?)
    throws(BindingError)
  {
    raw = qpdf_init()
    self.mapping = mapping
    qpdf_silence_errors(raw)
    qpdf_set_suppress_warnings(raw, QPDF_TRUE)
    qpdf_set_attempt_recovery(raw, QPDF_FALSE)
    // qpdf_read_memory does not copy (Buffer with own_memory false in qpdf 11.3); `mapping`
    // outlives the handle because deinit cleans up before the stored properties go.
    let status = name.withPlatformString { name in
      qpdf_read_memory(
        raw, name, mapping.address.assumingMemoryBound(to: CChar.self),
        UInt64(min(max(0, length), mapping.length)), password ?? "")
    }
    if status & QPDF_ERRORS != 0 {
      throw takeError(passwordGiven: !(password ?? "").isEmpty)
    }
  }

  deinit {
    var handle: qpdf_data? = raw
    qpdf_cleanup(&handle)
    // The mapping is released after this, once qpdf no longer reads it.
  }

  // MARK: - What pdfbind reads

  /// The catalog's handle. Checked at once: reading it is where a broken cross-reference
  /// table first shows, and qpdf replaces that error with a vaguer one on the next call.
  private func root() throws(BindingError) -> qpdf_oh {
    let root = qpdf_get_root(raw)
    try check()
    return root
  }

  /// The catalog's object number and generation and its direct contents.
  func catalog() throws(BindingError) -> RewrittenObject {
    let root = qpdf_get_root(raw)
    try check()
    guard qpdf_oh_is_dictionary(raw, root) == QPDF_TRUE else { throw BindingError.noCatalog }
    let number = Int(qpdf_oh_get_object_id(raw, root))
    let generation = Int(qpdf_oh_get_generation(raw, root))
    guard number > 0 else {
      throw BindingError.layoutUnsupported("its catalog is not an indirect object")
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
    } else if qpdf_oh_is_name(raw, direction) == QPDF_TRUE {
      entry = .name(String(String(cString: qpdf_oh_get_name(raw, direction)).dropFirst()))
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
    if qpdf_oh_is_name(raw, layout) == QPDF_TRUE {
      return (.name(String(String(cString: qpdf_oh_get_name(raw, layout)).dropFirst())), isIndirect)
    }
    let syntax = String(cString: qpdf_oh_unparse(raw, layout))
    try check()
    return (.other(syntax), isIndirect)
  }

  /// The direct contents of object (`number`, `generation`); strings come decrypted.
  func object(_ number: Int, generation: Int) throws(BindingError) -> PDFValue {
    let object = qpdf_get_object_by_id(raw, Int32(clamping: number), Int32(clamping: generation))
    try check()
    return try value(of: object, resolve: true)
  }

  /// `/Count` of the root page tree node. The update never touches the page tree, so the count
  /// read back proves the tree still resolves, at a cost that does not grow with the pages.
  func pageCount() -> Int? {
    let pages = qpdf_oh_get_key(raw, qpdf_get_root(raw), "/Pages")
    let count = qpdf_oh_get_key(raw, pages, "/Count")
    var value: Int32 = 0
    let ok = qpdf_oh_get_value_as_int(raw, count, &value) == QPDF_TRUE
    discardError()
    return ok ? Int(value) : nil
  }

  /// Reads the given objects (generation 0) through the cross-reference sections and returns
  /// the warnings that raised. qpdf reads lazily, so an entry that points at the wrong bytes is
  /// only noticed when its object is read (qpdf then warns "expected n n obj" and gives null).
  /// Only each object's dictionary is parsed, never stream data.
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

  var isEncrypted: Bool { qpdf_is_encrypted(raw) == QPDF_TRUE }

  /// Permission bit 4 ("modify the contents"): what changing the catalog needs.
  var allowsModification: Bool { qpdf_allow_modify_other(raw) == QPDF_TRUE }

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
    let fields = qpdf_oh_get_key(
      raw, qpdf_oh_get_key(raw, qpdf_get_root(raw), "/AcroForm"), "/Fields")
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
      let typeHandle = qpdf_oh_get_key(raw, field, "/FT")
      let type =
        qpdf_oh_is_name(raw, typeHandle) == QPDF_TRUE
        ? String(cString: qpdf_oh_get_name(raw, typeHandle)) : inheritedType
      let value = qpdf_oh_get_key(raw, field, "/V")
      if type == "/Sig", qpdf_oh_is_null(raw, value) == QPDF_FALSE { body(field, value) }
      walkFields(
        qpdf_oh_get_key(raw, field, "/Kids"), inheritedType: type, depth: depth + 1,
        visited: &visited, body)
    }
  }

  /// The DocMDP permission level of a certified document (catalog `/Perms /DocMDP`):
  /// `.some(nil)` when certified without a readable level, nil when not certified.
  func certificationLevel() -> Int?? {
    let perms = qpdf_oh_get_key(raw, qpdf_get_root(raw), "/Perms")
    let docMDP = qpdf_oh_get_key(raw, perms, "/DocMDP")
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

  /// The warnings qpdf gathered since the last call, oldest first.
  func takeWarnings() -> [QPDFWarning] {
    var warnings: [QPDFWarning] = []
    while qpdf_more_warnings(raw) == QPDF_TRUE {
      let warning = qpdf_next_warning(raw)
      // The detail, not the full text: the full text names the file, and a result is compared
      // with its original under another name.
      let fullText = String(cString: qpdf_get_error_full_text(raw, warning))
      let objectNumber = fullText.firstRange(of: "(object ").flatMap {
        Int(fullText[$0.upperBound...].prefix { $0.isNumber })
      }
      let offset = fullText.firstRange(of: "offset ").flatMap {
        Int(fullText[$0.upperBound...].prefix { $0.isNumber })
      }
      warnings.append(
        QPDFWarning(
          message: String(cString: qpdf_get_error_message_detail(raw, warning)),
          objectNumber: objectNumber, offset: offset))
    }
    return warnings
  }

  // MARK: - Revisions (history, revert)

  /// The catalog's object number, 0 when it is not an indirect object.
  func rootObjectNumber() -> Int {
    let root = qpdf_get_root(raw)
    defer { discardError() }
    return Int(qpdf_oh_get_object_id(raw, root))
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

  /// The entries of the cross-reference stream (`number`, `generation`): every object its
  /// `/Index` names, with its generation (0 for objects in object streams) and whether it is
  /// in use. Nil when qpdf cannot give the stream or its rows do not match `/W`.
  func crossReferenceStreamEntries(_ number: Int, generation: Int) -> [XRefEntry]? {
    let stream = qpdf_get_object_by_id(raw, Int32(clamping: number), Int32(clamping: generation))
    defer {
      qpdf_oh_release(raw, stream)
      discardError()
    }
    guard qpdf_oh_is_stream(raw, stream) == QPDF_TRUE,
      let dictionary = try? value(of: qpdf_oh_get_dict(raw, stream), resolve: true),
      case .array(let widthValues)? = dictionary["W"], widthValues.count == 3,
      case .integer(let size)? = dictionary["Size"],
      let data = try? streamData(stream, decoded: true)
    else { return nil }
    let widths = widthValues.map { if case .integer(let n) = $0 { Int(n) } else { -1 } }
    guard widths.allSatisfy({ (0...8).contains($0) }), widths.reduce(0, +) > 0 else { return nil }
    var ranges: [(first: Int, count: Int)] = [(0, Int(size))]
    if case .array(let index)? = dictionary["Index"] {
      ranges = stride(from: 0, to: index.count - 1, by: 2).compactMap { pair in
        guard case .integer(let first) = index[pair], case .integer(let count) = index[pair + 1]
        else { return nil }
        return (Int(first), Int(count))
      }
    }
    let rowLength = widths.reduce(0, +)
    var entries: [XRefEntry] = []
    var row = 0
    func field(_ width: Int, default fallback: Int) -> Int {
      defer { row += width }
      return width == 0 ? fallback : data[row..<row + width].reduce(0) { $0 << 8 | Int($1) }
    }
    for range in ranges where range.count >= 0 {
      for number in range.first..<(range.first + range.count) {
        guard row + rowLength <= data.count else { return nil }
        let type = field(widths[0], default: 1)
        let second = field(widths[1], default: 0)
        let third = field(widths[2], default: 0)
        entries.append(
          XRefEntry(
            number: number, generation: type == 2 ? 0 : third, inUse: type != 0,
            objectStream: type == 2 ? second : nil))
      }
    }
    return entries
  }

  /// A stream's data, decoded through its general-purpose filters or as stored.
  private func streamData(_ stream: qpdf_oh, decoded: Bool) throws(BindingError) -> [UInt8] {
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

  // MARK: - Objects to Swift values

  /// Converts a qpdf object into a `PDFValue`, following only the first level of indirection
  /// when `resolve` is set: nested indirect objects stay references, as they are in the file.
  /// The bytes of a C string qpdf returns, exactly (String(cString:) would repair non-UTF-8).
  private static func bytes(of text: UnsafePointer<CChar>?) -> [UInt8] {
    guard let text else { return [] }
    return UnsafeRawBufferPointer(start: text, count: strlen(text)).map { $0 }
  }

  fileprivate func value(of handle: qpdf_oh, resolve: Bool) throws(BindingError) -> PDFValue {
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
      // qpdf iterates one dictionary at a time, so collect the keys before descending.
      // Names are bytes, not always UTF-8: keep them as qpdf gives them.
      var keys: [[UInt8]] = []
      qpdf_oh_begin_dict_key_iter(raw, handle)
      while qpdf_oh_dict_more_keys(raw) == QPDF_TRUE {
        keys.append(Self.bytes(of: qpdf_oh_dict_next_key(raw)))
      }
      var entries: [(key: [UInt8], value: PDFValue)] = []
      for key in keys {
        let item = try (key + [0]).withUnsafeBufferPointer { (buffer) throws(BindingError) in
          try value(
            of: qpdf_oh_get_key(
              raw, handle,
              UnsafeRawPointer(buffer.baseAddress!)
                .assumingMemoryBound(to: CChar.self)), resolve: false)
        }
        entries.append((Array(key.dropFirst()), item))
      }
      try check()
      return .dictionary(entries)
    default:
      let name = String(cString: qpdf_oh_get_type_name(raw, handle))
      throw BindingError.layoutUnsupported("the catalog holds an object of type \(name)")
    }
  }

  // MARK: - Errors

  /// Throws qpdf's pending error, if any, in our words.
  fileprivate func check() throws(BindingError) {
    if qpdf_has_error(raw) == QPDF_TRUE { throw takeError(passwordGiven: true) }
  }

  /// Drops qpdf's pending error after a read that may fail quietly (a missing key, an object
  /// qpdf cannot resolve): qpdf keeps it until taken, and the next `check` would report it.
  fileprivate func discardError() {
    if qpdf_has_error(raw) == QPDF_TRUE { _ = qpdf_get_error(raw) }
  }

  private func takeError(passwordGiven: Bool) -> BindingError {
    guard qpdf_has_error(raw) == QPDF_TRUE else {
      return .unreadable(detail: "qpdf reported an error without details")
    }
    let error = qpdf_get_error(raw)
    let detail = String(cString: qpdf_get_error_message_detail(raw, error))
    switch qpdf_get_error_code(raw, error) {
    case qpdf_e_password: return passwordGiven ? .wrongPassword : .passwordRequired
    case qpdf_e_damaged_pdf:
      // The first specific warning names the cause ("expected n n obj"); the error is often
      // only its consequence ("unable to find /Root dictionary").
      let cause = takeWarnings().first { $0.message != "file is damaged" }
      return .damaged(detail: cause?.message ?? detail)
    case qpdf_e_unsupported where detail.contains("encryption filter"):
      // A public-key or third-party handler: only the standard password handler is readable.
      return .unsupportedEncryption(
        "a security handler other than the standard password handler (qpdf: \(detail))")
    case qpdf_e_unsupported where detail.contains("encrypt"): return .unsupportedEncryption(detail)
    default: return .unreadable(detail: detail)
    }
  }
}

// MARK: - Trailer entries as written, and whole rewrites (set --repair)

extension QPDFDocument {
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
      if qpdf_oh_is_indirect(raw, entry) == QPDF_TRUE {
        entries.append(
          (
            Array(key.utf8),
            .reference(
              objectNumber: Int(qpdf_oh_get_object_id(raw, entry)),
              generation: Int(qpdf_oh_get_generation(raw, entry)))
          ))
      } else if qpdf_oh_is_null(raw, entry) == QPDF_FALSE {
        entries.append((Array(key.utf8), try value(of: entry, resolve: true)))
      }
    }
    return entries
  }

  /// Makes `change` in qpdf's copy of the document (for a whole rewrite). Nothing is written.
  func apply(_ change: BindingChange) throws(BindingError) {
    if let binding = change.binding { try replaceDirection(with: binding.directionName) }
    if let arrangement = change.arrangement {
      let root = try rootHandle()
      qpdf_oh_replace_key(
        raw, root, "/PageLayout", qpdf_oh_new_name(raw, "/" + arrangement.pageLayoutName))
      try check()
    }
  }

  /// Sets (or, with nil, removes) the catalog's `/ViewerPreferences /Direction` in qpdf's copy
  /// of the document; an emptied `/ViewerPreferences` is removed. Nothing is written.
  private func replaceDirection(with name: String?) throws(BindingError) {
    let root = try rootHandle()
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
      if keyCount(of: preferences) == 0 {
        qpdf_oh_remove_key(raw, root, "/ViewerPreferences")
      }
    }
    try check()
  }

  private func rootHandle() throws(BindingError) -> qpdf_oh {
    let root = qpdf_get_root(raw)
    try check()
    guard qpdf_oh_is_dictionary(raw, root) == QPDF_TRUE else { throw BindingError.noCatalog }
    return root
  }

  private func keyCount(of dictionary: qpdf_oh) -> Int {
    var count = 0
    qpdf_oh_begin_dict_key_iter(raw, dictionary)
    while qpdf_oh_dict_more_keys(raw) == QPDF_TRUE {
      _ = qpdf_oh_dict_next_key(raw)
      count += 1
    }
    return count
  }

  /// The whole document as qpdf writes it, into memory: every object qpdf reached, renumbered,
  /// with a fresh cross-reference section. Encryption is kept as it was (same handler,
  /// passwords and permissions: qpdf's default when it opened the file with a valid password).
  func writtenWhole() throws(BindingError) -> [UInt8] {
    guard qpdf_init_write_memory(raw) & QPDF_ERRORS == 0 else {
      throw takeWriteError()
    }
    qpdf_set_preserve_encryption(raw, QPDF_TRUE)
    guard qpdf_write(raw) & QPDF_ERRORS == 0 else { throw takeWriteError() }
    let length = qpdf_get_buffer_length(raw)
    guard let buffer = qpdf_get_buffer(raw) else {
      throw BindingError.writeFailed(operation: "rewriting with qpdf", reason: "no output")
    }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }

  private func takeWriteError() -> BindingError {
    let detail =
      qpdf_has_error(raw) == QPDF_TRUE
      ? String(cString: qpdf_get_error_message_detail(raw, qpdf_get_error(raw)))
      : "qpdf reported an error without details"
    return BindingError.writeFailed(operation: "rewriting with qpdf", reason: detail)
  }
}

// MARK: - What suggest reads

/// What the catalog and the fonts of the first pages say about a document's binding.
struct BindingHints: Equatable, Sendable {
  /// The catalog's `/Lang`, as text.
  var lang: String?
  /// The catalog's XMP packet (`/Metadata`), decoded, at most 1 MB.
  var xmp: String?
  /// The non-standard `/PageDirection` name (catalog or `/ViewerPreferences`), without slash.
  var pageDirection: String?
  /// Fonts on the first pages that write vertically: `BaseFont (CMap)`.
  var verticalFonts: [String] = []
  /// How many pages the fonts were read from.
  var pagesRead = 0
  /// The `/ToUnicode` CMaps of subset fonts (`ABCDEF+Name`) on the first pages: a subset font
  /// maps only the characters the document uses.
  var subsetToUnicode: [String] = []
}

extension QPDFDocument {
  /// Reads `/Lang`, XMP, `/PageDirection` and the fonts of the first `pages` pages. Never
  /// throws: whatever qpdf cannot read is left out, and its error is cleared.
  func bindingHints(firstPages pages: Int) -> BindingHints {
    var hints = BindingHints()
    defer { discardError() }
    let root = qpdf_get_root(raw)
    guard qpdf_has_error(raw) == QPDF_FALSE else { return hints }
    let lang = qpdf_oh_get_key(raw, root, "/Lang")
    if qpdf_oh_is_string(raw, lang) == QPDF_TRUE {
      hints.lang = String(cString: qpdf_oh_get_utf8_value(raw, lang))
    }
    hints.xmp = streamText(qpdf_oh_get_key(raw, root, "/Metadata"), limit: 1 << 20)
    for holder in [root, qpdf_oh_get_key(raw, root, "/ViewerPreferences")] {
      let direction = qpdf_oh_get_key(raw, holder, "/PageDirection")
      if qpdf_oh_is_name(raw, direction) == QPDF_TRUE {
        hints.pageDirection = String(String(cString: qpdf_oh_get_name(raw, direction)).dropFirst())
      }
    }
    let count = qpdf_get_num_pages(raw)
    guard count > 0 else { return hints }
    hints.pagesRead = min(Int(count), pages)
    var seen = Set<Int>()
    for index in 0..<hints.pagesRead {
      let page = qpdf_get_page_n(raw, index)
      guard qpdf_has_error(raw) == QPDF_FALSE else { break }
      let resources = inheritedResources(of: page)
      collectFonts(in: resources, depth: 0, seen: &seen, into: &hints)
    }
    return hints
  }

  /// `/Resources` of a page, or of the nearest ancestor in the page tree (it is inheritable).
  private func inheritedResources(of page: qpdf_oh) -> qpdf_oh {
    var node = page
    for _ in 0..<32 {
      let resources = qpdf_oh_get_key(raw, node, "/Resources")
      if qpdf_oh_is_dictionary(raw, resources) == QPDF_TRUE { return resources }
      node = qpdf_oh_get_key(raw, node, "/Parent")
      guard qpdf_oh_is_dictionary(raw, node) == QPDF_TRUE else { break }
    }
    return qpdf_oh_new_null(raw)
  }

  /// Type0 fonts whose CMap is vertical (`/Encoding` a name ending in `-V`, or a CMap stream
  /// with `/WMode 1`), in `resources` and in the form XObjects it uses (two levels deep).
  /// Also gathers the `/ToUnicode` CMaps of subset fonts.
  private func collectFonts(
    in resources: qpdf_oh, depth: Int, seen: inout Set<Int>, into hints: inout BindingHints
  ) {
    guard qpdf_oh_is_dictionary(raw, resources) == QPDF_TRUE else { return }
    let fonts = qpdf_oh_get_key(raw, resources, "/Font")
    for key in dictionaryKeys(fonts) {
      let font = qpdf_oh_get_key(raw, fonts, key)
      let id = Int(qpdf_oh_get_object_id(raw, font))
      if id > 0 { guard seen.insert(id).inserted else { continue } }
      let baseFont = qpdf_oh_get_key(raw, font, "/BaseFont")
      if qpdf_oh_is_name(raw, baseFont) == QPDF_TRUE, hints.subsetToUnicode.count < 16,
        Self.isSubsetName(String(cString: qpdf_oh_get_name(raw, baseFont))),
        let map = streamText(qpdf_oh_get_key(raw, font, "/ToUnicode"), limit: 1 << 18)
      {
        hints.subsetToUnicode.append(map)
      }
      guard
        qpdf_oh_is_name_and_equals(raw, qpdf_oh_get_key(raw, font, "/Subtype"), "/Type0")
          == QPDF_TRUE
      else { continue }
      let encoding = qpdf_oh_get_key(raw, font, "/Encoding")
      var cmap: String? = nil
      if qpdf_oh_is_name(raw, encoding) == QPDF_TRUE {
        let name = String(String(cString: qpdf_oh_get_name(raw, encoding)).dropFirst())
        if name.hasSuffix("-V") { cmap = name }
      } else if qpdf_oh_is_stream(raw, encoding) == QPDF_TRUE {
        let dictionary = qpdf_oh_get_dict(raw, encoding)
        var mode: Int32 = 0
        let cmapName = qpdf_oh_get_key(raw, dictionary, "/CMapName")
        let name =
          qpdf_oh_is_name(raw, cmapName) == QPDF_TRUE
          ? String(String(cString: qpdf_oh_get_name(raw, cmapName)).dropFirst()) : "embedded CMap"
        if qpdf_oh_get_value_as_int(raw, qpdf_oh_get_key(raw, dictionary, "/WMode"), &mode)
          == QPDF_TRUE && mode == 1
        {
          cmap = name + ", WMode 1"
        }
      }
      guard let cmap else { continue }
      let base = qpdf_oh_get_key(raw, font, "/BaseFont")
      let baseName =
        qpdf_oh_is_name(raw, base) == QPDF_TRUE
        ? String(String(cString: qpdf_oh_get_name(raw, base)).dropFirst()) : "a font"
      hints.verticalFonts.append("\(baseName) (\(cmap))")
    }
    guard depth < 2 else { return }
    let objects = qpdf_oh_get_key(raw, resources, "/XObject")
    for key in dictionaryKeys(objects) {
      let object = qpdf_oh_get_key(raw, objects, key)
      let id = Int(qpdf_oh_get_object_id(raw, object))
      if id > 0 { guard seen.insert(id).inserted else { continue } }
      guard qpdf_oh_is_stream(raw, object) == QPDF_TRUE else { continue }
      let dictionary = qpdf_oh_get_dict(raw, object)
      guard
        qpdf_oh_is_name_and_equals(raw, qpdf_oh_get_key(raw, dictionary, "/Subtype"), "/Form")
          == QPDF_TRUE
      else { continue }
      collectFonts(
        in: qpdf_oh_get_key(raw, dictionary, "/Resources"), depth: depth + 1, seen: &seen,
        into: &hints)
    }
  }

  /// `/ABCDEF+Name`: six capital letters and a plus sign (ISO 32000-1 §9.6.4).
  private static func isSubsetName(_ name: String) -> Bool {
    let bytes = Array(name.utf8.dropFirst())
    return bytes.count > 7 && bytes[6] == UInt8(ascii: "+")
      && bytes[0..<6].allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
  }

  /// The keys of a dictionary (qpdf iterates one dictionary at a time, so collect them first).
  private func dictionaryKeys(_ dictionary: qpdf_oh) -> [String] {
    guard qpdf_oh_is_dictionary(raw, dictionary) == QPDF_TRUE else { return [] }
    var keys: [String] = []
    qpdf_oh_begin_dict_key_iter(raw, dictionary)
    while qpdf_oh_dict_more_keys(raw) == QPDF_TRUE, keys.count < 4096 {
      keys.append(String(cString: qpdf_oh_dict_next_key(raw)))
    }
    return keys
  }

  /// A stream's decoded data as UTF-8 text, or nil when it is not a stream, cannot be decoded
  /// or is longer than `limit`.
  private func streamText(_ stream: qpdf_oh, limit: Int) -> String? {
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
    return String(decoding: UnsafeBufferPointer(start: buffer, count: length), as: UTF8.self)
  }
}
