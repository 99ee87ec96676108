import SystemPackage

/// The public face of the core: reads and sets the page binding and layout of PDF files.
/// Holds no state between files; each call opens, and closes, its own qpdf handle, so
/// calls may run on different threads at once.
public struct BindingEditor: Sendable {
  public var password: String?

  public init(password: String? = nil) {
    self.password = password
  }

  public func read(_ path: FilePath) throws(BindingError) -> BindingReport {
    let source = try SourceFile(path: path)
    if let report = CatalogFastPath.report(for: source) { return report }
    return try Inspection.open(source, password: password).inspection.report
  }

  /// Gives the file `binding`, keeping its layout.
  public func set(_ binding: PageBinding, on path: FilePath, options: SetOptions = SetOptions())
    throws(BindingError) -> SetOutcome
  {
    try set(BindingChange(binding: binding), on: path, options: options)
  }

  /// Writes `change` by appending an incremental update, unless the file already holds it:
  /// plan (qpdf's document is released before anything is written), write, verify, commit.
  public func set(_ change: BindingChange, on path: FilePath, options: SetOptions = SetOptions())
    throws(BindingError) -> SetOutcome
  {
    let source = try SourceFile(path: path)
    let inspection: Inspection
    let plan: UpdatePlan?
    do {
      (inspection, plan) = try inspectAndPlan(change, source: source, force: options.force)
    } catch .damaged(.needsRepair(let detail)) where options.repair {
      return try Repair(password: password, options: options)
        .run(change, source: source, damage: detail)
    }
    var outcome = SetOutcome(
      before: inspection.direction, layoutBefore: inspection.pageLayout, change: change,
      changed: false, bytesAppended: 0, crossReferenceKind: nil, warnings: inspection.warnings)
    guard let plan else {
      if !options.dryRun { try ResultWriter.passThrough(source, to: options.destination) }
      return outcome
    }
    outcome.changed = true
    outcome.bytesAppended = plan.bytes.count
    outcome.crossReferenceKind = plan.kind
    outcome.warnings += plan.notes
    if inspection.pageCount == nil { outcome.warnings.append(.noPageTree) }
    if options.dryRun { return outcome }
    let verifier = Verifier(
      password: password, change: change, objects: plan.objects, original: inspection)
    try ResultWriter.write(
      plan.bytes, after: source, to: options.destination, verify: verifier.verify)
    return outcome
  }

  /// What the file holds and, unless it already has `change`, the update.
  private func inspectAndPlan(_ change: BindingChange, source: borrowing SourceFile, force: Bool)
    throws(BindingError) -> (Inspection, UpdatePlan?)
  {
    let (document, inspection) = try Inspection.open(source, password: password)
    if inspection.hasExactly(change) { return (inspection, nil) }
    if let damage = inspection.damage { throw BindingError.damaged(.needsRepair(detail: damage)) }
    let planner = UpdatePlanner(password: password, force: force)
    return (
      inspection,
      try planner.plan(change, document: document, inspection: inspection, source: source)
    )
  }
}
