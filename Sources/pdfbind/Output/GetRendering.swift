import PDFBindCore

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
