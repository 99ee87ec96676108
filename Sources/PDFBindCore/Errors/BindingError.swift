/// Why pdfbind could not read or update one file. `description` is the REASON of the
/// `pdfbind: PATH: REASON` line: words a user can act on, never a bare qpdf code.
public enum BindingError: Error, Equatable, Sendable, CustomStringConvertible {
  // Reading
  case notFound
  case isDirectory
  case notRegularFile
  case permissionDenied
  case empty
  case notPDF
  case truncated
  case damaged(detail: String)
  case passwordRequired
  case wrongPassword
  case unsupportedEncryption(String)
  case unreadable(detail: String)
  /// The system refused a read of an input that was open (an I/O error, say).
  case readFailed(reason: String)
  case noCatalog
  /// poppler-glib (or a library it needs), which `suggest` reads page text with, cannot be
  /// loaded or lacks a function: `library` is the library or the function, `detail` dlerror's
  /// words.
  case popplerUnavailable(library: String, detail: String)
  /// A directory a -r walk could not read: its files were skipped.
  case directoryPermissionDenied
  case directoryUnreadable(reason: String)
  // Refusals before writing
  case damagedNeedsRepair(detail: String)
  /// The object `set` would rewrite only parses with qpdf's repairs.
  case damagedObject(objectNumber: Int, detail: String)
  case signed(count: Int)
  case certified(level: Int?)
  case changesNotPermitted
  case cannotEncryptExactly(String)
  case layoutUnsupported(String)
  /// set --repair on a signed or certified file: a rewrite would destroy its signatures.
  case repairWouldBreakSignatures(certified: Bool)
  /// set --repair --in-place on a file that needs a rewrite.
  case repairNeedsCopy
  // Refusals of revert
  case revertSingleRevision
  case revertSigned(signatures: [String])
  case revertNotBindingOnly(objects: [Int], trailer: Bool)
  /// qpdf cannot read the file before the last revision.
  indirect case revertPreviousUnreadable(BindingError)
  /// The last revision's cross-reference stream cannot be decoded.
  case revertChangesUnknown
  // Writing
  case readOnlyFile
  case directoryNotWritable(directory: String)
  case noSpace
  case writeFailed(operation: String, reason: String)
  case changedWhileWorking
  case verificationFailed(String)
  // Pictures (preview)
  case renderFailed(String)
  case pictureTooLarge(width: Int, height: Int)
  case noPageCount

