import PDFBindCore
import PDFBindPages

extension Expectation {
  /// The file's values for what is compared: `left-edge`, `left-edge, layout none`, and with
  /// --auto `unknown (suggested: right-edge)`, and when the suggestion decides a layout
  /// `unknown, layout none (suggested: right-edge, cover)`.
  func actual(_ report: BindingReport, _ suggestion: Suggestion? = nil) -> String {
    var parts: [String] = []
    if let suggestion, auto {
      if let layout = suggestion.decidedLayout, arrangement == nil {
        return "\(report.binding.rawValue), layout \(report.pageLayout.displayName) "
          + "(suggested: \(suggestion.decisionText), \(layout.rawValue))"
      }
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
    if let suggestion, auto {
      line.add("suggested", .string(suggestion.decisionText))
      line.add("suggested_layout", .optional(suggestion.decidedLayout?.rawValue))
    }
    if let arrangement { line.add("expected_layout", .string(arrangement.rawValue)) }
    line.add("matches", .boolean(matches(report, suggestion)))
    return line
  }
}
