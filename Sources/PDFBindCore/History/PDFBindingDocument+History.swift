import SystemPackage

/// What `revert` did to one file (or would do, with --dry-run).
public struct RevertOutcome: Equatable, Sendable {
  /// The number of the revision removed (the last one).
  public var removedRevision: Int
  public var bytesRemoved: Int
  /// The file's length afterwards.
  public var length: Int
  /// The version in pdfbind's marker when pdfbind wrote the removed revision: the cut is then
  /// the length the marker records.
  public var pdfbindVersion: String?
  /// What `get` read with the removed revision, and reads without it.
  public var before: BindingReport
  public var after: BindingReport
}

extension PDFBindingDocument {
  // MARK: - history

  /// The file's revisions, oldest first, each compared with the one before.
  public func history() throws(BindingError) -> FileHistory {
    let source = try file.sourceFile()
    let (mapping, scans) = try Self.revisionScans(source)
    let analysis = HistoryAnalysis(mapping: mapping, name: path, password: password, scans: scans)
    let (revisions, last, _) = analysis.revisions(0..<scans.count, comparingFrom: 1)
    if let error = last?.error, error == .password(.required) || error == .password(.wrong) {
      throw error
    }
    var history = FileHistory(
      revisions: revisions, trailingBytes: mapping.length - (scans.last?.end ?? mapping.length))
    history.attachSignatures(
      last?.document?.signatures() ?? [], scans: scans, fileLength: mapping.length)
    return history
  }

  /// The revisions of the file at `path`, as ``history()`` reads them, for a file whose
  /// current version may not read at all (each revision is read on its own), without opening
  /// a document on it.
  public static func history(ofFileAt path: FilePath, password: String? = nil)
    throws(BindingError) -> FileHistory
  {
    try PDFBindingDocument(opening: path, password: password).history()
  }

  // MARK: - revert

  /// Removes the last revision of the file at `path`, as ``revert(to:dryRun:)-(SaveDestination,_)``
  /// does, for a file whose current version may not read at all (a revision that broke it can
  /// still be removed), without opening a document on it.
  @discardableResult
  public static func revert(
    fileAt path: FilePath, password: String? = nil, to destination: SaveDestination = .replacing,
    dryRun: Bool = false
  ) throws(BindingError) -> RevertOutcome {
    try PDFBindingDocument(opening: path, password: password)
      .revert(to: destination, dryRun: dryRun)
  }

  /// Removes the file's last revision when it changed nothing but the binding and layout,
  /// giving back exactly the bytes from before it (to `destination`; with `dryRun`, only
  /// reports). Reverted in its own file, the document then describes the result.
  @discardableResult
  public func revert(to destination: SaveDestination = .replacing, dryRun: Bool = false)
    throws(BindingError) -> RevertOutcome
  {
    let source = try file.sourceFile()
    let outcome = try planRevert(source)
    if dryRun { return outcome }
    file.releaseQPDF()
    let verified = try Verifier(
      password: password, expectation: .previousRevision(outcome.after, length: outcome.length)
    ).write([], after: source, keeping: Int64(outcome.length), to: destination)
    _ = adopt(verified, writtenTo: destination)
    return outcome
  }

  /// Reverts into the file at `path`; the document's own file stays as it is.
  @discardableResult
  public func revert(to path: String, dryRun: Bool = false) throws(BindingError)
    -> RevertOutcome
  {
    try revert(to: .file(FilePath(path)), dryRun: dryRun)
  }

  /// Decides the cut. The mapping's readers and the qpdf documents end here, before anything
  /// is written (a truncated mapped file would fault).
  private func planRevert(_ source: SourceFile) throws(BindingError) -> RevertOutcome {
    let (mapping, scans) = try Self.revisionScans(source)
    guard scans.count >= 2 else { throw BindingError.revert(.singleRevision) }
    let analysis = HistoryAnalysis(mapping: mapping, name: path, password: password, scans: scans)
    let (revisions, lastState, previousState) = analysis.revisions(
      (scans.count - 2)..<scans.count, comparingFrom: scans.count - 1)
    guard let lastState, let previousState, let last = revisions.last else {
      throw BindingError.revert(.singleRevision)
    }
    let before = try lastState.read.get()
    let after: BindingReport
    switch previousState.read {
    case .success(let report): after = report
    case .failure(let error): throw BindingError.revert(.previousUnreadable(error))
    }
    let lastScan = scans[scans.count - 1]
    let covering = (lastState.document?.signatures() ?? []).filter {
      FileHistory.signature($0.byteRange, covers: lastScan, fileLength: mapping.length)
    }
    if !covering.isEmpty { throw BindingError.revert(.signed(signatures: covering.map(\.name))) }
    guard let changed = last.changedObjects else { throw BindingError.revert(.changesUnknown) }
    guard last.bindingOnly else {
      throw BindingError.revert(.notBindingOnly(objects: changed, trailer: last.trailerChanged))
    }
    // pdfbind's own update: the length its marker records; another producer's: right after
    // the previous revision's %%EOF and its end-of-line.
    let cut = lastScan.marker?.previousLength ?? lastScan.start
    return RevertOutcome(
      removedRevision: scans.count, bytesRemoved: mapping.length - cut, length: cut,
      pdfbindVersion: lastScan.marker?.version, before: before, after: after)
  }

  /// The file's mapping and its revisions found by byte scans.
  private static func revisionScans(_ source: SourceFile) throws(BindingError) -> (
    MappedFile, [RevisionScan]
  ) {
    let mapping = try source.mapped()
    let scans = mapping.withBytes { RevisionScanner.revisions(in: $0) }
    guard let scans else {
      if source.looksTruncated { throw BindingError.damaged(.truncated) }
      throw BindingError.damaged(
        .unrecoverable(detail: "its cross-reference sections cannot be followed from startxref"))
    }
    return (mapping, scans)
  }
}
