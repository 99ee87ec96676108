import SystemPackage

public struct RevertOptions: Equatable, Sendable {
  public var destination: SetDestination
  /// Report what would be removed, write nothing.
  public var dryRun: Bool

  public init(destination: SetDestination = .replace, dryRun: Bool = false) {
    self.destination = destination
    self.dryRun = dryRun
  }
}

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

extension BindingEditor {
  // MARK: - history

  /// The file's revisions, oldest first, each compared with the one before.
  public func history(_ path: FilePath) throws(BindingError) -> FileHistory {
    let source = try SourceFile(path: path)
    let (mapping, scans) = try revisionScans(source)
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

  // MARK: - revert

  /// Removes the file's last revision when it changed nothing but the binding and layout,
  /// giving back exactly the bytes from before it.
  public func revert(_ path: FilePath, options: RevertOptions = RevertOptions())
    throws(BindingError) -> RevertOutcome
  {
    let source = try SourceFile(path: path)
    let outcome = try planRevert(source, path: path)
    if options.dryRun { return outcome }
    try ResultWriter.write(
      [], after: source, keeping: Int64(outcome.length), to: options.destination
    ) { (result: FilePath) throws(BindingError) in
      try verifyRevert(result, outcome: outcome)
    }
    return outcome
  }

  /// Decides the cut. The mapping and the qpdf documents end here, before anything is written
  /// (a truncated mapped file would fault).
  private func planRevert(_ source: borrowing SourceFile, path: FilePath) throws(BindingError)
    -> RevertOutcome
  {
    let (mapping, scans) = try revisionScans(source)
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

  /// The result must have the planned length and read back as the previous revision did:
  /// the same `/Direction`, `/PageLayout` and page count.
  private func verifyRevert(_ result: FilePath, outcome: RevertOutcome) throws(BindingError) {
    let size = (try? FileVersion(atPath: result))?.size
    guard size == Int64(outcome.length) else {
      throw BindingError.writing(
        .verificationFailed(
          "\(size.map(String.init) ?? "no") bytes instead of \(outcome.length)"))
    }
    let reread: Inspection
    do {
      let document = try QPDFDocument(path: result, password: password)
      reread = try Inspection(document)
    } catch {
      throw BindingError.writing(.verificationFailed("qpdf cannot read it: \(error)"))
    }
    let expected = outcome.after
    guard reread.direction == expected.direction, reread.pageLayout == expected.pageLayout,
      reread.pageCount == expected.pageCount
    else {
      let direction = reread.direction.rawValue.map { "/Direction \($0)" } ?? "no /Direction"
      let layout = reread.pageLayout.rawValue.map { "/PageLayout \($0)" } ?? "no /PageLayout"
      throw BindingError.writing(
        .verificationFailed(
          "it reads back with \(direction) and \(layout), not as the previous revision"))
    }
  }

  /// The file mapped and its revisions found by byte scans.
  private func revisionScans(_ source: borrowing SourceFile) throws(BindingError) -> (
    MappedFile, [RevisionScan]
  ) {
    let mapping = try source.mapping()
    let scans = RevisionScanner.revisions(
      in: UnsafeRawBufferPointer(start: mapping.address, count: mapping.length))
    guard let scans else {
      if source.looksTruncated { throw BindingError.damaged(.truncated) }
      throw BindingError.damaged(
        .unrecoverable(
          detail: "its cross-reference sections cannot be followed from startxref"))
    }
    return (mapping, scans)
  }
}
