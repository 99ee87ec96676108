import ArgumentParser
import PDFBindCore
import SystemPackage

extension PDFBindCommand {
  struct Revert: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove each file's last revision when it changed only the binding and layout.",
      discussion: """
        Gives back exactly the bytes the file had before its last revision (byte-identical, so \
        a signature over them verifies again). For an update pdfbind wrote, that is the length \
        its marker records; for another program's, the file up to the previous %%EOF and its \
        end-of-line. Refused, with the reason, when the file has one revision, when the last \
        revision changed anything else or is covered by a signature, or when the result would \
        not read back as the previous revision did. By default each file is replaced \
        atomically; --in-place truncates the file itself.
        """)

    @Option(
      name: .customShort("o"),
      help: ArgumentHelp(
        "Write the result to OUT ('-' for standard output); one input only.", valueName: "OUT"))
    var output: String?

    @Flag(help: "Cut the file itself back: no copy, same inode and hard links.")
    var inPlace = false

    @Flag(help: "Report what would be removed; write nothing.")
    var dryRun = false

    @OptionGroup var report: ReportOptions
    @OptionGroup var input: InputOptions

    func validate() throws {
      if output != nil && inPlace { throw ValidationError("-o and --in-place cannot be combined.") }
      if output != nil && !input.namesOneFile {
        throw ValidationError("-o takes exactly one input file.")
      }
      if inPlace && input.files.contains("-") {
        throw ValidationError("--in-place cannot cut standard input.")
      }
    }

    func run() throws {
      let inputs = try input.inputStream()
      let editor = BindingEditor(password: input.resolvedPassword)
      let (json, quiet, dryRun) = (report.json, report.quiet, dryRun)
      let destinations = ResultDestination(output: output, inPlace: inPlace)
      let status = Batch.run(inputs, jobs: input.jobs, showProgress: report.showsProgress) {
        input in
        var file = FileReport()
        let destination = destinations.destination(for: input)
        let reportToError = destination == .standardOutput
        do {
          let options = RevertOptions(destination: destination, dryRun: dryRun)
          let outcome = try StandardInputSpool.reading(input) { path throws(BindingError) in
            try editor.revert(path, options: options)
          }
          var line: [UInt8]? = nil
          if json {
            line = outcome.json(for: input, dryRun: dryRun).line
          } else if !quiet {
            line = input.line(outcome.text(dryRun: dryRun))
          }
          if let line { file.report(line, toError: reportToError) }
        } catch {
          file.fail(input, error)
          if json { file.report(JSONLine.failure(input, error), toError: reportToError) }
        }
        return file
      }
      try status.exit()
    }

  }
}
