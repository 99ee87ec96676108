import ArgumentParser
import PDFBindCore
import SystemPackage

extension PDFBindCommand {
  struct Revert: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "revert",
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

    @OptionGroup var destination: DestinationOptions

    @Flag(help: "Report what would be removed; write nothing.")
    var dryRun = false

    @OptionGroup var report: ReportOptions
    @OptionGroup var input: InputOptions

    func validate() throws {
      try destination.choice.validate(with: input.selection, inPlaceAction: "cut")
    }

    func run() throws {
      let inputs = try input.inputStream()
      let password = input.resolvedPassword
      let (json, quiet, dryRun, destinations) = (
        report.json, report.quiet, dryRun, destination.choice
      )
      try Batch.forEachFile(
        inputs, input: input.selection, report: report.style,
        jsonToError: { destinations.destination(for: $0).isStandardOutput }
      ) { input, path, file throws(BindingError) in
        let destination = destinations.destination(for: input)
        let outcome = try PDFBindingDocument.revert(
          fileAt: path, password: password, to: destination, dryRun: dryRun)
        let toError = destination.isStandardOutput
        if json {
          file.report(outcome.json(for: input, dryRun: dryRun).line, toError: toError)
        } else if !quiet {
          file.report(input.line(outcome.text(dryRun: dryRun)), toError: toError)
        }
      }
    }

  }
}
