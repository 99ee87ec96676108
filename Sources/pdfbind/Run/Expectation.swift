import PDFBindCore
import PDFBindPages

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
}
