/// What one read of a file established: the entries pdfbind edits, the page count (the
/// verifier compares it), and qpdf's warnings (so that new ones in a result stand out).
package struct Inspection {
  var direction: DirectionEntry
  var directionIsIndirect: Bool
  var pageLayout: PageLayoutEntry
  var pageLayoutIsIndirect: Bool
  var pageCount: Int?
  var qpdfWarnings: [QPDFWarning]
  /// qpdf's reason, when the file only reads with its cross-reference table reconstructed.
  var damage: String?

  /// qpdf's read of `document`; with `knownPageCount`, the page tree is not read (the verifier
  /// has shown the result keeps the original's, `Verifier.KeptPageTree`).
  init(_ document: QPDFDocument, knownPageCount: Int? = nil) throws(BindingError) {
    (direction, directionIsIndirect) = try document.direction()
    (pageLayout, pageLayoutIsIndirect) = try document.pageLayout()
    pageCount = knownPageCount ?? document.pageCount()
    qpdfWarnings = document.takeWarnings()
  }

  /// What the validated fast path read: it answers only for a plain file whose `/Direction` and
  /// `/PageLayout` are direct names (or absent), read as qpdf reads them, without a warning.
  init(fastPath report: BindingReport) {
    direction = report.direction
    directionIsIndirect = false
    pageLayout = report.pageLayout
    pageLayoutIsIndirect = false
    pageCount = report.pageCount
    qpdfWarnings = []
  }

  /// True when the file holds exactly what `set` would write for `change`, written directly.
  func hasExactly(_ change: BindingChange) -> Bool {
    if let binding = change.binding {
      let expected: DirectionEntry = binding.directionName.map { .name($0) } ?? .absent
      guard direction == expected, !directionIsIndirect else { return false }
    }
    if let arrangement = change.arrangement {
      guard pageLayout.isExactly(arrangement), !pageLayoutIsIndirect else { return false }
    }
    return true
  }

  var warnings: [BindingWarning] {
    var warnings: [BindingWarning] = []
    if let damage { warnings.append(.damaged(detail: damage)) }
    if direction.isUnexpected, let raw = direction.rawValue {
      let shown = if case .name = direction { "/" + raw } else { raw }
      warnings.append(.unexpectedDirection(shown: shown))
    }
    return warnings
  }

  /// What `get` reports for the document read (`history` gives one per revision).
  package var report: BindingReport {
    BindingReport(
      direction: direction, pageLayout: pageLayout, pageCount: pageCount, warnings: warnings)
  }

  /// Opens the file with recovery off, so damage is seen, and reads it. A damaged file is read
  /// again with recovery on, to report what it holds: its document is that recovered one, and
  /// `damage` says nothing may be written on top of it.
  static func open(_ source: SourceFile, password: String?) throws(BindingError) -> (
    document: QPDFDocument, inspection: Inspection
  ) {
    do {
      let document = try QPDFDocument(
        mapping: source.mapping, name: source.path, password: password)
      return (document, try Inspection(document))
    } catch .damaged(.unrecoverable(let detail)) {
      do {
        let recovered = try QPDFDocument(
          mapping: source.mapping, name: source.path, password: password, attemptRecovery: true)
        var inspection = try Inspection(recovered)
        inspection.damage =
          source.looksTruncated
          ? "the file ends before its startxref and %%EOF, as if truncated" : detail
        return (recovered, inspection)
      } catch .damaged(.unrecoverable(let recoveredDetail)) {
        throw source.looksTruncated
          ? .damaged(.truncated) : .damaged(.unrecoverable(detail: recoveredDetail))
      }
    }
  }
}
