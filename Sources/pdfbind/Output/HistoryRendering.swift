import PDFBindCore

// How `history` and `revert` read, as text lines and JSON objects (beside Rendering.swift).

extension BindingReport {
  /// `right-edge`, or `unknown (/Direction r2l)` for a value viewers ignore.
  var bindingText: String {
    direction.isUnexpected
      ? "\(binding.rawValue) (/Direction \(direction.rawValue ?? ""))" : binding.rawValue
  }
}

extension Revision {
  /// `4: bytes 1422-1727 table: right-edge, layout none; changed 1 (binding only); by pdfbind
  /// 0.2.0; covered by Signature1`
  var text: String {
    let state = report.map { "\($0.bindingText), layout \($0.pageLayout.displayName)" }
    var parts = [
      "\(number): bytes \(start)-\(end) \(crossReferenceKind.rawValue): \(state ?? "unreadable")"
    ]
    if number == 1 {
      parts.append("original")
    } else if let changedObjects {
      let objects =
        changedObjects.isEmpty ? "nothing" : changedObjects.map(String.init).joined(separator: " ")
      let trailer = trailerChanged ? " and the trailer" : ""
      parts.append("changed \(objects)\(trailer)" + (bindingOnly ? " (binding only)" : ""))
    }
    if let pdfbindVersion { parts.append("by pdfbind \(pdfbindVersion)") }
    if !signatures.isEmpty { parts.append("covered by " + signatures.joined(separator: ", ")) }
    if let problem { parts.append(problem.message) }
    return parts.joined(separator: "; ")
  }

  var json: JSONValue {
    var object = JSONLine()
    object.add("number", .integer(number))
    object.add("start", .integer(start))
    object.add("end", .integer(end))
    object.add("xref", .string(crossReferenceKind.rawValue))
    object.add("binding", .optional(report?.binding.rawValue))
    object.add("direction", .optional(report?.direction.rawValue))
    object.add("page_layout", .optional(report?.pageLayout.rawValue))
    object.add("changed", changedObjects.map { .array($0.map { .integer($0) }) } ?? .null)
    object.add("trailer_changed", .boolean(trailerChanged))
    object.add("binding_only", .boolean(bindingOnly))
    object.add("by_pdfbind", .boolean(pdfbindVersion != nil))
    object.add("pdfbind_version", .optional(pdfbindVersion))
    object.add("signatures", .array(signatures.map { .string($0) }))
    if let problem { object.add("problem", problem.json) }
    return .object(object)
  }
}

extension FileHistory {
  /// One line per revision, then one for bytes after the last `%%EOF`, if any.
  var textLines: [String] {
    var lines = revisions.map(\.text)
    if trailingBytes > 0 {
      let end = revisions.last?.end ?? 0
      lines.append("\(end)-\(end + trailingBytes): bytes after the last %%EOF (no revision)")
    }
    return lines
  }

  func json(for input: Input) -> JSONLine {
    var line = JSONLine()
    line.add("path", .bytes(input.display))
    line.add("revisions", .array(revisions.map(\.json)))
    line.add("trailing_bytes", .integer(trailingBytes))
    return line
  }
}

extension RevertOutcome {
  /// `right-edge, layout cover -> unknown (revision 2 removed, 305 bytes)`.
  func text(dryRun: Bool) -> String {
    "\(Self.state(before)) -> \(Self.state(after)) (revision \(removedRevision) removed, "
      + "\(bytesRemoved) bytes\(dryRun ? ", dry run" : ""))"
  }

  /// `right-edge`, or `right-edge, layout cover` when the file has a layout.
  private static func state(_ report: BindingReport) -> String {
    report.binding.rawValue
      + (report.pageLayout == .absent ? "" : ", layout \(report.pageLayout.displayName)")
  }

  func json(for input: Input, dryRun: Bool) -> JSONLine {
    var object = JSONLine()
    object.add("path", .bytes(input.display))
    object.add("reverted", .boolean(!dryRun))
    object.add("dry_run", .boolean(dryRun))
    object.add("removed_revision", .integer(removedRevision))
    object.add("bytes_removed", .integer(bytesRemoved))
    object.add("length", .integer(length))
    object.add("by_pdfbind", .boolean(pdfbindVersion != nil))
    object.add("binding_before", .string(before.binding.rawValue))
    object.add("page_layout_before", .optional(before.pageLayout.rawValue))
    object.add("binding", .string(after.binding.rawValue))
    object.add("direction", .optional(after.direction.rawValue))
    object.add("page_layout", .optional(after.pageLayout.rawValue))
    return object
  }
}
