import PDFBindCore
import PDFBindPages

extension Suggestion {
  /// `right-edge (text: 91% of letters…; metadata.opf: ar)`, `right-edge, cover (spreads: …)`,
  /// `undecided (REASON)`, or with a pairing the pictures fix `undecided, cover (REASON)`.
  var summary: String {
    let pairing = layout.map { ", " + $0.rawValue } ?? ""
    guard let decision else {
      return "undecided\(pairing) (\(undecidedReason ?? "no evidence"))"
    }
    // The text's "no text on pages 1-5" is noise beside pictures that decided.
    let picturesDecided = evidence.contains {
      [.pageScript, .spreads].contains($0.source) && $0.says != nil
    }
    // Evidence that fixes the pairing alone (pages alike at the spine) shows why it does.
    let shown = evidence.filter {
      $0.says != nil || $0.layout != nil || ($0.source == .text && !picturesDecided)
    }.map { item in
      item.source == .declared
        ? "declared \(item.detail)\(conflict ? ", conflict" : "")"
        : "\(item.source.label): \(item.detail)"
    }
    return decision.rawValue + pairing + " (" + shown.joined(separator: "; ") + ")"
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
    line.add("layout", .optional(layout?.rawValue))
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
    if !pages.isEmpty { object.add("pages", .array(pages.map { .integer($0) })) }
    return .object(object)
  }
}