  public var description: String {
    switch self {
    case .notFound: "no such file"
    case .isDirectory: "is a directory, not a PDF file"
    case .notRegularFile: "not a regular file"
    case .permissionDenied: "permission denied: pdfbind cannot read this file"
    case .empty: "empty file (0 bytes), not a PDF"
    case .notPDF: "not a PDF: no %PDF- header in the first 1024 bytes"
    case .truncated:
      "truncated PDF: it ends without startxref and %%EOF, and qpdf cannot reconstruct it; it "
        + "was probably cut off while being copied or downloaded (or has other data after its end)"
    case .damaged(let detail): "damaged PDF that qpdf cannot read (\(detail))"
    case .passwordRequired:
      "encrypted: a password is needed to read it (give --password or set PDFBIND_PASSWORD)"
    case .wrongPassword: "encrypted: the password given is wrong"
    case .unsupportedEncryption(let what): "encrypted with \(what), which pdfbind does not support"
    case .unreadable(let detail): "cannot be read as a PDF (\(detail))"
    case .readFailed(let reason): "reading failed: \(reason)"
    case .noCatalog: "damaged PDF: its trailer has no usable /Root (document catalog)"
    case .popplerUnavailable(let library, let detail):
      "preview and suggest load poppler and cairo at run time, and \(library) cannot be loaded "
        + "(\(detail)); install them (Debian: apt-get install libpoppler-glib8 libcairo2)"
    case .directoryPermissionDenied:
      "permission denied: pdfbind cannot read this directory; its files were skipped"
    case .directoryUnreadable(let reason):
      "cannot read this directory (\(reason)); its files were skipped"
    case .damagedNeedsRepair(let detail):
      "damaged PDF (qpdf: \(detail)): its cross-reference data does not match its objects, so "
        + "an update appended to it would not be reliable; left unchanged. Run again with "
        + "--repair to have qpdf rewrite it whole (its earlier revisions are not kept), or "
        + "repair it yourself, for example with 'qpdf damaged.pdf repaired.pdf'"
    case .damagedObject(let number, let detail):
      "damaged PDF (qpdf, object \(number): \(detail)): the object pdfbind would rewrite has "
        + "syntax errors qpdf had to patch, and rewriting it would carry the patches into the "
        + "file; left unchanged. Repair it first, for example with 'qpdf damaged.pdf "
        + "repaired.pdf', then run pdfbind on the repaired copy"
    case .signed(let count):
      "digitally signed (\(count) signature\(count == 1 ? "" : "s")): the signed bytes would stay "
        + "intact, but validators such as Acrobat and pyHanko report a catalog change after "
        + "signing as a modification the signer did not allow; use --force to update it anyway"
    case .certified(let level):
      "certified (DocMDP\(level.map { " permission level \($0)" } ?? "")): changing the binding "
        + "breaks the certification; use --force to update it anyway"
    case .changesNotPermitted:
      "encrypted with permissions that forbid changes, and opened without the owner password; "
        + "give the owner password with --password, or use --force"
    case .cannotEncryptExactly(let why): "cannot write this encrypted file exactly: \(why)"
    case .layoutUnsupported(let why): "cannot append an exact update: \(why)"
    case .repairWouldBreakSignatures(let certified):
      "damaged and \(certified ? "certified" : "digitally signed"): --repair would rewrite it whole, "
        + "which destroys its signatures; left unchanged (pdfbind never rewrites signed files)"
    case .repairNeedsCopy:
      "damaged: --repair rewrites it whole, which --in-place cannot do (it only appends); left "
        + "unchanged. Run without --in-place, or with -o OUT"
    case .revertSingleRevision:
      "has only one revision (no incremental update to remove); left unchanged"
    case .revertSigned(let names):
      "its last revision is covered by a signature (\(names.joined(separator: ", "))): removing "
        + "it would remove signed bytes; left unchanged"
    case .revertNotBindingOnly(let objects, let trailer):
      "its last revision changed more than the binding and layout ("
        + Self.changeList(objects: objects, trailer: trailer)
        + "); revert removes only a revision that changes nothing else; left unchanged"
    case .revertPreviousUnreadable(let error):
      "qpdf cannot read the file before its last revision (\(error)), so what that revision "
        + "changed cannot be told; left unchanged"
    case .revertChangesUnknown:
      "cannot tell what its last revision changed (its cross-reference stream cannot be "
        + "decoded); left unchanged"
    case .readOnlyFile:
      "permission denied: the file is read-only; make it writable or write elsewhere with -o"
    case .directoryNotWritable(let directory):
      "permission denied: cannot create a file in \(directory), which replacing the file "
        + "atomically needs; make the directory writable, or use --in-place to append to the "
        + "file itself"
    case .noSpace: "no space left on the device; the file is unchanged"
    case .writeFailed(let operation, let reason): "\(operation) failed: \(reason)"
    case .changedWhileWorking:
      "the file changed on disk while pdfbind was working on it; left alone, run pdfbind again"
    case .verificationFailed(let why):
      "the updated file did not read back correctly (\(why)); the original is kept"
    case .renderFailed(let why): "cannot draw the picture (\(why))"
    case .pictureTooLarge(let width, let height):
      "the picture would be \(width)×\(height) pixels, more than pdfbind draws; choose fewer "
        + "spreads with --spreads or a smaller --height"
    case .noPageCount:
      "damaged PDF: its page tree has no usable /Count, so its pages cannot be paired"
    }
  }
}

extension BindingError {
  /// "object 5", "objects 1, 3", "objects 1, 3 and the trailer's /Root, /Info or /Encrypt".
  fileprivate static func changeList(objects: [Int], trailer: Bool) -> String {
    var parts: [String] = []
    if !objects.isEmpty {
      parts.append(
        (objects.count == 1 ? "object " : "objects ")
          + objects.map(String.init).joined(separator: ", "))
    }
    if trailer { parts.append("the trailer's /Root, /Info or /Encrypt") }
    return parts.joined(separator: " and ")
  }
}
