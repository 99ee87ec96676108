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

/// What `check` compares: a binding (given, or with --auto the one each file's suggestion
/// decides), a layout, or both.
struct Expectation {
  var binding: PageBinding?
  var arrangement: PageArrangement?
  /// `check --auto`: the binding part is the file's suggestion, passed with each report.
  var auto = false

  func matches(_ report: BindingReport, _ suggestion: Suggestion? = nil) -> Bool {
    let bindingMatches =
      if auto { suggestion?.agreesWithDeclared ?? true } else {
        binding.map { $0 == report.binding } ?? true
      }
    return bindingMatches && (arrangement.map { report.pageLayout.isExactly($0) } ?? true)
  }

  /// The file's values for what is compared: `left-edge`, `left-edge, layout none`, and with
  /// --auto `unknown (suggested: right-edge)`.
  func actual(_ report: BindingReport, _ suggestion: Suggestion? = nil) -> String {
    var parts: [String] = []
    if let suggestion, auto {
      parts.append("\(report.binding.rawValue) (suggested: \(suggestion.decisionText))")
    } else if binding != nil {
      parts.append(report.binding.rawValue)
    }
    if arrangement != nil { parts.append("layout \(report.pageLayout.displayName)") }
    return parts.joined(separator: ", ")
  }

  func json(for input: Input, _ report: BindingReport, _ suggestion: Suggestion? = nil)
    -> JSONLine
  {
    var line = report.json(for: input)
    if let binding { line.add("expected", .string(binding.rawValue)) }
    if let suggestion, auto { line.add("suggested", .string(suggestion.decisionText)) }
    if let arrangement { line.add("expected_layout", .string(arrangement.rawValue)) }
    line.add("matches", .boolean(matches(report, suggestion)))
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

extension SpreadView {
  /// `spreads`: `[1] [3|2] [5|4] [6]` (`(no pages)` for none), with a note when the binding
  /// shown is unknown.
  func text(pageCount: Int) -> String {
    let spreads = spreads(pageCount: pageCount)
    var text = spreads.isEmpty ? "(no pages)" : Spreads.text(spreads)
    if binding == .unknown { text += "  (unknown binding, laid out as left-edge)" }
    return text
  }

  /// `spreads --json`: each spread an array of page numbers, left to right on screen.
  func json(for input: Input, pageCount: Int) -> JSONLine {
    var line = JSONLine()
    line.add("path", .bytes(input.display))
    line.add("binding", .string(binding.rawValue))
    line.add("cover", .boolean(cover))
    line.add("pages", .integer(pageCount))
    line.add(
      "spreads", .array(spreads(pageCount: pageCount).map { .array($0.map { .integer($0) }) }))
    return line
  }

  /// The header line of a preview picture: `book.pdf  ·  right-edge binding  ·  /TwoPageRight:
  /// page 1 alone  ·  spreads 1-6 of 7`.
  func previewHeader(name: String, showing range: ClosedRange<Int>?, of count: Int) -> String {
    let shown: String
    if let range, count > 0 {
      let numbers =
        range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)-\(range.upperBound)"
      shown = "spread\(range.count == 1 ? "" : "s") \(numbers) of \(count)"
    } else {
      shown = "no pages"
    }
    return [name, bindingDescription, layoutDescription, shown].joined(separator: "  ·  ")
  }

  /// "right-edge binding", "unknown binding, laid out as left-edge", "left-edge binding (--as;
  /// the file says unknown)".
  private var bindingDescription: String {
    let shown =
      binding == .unknown ? "unknown binding, laid out as left-edge" : "\(binding.rawValue) binding"
    return asBinding == nil ? shown : "\(shown) (--as; the file says \(fileBinding.rawValue))"
  }

  /// "/TwoPageRight: page 1 alone", "no two-page /PageLayout: pairs from page 1", "--cover:
  /// page 1 alone".
  private var layoutDescription: String {
    let pairing = cover ? "page 1 alone" : "pairs from page 1"
    if let coverOption { return "\(coverOption ? "--cover" : "--no-cover"): \(pairing)" }
    switch filePageLayout {
    case .name(let name) where filePageLayout.cover != nil: return "/\(name): \(pairing)"
    case .name(let name): return "/PageLayout /\(name), not two-page: \(pairing)"
    case .absent, .other: return "no two-page /PageLayout: \(pairing)"
    }
  }
}

extension SetOutcome {
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

extension Suggestion {
  /// `right-edge (text: 91% of letters…; metadata.opf: ar)`, or `undecided (REASON)`.
  var summary: String {
    guard let decision else { return "undecided (\(undecidedReason ?? "no evidence"))" }
    let shown = evidence.filter { $0.says != nil || $0.source == .text }.map { item in
      item.source == .declared
        ? "declared \(item.detail)\(conflict ? ", conflict" : "")"
        : "\(item.source.label): \(item.detail)"
    }
    return decision.rawValue + " (" + shown.joined(separator: "; ") + ")"
  }

  /// `left-edge`, `right-edge` or `undecided`.
  var decisionText: String { decision?.rawValue ?? "undecided" }

  /// Why `set --auto` leaves the binding as it is: `right-edge (declared, unchanged)`,
  /// `left-edge (declared, unchanged; suggested: right-edge)`, `undecided (REASON)`; nil when
  /// it writes the decision.
  var keptBindingText: String? {
    if declared != .unknown {
      return "\(declared.rawValue) (declared, unchanged"
        + (conflict ? "; suggested: \(decisionText))" : ")")
    }
    guard decision == nil else { return nil }
    return "undecided (\(undecidedReason ?? "no evidence"))"
  }

  /// `suggest --json`: the decision, the declared binding and every piece of evidence.
  func json(for input: Input) -> JSONLine {
    var line = JSONLine()
    line.add("path", .bytes(input.display))
    line.add("decision", .string(decisionText))
    line.add("declared", .string(declared.rawValue))
    line.add("conflict", .boolean(conflict))
    if let undecidedReason { line.add("reason", .string(undecidedReason)) }
    line.add("evidence", .array(evidence.map(\.json)))
    return line
  }
}

extension Evidence {
  var json: JSONValue {
    var object = JSONLine()
    object.add("source", .string(source.rawValue))
    object.add("says", .optional(says?.rawValue))
    object.add("detail", .string(detail))
    object.add("weighed", .boolean(weighed))
    return .object(object)
  }
}
