import ArgumentParser
import PDFBindCore

extension PDFBindCommand {
  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List each file's revisions: bytes, binding and layout, what each changed.",
      discussion: """
        One line per revision, oldest first: its number, its bytes (START-END, END being the \
        file's length up to and including the revision), the kind of its cross-reference \
        section, the binding and /PageLayout in force after it, the objects it changed \
        ("binding only" when nothing but /Direction, /PageLayout or an emptied \
        /ViewerPreferences changed), whether pdfbind wrote it, and the signatures that cover \
        it. With several files each line starts with 'PATH: '.
        """)

    @OptionGroup var report: ReportOptions
    @OptionGroup var input: InputOptions

    func run() throws {
      let inputs = try input.inputs()
      let editor = BindingEditor(password: input.resolvedPassword)
      let (json, showPath) = (report.json, inputs.count > 1)
      let status = Batch.run(inputs, jobs: input.jobs, showProgress: report.showsProgress) {
        input in
        var file = FileReport()
        do {
          let history = try Spool.reading(input) { path throws(BindingError) in
            try editor.history(path)
          }
          if json {
            file.standardOutput.append(Self.json(history, input: input))
          } else {
            for revision in history.revisions {
              let line = Array(Self.text(revision).utf8)
              file.standardOutput.append(showPath ? input.display + ": " + line : line)
            }
            if history.trailingBytes > 0 {
              let end = history.revisions.last?.end ?? 0
              let line = Array(
                "\(end)-\(end + history.trailingBytes): bytes after the last %%EOF (no revision)"
                  .utf8)
              file.standardOutput.append(showPath ? input.display + ": " + line : line)
            }
          }
        } catch {
          file.fail(input, error)
          if json { file.standardOutput.append(JSONLine.failure(input, error)) }
        }
        return file
      }
      try status.exit()
    }

    /// `3: bytes 1422-1893 table: right-edge, layout TwoPageRight; changed 1 (binding only);
    /// by pdfbind 0.2.0; covered by Signature1`
    static func text(_ revision: Revision) -> String {
      var parts: [String] = []
      let binding =
        revision.direction.map { direction in
          direction.isUnexpected
            ? "\(direction.binding.rawValue) (/Direction \(direction.rawValue ?? ""))"
            : direction.binding.rawValue
        } ?? "unreadable"
      parts.append(
        "\(revision.number): bytes \(revision.start)-\(revision.end) "
          + "\(revision.crossReferenceKind.rawValue): \(binding), layout "
          + (revision.pageLayout ?? "none"))
      if revision.number == 1 {
        parts.append("original")
      } else if let changed = revision.changedObjects {
        let objects =
          changed.isEmpty ? "nothing" : changed.map(String.init).joined(separator: " ")
        let trailer = revision.trailerChanged ? " and the trailer" : ""
        parts.append(
          "changed \(objects)\(trailer)" + (revision.bindingOnly ? " (binding only)" : ""))
      }
      if let version = revision.pdfbindVersion { parts.append("by pdfbind \(version)") }
      if !revision.signatures.isEmpty {
        parts.append("covered by " + revision.signatures.joined(separator: ", "))
      }
      if let problem = revision.problem { parts.append(problem) }
      return parts.joined(separator: "; ")
    }

    static func json(_ history: FileHistory, input: Input) -> [UInt8] {
      var items: [JSONValue] = []
      for revision in history.revisions {
        var object = JSONLine()
        object.add("number", .integer(revision.number))
        object.add("start", .integer(revision.start))
        object.add("end", .integer(revision.end))
        object.add("xref", .string(revision.crossReferenceKind.rawValue))
        object.add("binding", revision.binding.map { .string($0.rawValue) } ?? .null)
        object.add("direction", revision.direction?.rawValue.map { .string($0) } ?? .null)
        object.add("page_layout", revision.pageLayout.map { .string($0) } ?? .null)
        object.add(
          "changed", revision.changedObjects.map { .array($0.map { .integer($0) }) } ?? .null)
        object.add("trailer_changed", .boolean(revision.trailerChanged))
        object.add("binding_only", .boolean(revision.bindingOnly))
        object.add("by_pdfbind", .boolean(revision.pdfbindVersion != nil))
        object.add("pdfbind_version", revision.pdfbindVersion.map { .string($0) } ?? .null)
        object.add("signatures", .array(revision.signatures.map { .string($0) }))
        if let problem = revision.problem { object.add("problem", .string(problem)) }
        items.append(.object(object))
      }
      var line = JSONLine()
      line.add("path", .bytes(input.display))
      line.add("revisions", .array(items))
      line.add("trailing_bytes", .integer(history.trailingBytes))
      return line.line
    }
  }
}
