import PDFBindCore
import PDFBindPages

extension SaveOutcome {
  /// `PATH: left-edge -> right-edge`, `PATH: right-edge (unchanged)`, and with a layout
  /// `PATH: unknown -> right-edge, layout none -> cover`. With `--auto`, a file whose binding
  /// stays (declared or undecided) reads `right-edge (declared, unchanged)` or
  /// `undecided (REASON)`, after the layout's change when one was asked for.
  func text(dryRun: Bool, auto suggestion: Suggestion?) -> String {
    var parts: [String] = []
    if change.binding != nil {
      parts.append(changed ? "\(before.binding.rawValue) -> \(after.rawValue)" : after.rawValue)
    }
    if let arrangement = change.arrangement {
      parts.append(
        changed
          ? "layout \(layoutBefore.displayName) -> \(arrangement.rawValue)"
          : "layout \(arrangement.rawValue)")
    }
    let suffix =
      changed
      ? (rewritten ? " (repaired: rewritten whole)" : "") + (dryRun ? " (dry run)" : "")
      : " (unchanged)"
    let text = parts.joined(separator: ", ") + suffix
    guard let kept = suggestion?.keptBindingText else { return text }
    return change.arrangement == nil ? kept : text + "; " + kept
  }

  /// `set --json`; with `--auto`, the suggestion too (and why it is undecided).
  func json(for input: Input, dryRun: Bool, auto suggestion: Suggestion?) -> JSONLine {
    var object = JSONLine()
    object.add("path", .bytes(input.display))
    object.add("binding_before", .string(before.binding.rawValue))
    object.add("direction_before", .optional(before.rawValue))
    object.add("binding", .string(after.rawValue))
    object.add(
      "direction", .optional(change.binding.map { $0.directionName } ?? before.rawValue))
    object.add("page_layout_before", .optional(layoutBefore.rawValue))
    object.add(
      "page_layout", .optional(change.arrangement?.pageLayoutName ?? layoutBefore.rawValue))
    object.add("changed", .boolean(changed))
    object.add("bytes_appended", .integer(bytesAppended))
    object.add("dry_run", .boolean(dryRun))
    if let kind = crossReferenceKind { object.add("xref", .string(kind.rawValue)) }
    if rewritten { object.add("rewritten", .boolean(true)) }
    object.add("warnings", .array(warnings.map(\.json)))
    if let suggestion {
      object.add("suggested", .string(suggestion.decisionText))
      if let reason = suggestion.undecidedReason { object.add("reason", .string(reason)) }
    }
    return object
  }
}
