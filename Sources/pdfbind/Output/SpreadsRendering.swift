import PDFBindCore
import PDFBindPages

extension SpreadView {
  /// `spreads`: `[1] [3|2] [5|4] [6]` (`(no pages)` for none), with a note when the binding
  /// shown is unknown.
  func text(pageCount: Int) -> String {
    let spreads = spreads(pageCount: pageCount)
    var text = spreads.isEmpty ? "(no pages)" : Spreads.text(spreads)
    if binding == .unknown { text += "  (unknown binding, laid out as left-edge)" }
    if let suggestion { text += "  (" + Self.autoNote(suggestion) + ")" }
    return text
  }

  /// `suggested: right-edge, cover` or `undecided, shown as the file is`.
  static func autoNote(_ suggestion: Suggestion) -> String {
    guard let decision = suggestion.decision else { return "undecided, shown as the file is" }
    return "suggested: " + decision.rawValue
      + (suggestion.decidedLayout.map { ", " + $0.rawValue } ?? "")
  }

  /// `spreads --json`: each spread an array of page numbers, left to right on screen.
  func json(for input: Input, pageCount: Int) -> JSONLine {
    var line = JSONLine()
    line.add("path", .bytes(input.display))
    line.add("binding", .string(binding.rawValue))
    line.add("cover", .boolean(cover))
    line.add("pages", .integer(pageCount))
    if let suggestion {
      line.add("suggested", .string(suggestion.decision?.rawValue ?? "undecided"))
      line.add("suggested_layout", .optional(suggestion.decidedLayout?.rawValue))
    }
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
    if asBinding != nil { return "\(shown) (--as; the file says \(fileBinding.rawValue))" }
    guard let suggestion else { return shown }
    return suggestion.decision == nil
      ? "\(shown) (suggest: undecided, shown as the file is)"
      : "\(shown) (suggested; the file says \(fileBinding.rawValue))"
  }

  /// "/TwoPageRight: page 1 alone", "no two-page /PageLayout: pairs from page 1", "--cover:
  /// page 1 alone".
  private var layoutDescription: String {
    let pairing = cover ? "page 1 alone" : "pairs from page 1"
    if let coverOption { return "\(coverOption ? "--cover" : "--no-cover"): \(pairing)" }
    if let layout = suggestion?.decidedLayout {
      return "suggested \(layout.rawValue): \(pairing)"
    }
    switch filePageLayout {
    case .name(let name) where filePageLayout.cover != nil: return "/\(name): \(pairing)"
    case .name(let name): return "/PageLayout /\(name), not two-page: \(pairing)"
    case .absent, .other: return "no two-page /PageLayout: \(pairing)"
    }
  }
}
