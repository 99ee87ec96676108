/// What `get` learns about one file.
public struct BindingReport: Equatable, Sendable {
  public var direction: DirectionEntry
  public var binding: PageBinding { direction.binding }
  public var pageLayout: PageLayoutEntry
  /// `/Count` of the page tree's root; nil when the page tree cannot be read.
  public var pageCount: Int?
  /// Things the user should know that do not stop the read.
  public var warnings: [BindingWarning]
}

/// What `set` writes: a binding, a page layout, or both; nil leaves that entry as it is.
public struct BindingChange: Equatable, Sendable {
  public var binding: PageBinding?
  public var arrangement: PageArrangement?

  public init(binding: PageBinding? = nil, arrangement: PageArrangement? = nil) {
    self.binding = binding
    self.arrangement = arrangement
  }
}

/// What saving a document did (or would do, with `dryRun`): `pdfbind set`'s report.
public struct SaveOutcome: Equatable, Sendable {
  public var before: DirectionEntry
  public var layoutBefore: PageLayoutEntry
  public var change: BindingChange
  /// The binding after the update (the requested one, or the file's own when none was).
  public var after: PageBinding { change.binding ?? before.binding }
  /// False when the file already had exactly the requested entries and was left as it was.
  public var changed: Bool
  /// Bytes appended (or that would be, with --dry-run); 0 when unchanged.
  public var bytesAppended: Int
  /// The kind of cross-reference section appended, when one was.
  public var crossReferenceKind: CrossReferenceKind?
  /// Warnings about the file and notes about what `--force` did.
  public var warnings: [BindingWarning]
  /// The file was damaged and qpdf rewrote it whole (set --repair): nothing was appended.
  public var rewritten = false
}
