import SystemPackage

extension PDFBindingDocument {
  /// Writes the change: an exact incremental update appended after the original bytes (or,
  /// with `repair`, a damaged file rewritten whole by qpdf), re-read by qpdf and checked before
  /// it replaces anything. A file that already holds exactly the change is left as it was
  /// (to another destination, its bytes are copied unchanged). Saved over its own file, the
  /// document then describes the result.
  @discardableResult
  public func save(
    to destination: SaveDestination = .replacing, options: SaveOptions = SaveOptions()
  ) throws(BindingError) -> SaveOutcome {
    let (outcome, verified) = try Saving(
      file: file, change: change, password: password, options: options
    ).run(to: destination)
    if adopt(verified, writtenTo: destination) { change = BindingChange() }
    return outcome
  }

  /// After a result replaced the document's own file: the document describes the result (what
  /// the verifier read back) from now on. True when it did.
  func adopt(_ verified: Inspection?, writtenTo destination: SaveDestination) -> Bool {
    guard let verified, destination == .replacing || destination == .inPlace else { return false }
    replaceFile(with: verified)
    return true
  }

  /// Writes the changed document to the file at `path`; the document's own file stays as it
  /// is.
  @discardableResult
  public func save(to path: String, options: SaveOptions = SaveOptions()) throws(BindingError)
    -> SaveOutcome
  {
    try Saving(file: file, change: change, password: password, options: options)
      .run(to: .file(FilePath(path))).outcome
  }
}

/// One save: what the file holds, the update planned (qpdf's handle is released before
/// anything is written), written, verified, committed. A plain file is planned from pdfbind's
/// strict reading of it, so that qpdf opens only the result; any other file, and a dry run
/// (no result for qpdf to judge), is planned from qpdf's read of it.
struct Saving {
  var file: OpenedFile
  var change: BindingChange
  var password: String?
  var options: SaveOptions

  func run(to destination: SaveDestination) throws(BindingError) -> (
    outcome: SaveOutcome, verified: Inspection?
  ) {
    do {
      return try write(to: destination)
    } catch .damaged(.needsRepair(let detail)) where options.repair {
      return try Repair(password: password, options: options)
        .run(change, file: file, damage: detail, to: destination)
    }
  }

  private func write(to destination: SaveDestination) throws(BindingError) -> (
    outcome: SaveOutcome, verified: Inspection?
  ) {
    let source = try file.sourceFile()
    let (outcome, plan, verifier) = try plan()
    if options.dryRun { return (outcome, nil) }
    file.releaseQPDF()
    guard let plan, let verifier else {
      try ResultWriter.passThrough(source, to: destination)
      return (outcome, nil)
    }
    return (outcome, try verifier.write(plan.bytes, after: source, to: destination))
  }

  /// The report and, unless the file already holds the change, the update and what the result
  /// must read back as. A qpdf document it was planned with stays with the file, to be
  /// released before anything is written.
  private func plan() throws(BindingError) -> (SaveOutcome, UpdatePlan?, Verifier?) {
    let contents = try file.inspection()
    if contents.hasExactly(change) {
      return (Self.outcome(contents, change, plan: nil), nil, nil)
    }
    if !options.dryRun,
      let (basis, damageSample) = UpdateBasis.strictlyRead(try file.sourceFile(), change: change)
    {
      let plan = UpdatePlanner.plan(change, on: basis)
      var verifier = Verifier(
        password: password, expectation: .change(change, original: contents),
        objects: plan.objects)
      verifier.damageSample = damageSample
      verifier.keptPageTree = Verifier.KeptPageTree(
        plan: plan, catalogNumber: basis.catalog.objectNumber,
        originalPageCount: contents.pageCount)
      verifier.qpdfOriginal = { [file] () throws(BindingError) -> Inspection in
        let read = try file.qpdfRead().inspection
        if let damage = read.damage { throw .damaged(.needsRepair(detail: damage)) }
        return read
      }
      return (Self.outcome(contents, change, plan: plan), plan, verifier)
    }
    let (document, inspection) = try file.qpdfRead()
    if let damage = inspection.damage {
      throw BindingError.damaged(.needsRepair(detail: damage))
    }
    let basis = try UpdateBasis(
      qpdf: document, inspection: inspection, source: try file.sourceFile(), change: change,
      password: password, force: options.force)
    let plan = UpdatePlanner.plan(change, on: basis)
    let verifier = Verifier(
      password: password, expectation: .change(change, original: inspection),
      objects: plan.objects)
    return (Self.outcome(inspection, change, plan: plan), plan, verifier)
  }

  private static func outcome(_ read: Inspection, _ change: BindingChange, plan: UpdatePlan?)
    -> SaveOutcome
  {
    var outcome = SaveOutcome(
      before: read.direction, layoutBefore: read.pageLayout, change: change,
      changed: plan != nil, bytesAppended: plan?.bytes.count ?? 0,
      crossReferenceKind: plan?.kind, warnings: read.warnings)
    if let plan {
      outcome.warnings += plan.notes
      if read.pageCount == nil { outcome.warnings.append(.noPageTree) }
    }
    return outcome
  }
}
