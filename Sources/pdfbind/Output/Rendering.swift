import PDFBindCore

// How each outcome reads, as a text line and as a JSON object: the one place where the
// command line's words for results live.

extension PageLayoutEntry {
  /// `cover`, `no-cover` or `single` for what pdfbind writes, the PDF name for any other
  /// layout, `none` when absent.
  var displayName: String {
    if let arrangement = PageArrangement.allCases.first(where: isExactly) {
      return arrangement.rawValue
    }
    return rawValue ?? "none"
  }
}

extension BindingWarning {
  var json: JSONValue {
    var object = JSONLine()
    object.add("kind", .string(kind))
    object.add("message", .string(message))
    return .object(object)
  }
}

extension BindingReport {
  /// `get --json`: the binding, the raw entries, the layout and the warnings.
  func json(for input: Input) -> JSONLine {
    var line = JSONLine()
    line.add("path", .bytes(input.display))
    line.add("binding", .string(binding.rawValue))
    line.add("direction", .optional(direction.rawValue))
    line.add("page_layout", .optional(pageLayout.rawValue))
    line.add("cover", pageLayout.cover.map { .boolean($0) } ?? .null)
    line.add("warnings", .array(warnings.map(\.json)))
    return line
  }
}

/// What `check` compares: a binding, a layout, or both.
struct Expectation {
  var binding: PageBinding?
  var arrangement: PageArrangement?

  func matches(_ report: BindingReport) -> Bool {
    (binding.map { $0 == report.binding } ?? true)
      && (arrangement.map { report.pageLayout.isExactly($0) } ?? true)
  }

  /// The file's values for what is compared: `left-edge`, `left-edge, layout none`.
  func actual(_ report: BindingReport) -> String {
    var parts: [String] = []
    if binding != nil { parts.append(report.binding.rawValue) }
    if arrangement != nil { parts.append("layout \(report.pageLayout.displayName)") }
    return parts.joined(separator: ", ")
  }

  func json(for input: Input, _ report: BindingReport) -> JSONLine {
    var line = report.json(for: input)
    if let binding { line.add("expected", .string(binding.rawValue)) }
    if let arrangement { line.add("expected_layout", .string(arrangement.rawValue)) }
    line.add("matches", .boolean(matches(report)))
    return line
  }
}

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
}
