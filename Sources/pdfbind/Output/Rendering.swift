import PDFBindCore

// Words shared by every command's output; each command's own text and JSON live in
// <Command>Rendering.swift beside this file.

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
