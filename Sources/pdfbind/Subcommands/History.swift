import ArgumentParser
import PDFBindCore

extension PDFBindCommand {
  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "history",
      abstract: "List each file's revisions: bytes, binding and layout, what each changed.",
      discussion: """
        One line per revision, oldest first: its number, its bytes (START-END, END being the \
        file's length up to and including the revision), the kind of its cross-reference \
        section, the binding and layout in force after it (cover, no-cover, single, another \
        /PageLayout name or none), the objects it changed \
        ("binding only" when nothing but /Direction, /PageLayout or an emptied \
        /ViewerPreferences changed), whether pdfbind wrote it, and the signatures that cover \
        it. With several files each line starts with 'PATH: '.
        """)

    @OptionGroup var report: ReportOptions
    @OptionGroup var input: InputOptions

    func run() throws {
      let inputs = try input.inputStream()
      let password = input.resolvedPassword
      let (json, showPath) = (report.json, inputs.mayHoldSeveral)
      try Batch.forEachFile(inputs, input: input.selection, report: report.style) {
        input, path, file throws(BindingError) in
        let history = try PDFBindingDocument.history(ofFileAt: path, password: password)
        if json {
          file.standardOutput.append(history.json(for: input).line)
        } else {
          for line in history.textLines {
            file.standardOutput.append(showPath ? input.line(line) : Array(line.utf8))
          }
        }
      }
    }
  }
}
