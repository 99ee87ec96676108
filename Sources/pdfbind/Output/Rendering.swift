import PDFBindCore

// Words shared by every command's output; each command's own text and JSON live in
// <Command>Rendering.swift beside this file.

extension BindingWarning {
  var json: JSONValue {
    var object = JSONLine()
    object.add("kind", .string(kind))
    object.add("message", .string(commandLineMessage))
    return .object(object)
  }
}
