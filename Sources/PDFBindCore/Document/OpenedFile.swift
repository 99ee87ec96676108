import SystemPackage

/// The file behind a `PDFBindingDocument`, as one command reads it: opened, stat'ed and mapped
/// once (`SourceFile`), read once (by the validated fast path, or by qpdf), and qpdf's handle
/// kept for whatever needs it next (planning an update, suggest) until something is written.
/// Each step happens on first use, so a command pays only for what it reads.
package final class OpenedFile {
  package let path: FilePath
  package let password: String?
  private var source: SourceFile?
  private var contents: Inspection?
  private var qpdf: (document: QPDFDocument, inspection: Inspection)?
  /// Set once the document wrote over this file: what was read here no longer describes it.
  private var isStale = false

  /// A file not opened yet; `contents`, when given, is what it is already known to hold (a
  /// result the verifier read back).
  package init(path: FilePath, password: String?, contents: Inspection? = nil) {
    self.path = path
    self.password = password
    self.contents = contents
  }

  /// The file opened and classified (once).
  func sourceFile() throws(BindingError) -> SourceFile {
    if isStale { throw BindingError.writing(.changedWhileWorking) }
    if let source { return source }
    let opened = try SourceFile(path: path)
    source = opened
    return opened
  }

  /// What the file holds: read by the fast path when the file is plain, otherwise by qpdf.
  package func inspection() throws(BindingError) -> Inspection {
    if let contents { return contents }
    let source = try sourceFile()
    if let report = CatalogFastPath.report(for: source) {
      let read = Inspection(fastPath: report)
      contents = read
      return read
    }
    return try qpdfRead().inspection
  }

  /// The file as qpdf reads it (opened now if the fast path read it so far); a damaged file
  /// comes recovered, with `damage` set in its inspection.
  package func qpdfRead() throws(BindingError) -> (document: QPDFDocument, inspection: Inspection) {
    if let qpdf { return qpdf }
    let read = try Inspection.open(try sourceFile(), password: password)
    qpdf = read
    contents = read.inspection
    return read
  }

  /// Lets qpdf's handle go, before anything is written (qpdf reads the mapped file lazily).
  package func releaseQPDF() {
    qpdf = nil
  }

  /// The document wrote over this file: anything still holding this value must not read it.
  func markStale() {
    releaseQPDF()
    isStale = true
  }
}
