import PDFBindCore

extension SetOutcome {
  /// `PATH: left-edge -> right-edge`, `PATH: right-edge (unchanged)`, and with a layout
  /// `PATH: unknown -> right-edge, layout none -> cover`.
  func text(dryRun: Bool) -> String {
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
    return parts.joined(separator: ", ") + suffix
  }

  func json(for input: Input, dryRun: Bool) -> JSONLine {
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
    return object
  }

  /// `set --auto`: the outcome's line, or for a file whose binding stays (declared or
  /// undecided) `right-edge (declared, unchanged)`, `undecided (REASON)`, after the layout's
  /// change when one was asked for.
  func text(dryRun: Bool, auto suggestion: Suggestion) -> String {
    guard let kept = suggestion.keptBindingText else { return text(dryRun: dryRun) }
    guard change.arrangement != nil else { return kept }
    return text(dryRun: dryRun) + "; " + kept
  }

  /// `set --auto --json`: the outcome's object with the suggestion (and why it is undecided).
  func json(for input: Input, dryRun: Bool, auto suggestion: Suggestion) -> JSONLine {
    var object = json(for: input, dryRun: dryRun)
    object.add("suggested", .string(suggestion.decisionText))
    if let reason = suggestion.undecidedReason { object.add("reason", .string(reason)) }
    return object
  }
}
