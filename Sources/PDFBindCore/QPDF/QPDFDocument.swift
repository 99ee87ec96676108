// The only folder that imports libqpdf's C API: nothing else in the package sees qpdf_data or
// qpdf_oh, and nothing public mentions them. This file owns the handle; each job that reads
// through it has its own extension file beside this one.
internal import CQPDF
import SystemPackage

/// Sole owner of one `qpdf_data`: `qpdf_cleanup` runs exactly once, in `deinit`, on every path,
/// including a failed read (qpdf allocates in `qpdf_init`, before the read can fail).
/// qpdf allows different `qpdf_data` on different threads, never one on two: keep each
/// document local to the job that opened it.
package final class QPDFDocument {
  let raw: qpdf_data
  /// The bytes qpdf parses, mapped read-only; released after qpdf_cleanup.
  private let mapping: MappedFile?
  /// Whether qpdf may reconstruct a broken cross-reference table (its warnings then start
  /// with a note about that).
  let attemptsRecovery: Bool
  /// The catalog's handle, once read (qpdf gives a new handle on every call).
  private var cachedRoot: qpdf_oh?
  /// The name qpdf reads the file by: its errors name this input when they are about the file
  /// itself, and another when about an object stream's data (`QPDFWarning.inFile`).
  private let fileName: String

  /// Opens the first `length` bytes of `mapping` (all of them by default; a prefix of a file
  /// is the document as it was after the revision that ends there), or, without a mapping, the
  /// file at `name`, which otherwise appears in qpdf's messages only. With `attemptRecovery`
  /// false, a file whose cross-reference table is broken fails with `.damaged` instead of being
  /// silently reconstructed.
  init(
    mapping: MappedFile?, length: Int? = nil, name: FilePath, password: String?,
    attemptRecovery: Bool = false
  ) throws(BindingError) {
    raw = qpdf_init()
    self.mapping = mapping
    fileName = name.string
    attemptsRecovery = attemptRecovery
    // From here on deinit frees the handle, even if the read below fails.
    // qpdf writes errors and warnings to stderr unless told not to; we report in our words.
    qpdf_silence_errors(raw)
    qpdf_set_suppress_warnings(raw, QPDF_TRUE)
    qpdf_set_attempt_recovery(raw, attemptRecovery ? QPDF_TRUE : QPDF_FALSE)
    // From memory, qpdf parses a cross-reference table without a system call per entry (its
    // own file reader seeks and reads for each: 90,000 calls for 5,000 pages).
    // qpdf_read_memory does not copy (Buffer with own_memory false in qpdf 11.3): `mapping`
    // outlives the handle because deinit cleans up before the stored properties go.
    let status = name.withPlatformString { name in
      if let mapping {
        qpdf_read_memory(
          raw, name, mapping.address.assumingMemoryBound(to: CChar.self),
          UInt64(min(max(0, length ?? mapping.length), mapping.length)), password ?? "")
      } else {
        qpdf_read(raw, name, password ?? "")
      }
    }
    if status & QPDF_ERRORS != 0 {
      throw takeError(passwordGiven: !(password ?? "").isEmpty)
    }
  }

  /// Lets go of the pages of the mapped file read so far (see `MappedFile.releaseReadPages`).
  func releaseMappedPages() {
    mapping?.releaseReadPages()
  }

  /// Opens the file at `path` (a result to verify, a page worker's book), mapped for the time
  /// qpdf reads it.
  package convenience init(path: FilePath, password: String?, attemptRecovery: Bool = false)
    throws(BindingError)
  {
    try self.init(
      mapping: MappedFile(path), name: path, password: password, attemptRecovery: attemptRecovery)
  }

  deinit {
    var handle: qpdf_data? = raw
    qpdf_cleanup(&handle)
    // The mapping is released after this, once qpdf no longer reads it.
  }

  /// The catalog's handle. Checked at once: reading it is where a broken cross-reference
  /// table first shows, and qpdf replaces that error with a vaguer one on the next call.
  func root() throws(BindingError) -> qpdf_oh {
    if let cachedRoot { return cachedRoot }
    let root = qpdf_get_root(raw)
    try check()
    cachedRoot = root
    return root
  }

  /// The catalog's handle for reads that may fail quietly (qpdf's error is dropped, its
  /// warnings kept).
  var readableRoot: qpdf_oh? {
    if let cachedRoot { return cachedRoot }
    let root = qpdf_get_root(raw)
    guard qpdf_has_error(raw) == QPDF_FALSE else {
      discardError()
      return nil
    }
    cachedRoot = root
    return root
  }

  // MARK: - Errors and warnings

  /// Throws qpdf's pending error, if any, in our words.
  func check() throws(BindingError) {
    if qpdf_has_error(raw) == QPDF_TRUE { throw takeError(passwordGiven: true) }
  }

  /// Drops qpdf's pending error after a read that may fail quietly (a missing key, an object
  /// qpdf cannot resolve): qpdf keeps it until taken, and the next `check` would report it.
  func discardError() {
    if qpdf_has_error(raw) == QPDF_TRUE { _ = qpdf_get_error(raw) }
  }

  /// The warnings qpdf gathered since the last call, oldest first.
  func takeWarnings() -> [QPDFWarning] {
    var warnings: [QPDFWarning] = []
    while qpdf_more_warnings(raw) == QPDF_TRUE, let warning = qpdf_next_warning(raw) {
      warnings.append(QPDFWarning(raw, warning, fileName: fileName))
    }
    return warnings
  }

  /// qpdf's pending error (taken), or a stand-in when it has none.
  func takeFailure() -> QPDFWarning {
    guard qpdf_has_error(raw) == QPDF_TRUE, let error = qpdf_get_error(raw) else {
      return QPDFWarning(code: .other(0), detail: "qpdf reported an error without details")
    }
    return QPDFWarning(raw, error, fileName: fileName)
  }

  func takeError(passwordGiven: Bool) -> BindingError {
    let failure = takeFailure()
    switch failure.code {
    // qpdf reports a missing and a wrong password alike; only the caller knows which it was.
    case .password: return passwordGiven ? .password(.wrong) : .password(.required)
    case .damagedPDF:
      // The first specific warning names the cause ("expected n n obj"); the error is often
      // only its consequence ("unable to find /Root dictionary"). A recovering read begins
      // with qpdf's note that the file is damaged, which names nothing.
      var warnings = takeWarnings()[...]
      if attemptsRecovery, warnings.first?.isAboutNothingInParticular == true {
        warnings = warnings.dropFirst()
      }
      return .damaged(.unrecoverable(detail: warnings.first?.detail ?? failure.detail))
    // qpdf marks a document encrypted before it reads the encryption dictionary, so a feature
    // it does not support, met while the document counts as encrypted, is the encryption's.
    case .unsupported where qpdf_is_encrypted(raw) == QPDF_TRUE:
      guard usesStandardSecurityHandler else {
        // A public-key or third-party handler: only the standard password handler is readable.
        return .unsupported(
          .encryption(
            "a security handler other than the standard password handler (qpdf: "
              + "\(failure.detail))"))
      }
      return .unsupported(.encryption(failure.detail))
    default: return .damaged(.unreadable(detail: failure.detail))
    }
  }

  /// Whether the trailer's `/Encrypt` names the standard security handler (`/Filter
  /// /Standard`); readable even when qpdf refused the file for its encryption.
  private var usesStandardSecurityHandler: Bool {
    let encrypt = qpdf_oh_get_key(raw, qpdf_get_trailer(raw), "/Encrypt")
    defer { discardError() }
    return qpdf_oh_is_name_and_equals(raw, qpdf_oh_get_key(raw, encrypt, "/Filter"), "/Standard")
      == QPDF_TRUE
  }
}
