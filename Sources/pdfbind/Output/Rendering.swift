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
