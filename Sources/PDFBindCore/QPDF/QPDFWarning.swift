internal import CQPDF

/// One of qpdf's errors or warnings, field by field as its C API returns them, so pdfbind
/// decides by qpdf's structure and quotes its words only to the user.
struct QPDFWarning: Equatable, Sendable {
  /// What kind of problem qpdf met (`qpdf_get_error_code`).
  var code: QPDFErrorCode
  /// qpdf's sentence without the file name or position (`qpdf_get_error_message_detail`): for
  /// the user to read, never for pdfbind to match.
  var detail: String
  /// Where qpdf was reading (`qpdf_get_error_file_position`): in the file, an offset relative
  /// to its header; in an object stream, an offset in the stream's decoded data; nil when qpdf
  /// gives none (its notes about the recovery itself).
  var filePosition: Int?
  /// Whether qpdf was reading the file itself rather than an object stream's decoded data:
  /// qpdf names each input it reads (`qpdf_get_error_filename`), the file by the name it was
  /// opened with and an object stream's data by another.
  var inFile: Bool

  /// Reads the fields of `error` (a pointer qpdf invalidates at its next error call) from the
  /// document qpdf opened as `fileName`.
  init(_ raw: qpdf_data, _ error: qpdf_error, fileName: String) {
    code = QPDFErrorCode(qpdf_get_error_code(raw, error))
    detail = String(cString: qpdf_get_error_message_detail(raw, error))
    let position = qpdf_get_error_file_position(raw, error)
    filePosition = position > 0 ? Int(clamping: position) : nil
    inFile = String(cString: qpdf_get_error_filename(raw, error)) == fileName
  }

  init(code: QPDFErrorCode, detail: String, filePosition: Int? = nil, inFile: Bool = true) {
    self.code = code
    self.detail = detail
    self.filePosition = filePosition
    self.inFile = inFile
  }

  /// The same kind of problem in the same words (where qpdf met it is not compared: a
  /// verifier asks whether a result shows a problem its original did not).
  func isSameProblem(as other: QPDFWarning) -> Bool {
    code == other.code && detail == other.detail
  }

  /// qpdf's own notes about recovering a damaged file ("file is damaged", "Attempting to
  /// reconstruct cross-reference table") are raised at no position.
  var isAboutNothingInParticular: Bool { filePosition == nil }
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
