internal import CQPDF

/// One of qpdf's errors or warnings, field by field as its C API returns them, so pdfbind
/// decides by qpdf's structure and quotes its words only to the user.
struct QPDFWarning: Equatable, Sendable {
  /// What kind of problem qpdf met (`qpdf_get_error_code`).
  var code: QPDFErrorCode
  /// qpdf's sentence without the file name or position (`qpdf_get_error_message_detail`): for
  /// the user to read, never for pdfbind to match.
  var detail: String
  /// Where qpdf was reading (`qpdf_get_error_file_position`): an offset relative to the header
  /// in the file, or in the decoded data of an object stream when the object is compressed;
  /// nil when qpdf gives none (its notes about the recovery itself).
  var filePosition: Int?
  /// The object qpdf was reading, as it describes it (`object 12 0`, `trailer`), when it says.
  var object: String?

  /// The number of the object qpdf was parsing, when it names one (QPDF::setLastObjectDescription
  /// ends the description with `object N G`).
  var objectNumber: Int? {
    guard let object, object.hasPrefix("object ") || object.contains(": object ") else {
      return nil
    }
    let fields = object.split(separator: " ").suffix(2)
    guard fields.count == 2, Int(fields[fields.startIndex + 1]) != nil else { return nil }
    return Int(fields[fields.startIndex])
  }

  /// Reads the fields of `error` (a pointer qpdf invalidates at its next error call).
  init(_ raw: qpdf_data, _ error: qpdf_error) {
    code = QPDFErrorCode(qpdf_get_error_code(raw, error))
    detail = String(cString: qpdf_get_error_message_detail(raw, error))
    let position = qpdf_get_error_file_position(raw, error)
    filePosition = position > 0 ? Int(clamping: position) : nil
    object = Self.object(
      fullText: String(cString: qpdf_get_error_full_text(raw, error)),
      filename: String(cString: qpdf_get_error_filename(raw, error)),
      position: filePosition, detail: detail)
  }

  init(code: QPDFErrorCode, detail: String, filePosition: Int? = nil, object: String? = nil) {
    self.code = code
    self.detail = detail
    self.filePosition = filePosition
    self.object = object
  }

  /// The same kind of problem in the same words (where qpdf met it is not compared: a
  /// verifier asks whether a result shows a problem its original did not).
  func isSameProblem(as other: QPDFWarning) -> Bool {
    code == other.code && detail == other.detail
  }

  /// qpdf's own notes about recovering a damaged file ("file is damaged", "Attempting to
  /// reconstruct cross-reference table") are raised at no position, about no object.
  var isAboutNothingInParticular: Bool { filePosition == nil && object == nil }

  /// qpdf's exception has one field its C API does not return: what it was reading. It exists
  /// only inside the full text, which QPDFExc::createWhat (qpdf 11) lays out as
  /// `FILENAME (OBJECT, offset N): DETAIL`. The other fields are known, so they are cut from
  /// the text rather than searched for, and what is left is OBJECT. Nil when the text is not
  /// laid out that way or names no object.
  static func object(fullText: String, filename: String, position: Int?, detail: String)
    -> String?
  {
    // Bytes, not characters: qpdf's text is bytes, and this runs for every warning.
    var text = Array(fullText.utf8)[...]
    func dropSuffix(_ suffix: String) -> Bool {
      guard text.count >= suffix.utf8.count,
        text.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
      else { return false }
      text = text.dropLast(suffix.utf8.count)
      return true
    }
    guard dropSuffix(": " + detail) else { return nil }
    if !filename.isEmpty {
      let opening = Array((filename + " (").utf8)
      guard text.starts(with: opening), dropSuffix(")") else { return nil }
      text = text.dropFirst(opening.count)
    }
    if let position {
      guard dropSuffix("offset \(position)") else { return nil }
      _ = dropSuffix(", ")
    }
    return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
  }
}

/// qpdf's error codes (`qpdf_error_code_e` in qpdf/Constants.h).
enum QPDFErrorCode: Equatable, Sendable {
  case system
  case unsupported
  case password
  case damagedPDF
  case pages
  case object
  /// Anything else (a logic error, JSON, linearization), by its C value.
  case other(Int)

  init(_ code: qpdf_error_code_e) {
    switch code {
    case qpdf_e_system: self = .system
    case qpdf_e_unsupported: self = .unsupported
    case qpdf_e_password: self = .password
    case qpdf_e_damaged_pdf: self = .damagedPDF
    case qpdf_e_pages: self = .pages
    case qpdf_e_object: self = .object
    default: self = .other(Int(code.rawValue))
    }
  }
}
