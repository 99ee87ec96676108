import ArgumentParser
import PDFBindCore
import SystemPackage

extension PDFBindCommand {
  struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Give each file a binding by appending an incremental update.",
      usage: """
        pdfbind set (--left-edge | --right-edge | --unknown | --auto) \
        [--cover | --no-cover | --single] [<options>] <file> ...
        """,
      discussion: """
        The original bytes stay, unchanged, at the start of the result, so earlier revisions \
        and signatures survive. A file that already has the binding is left byte-for-byte as \
        it was. By default each file is replaced atomically (written beside it, flushed, \
        renamed over it); --in-place appends to the file itself instead.

        --cover, --no-cover and --single set /PageLayout in the same update: whether a \
        two-page view shows page 1 alone (TwoPageRight), pairs pages from page 1 \
        (TwoPageLeft), or shows one page at a time (SinglePage). Viewers that honour both \
        entries (SumatraPDF, Okular) read TwoPageRight as "first page alone" and TwoPageLeft \
        as "pairs from page 1", and a right-edge binding mirrors each pair: with --cover, \
        [1] [3|2] [5|4]; with --no-cover, [2|1] [4|3]. A binding, a layout or both may be \
        given.

        --auto sets the binding 'pdfbind suggest' decides, on files without a valid \
        /Direction (a declared binding is never overridden); files it leaves undecided are \
        reported as 'PATH: undecided (REASON)' and left alone.
        """)

    @Flag(exclusivity: .exclusive) var binding: PageBinding?

    @Flag(
      help: ArgumentHelp(
        "Set the binding 'pdfbind suggest' decides, on files without a valid /Direction; "
          + "undecided files are reported and left alone."))
    var auto = false

    @Flag(exclusivity: .exclusive) var arrangement: PageArrangement?

    @Option(
      name: .customShort("o"),
      help: ArgumentHelp(
        "Write the result to OUT ('-' for standard output); one input only.", valueName: "OUT"))
    var output: String?

    @Flag(help: "Append the update to the file itself: no copy, same inode and hard links.")
    var inPlace = false

    @Flag(help: "Report what would change; write nothing.")
    var dryRun = false

    @Flag(help: "Update signed, certified and change-restricted documents anyway.")
    var force = false

    @Flag(
      help: """
        Rewrite damaged files whole with qpdf (never signed or certified ones) instead of \
        refusing them; files that can take an exact update are still updated incrementally.
        """)
    var repair = false

    @OptionGroup var report: ReportOptions
    @OptionGroup var input: InputOptions

    func validate() throws {
      if binding == nil && !auto && arrangement == nil {
        throw ValidationError(
          "Missing one of: '--left-edge', '--right-edge', '--unknown', '--auto', '--cover', "
            + "'--no-cover', '--single'")
      }
      if binding != nil && auto {
        throw ValidationError(
          "--auto cannot be combined with --left-edge, --right-edge or --unknown.")
      }
      if output != nil && inPlace { throw ValidationError("-o and --in-place cannot be combined.") }
      if output != nil && !input.namesOneFile {
        throw ValidationError("-o takes exactly one input file.")
      }
      if inPlace && input.files.contains("-") {
        throw ValidationError("--in-place cannot append to standard input.")
      }
    }

    func run() throws {
      let inputs = try input.inputStream()
      let editor = BindingEditor(password: input.resolvedPassword)
      let advisor = auto ? BindingAdvisor(password: input.resolvedPassword) : nil
      let (binding, arrangement) = (binding, arrangement)
      let (json, quiet, dryRun, force, repair) = (report.json, report.quiet, dryRun, force, repair)
      let destinations = ResultDestination(output: output, inPlace: inPlace)
      let status = Batch.run(inputs, jobs: input.jobs, showProgress: report.showsProgress) {
        input in
        var file = FileReport()
        let destination = destinations.destination(for: input)
        let reportToError = destination == .standardOutput
        do {
          let options = SetOptions(
            destination: destination, dryRun: dryRun, force: force, repair: repair)
          let (outcome, suggestion) = try StandardInputSpool.reading(input) {
            path throws(BindingError) -> (SetOutcome, Suggestion?) in
            guard let advisor else {
              let change = BindingChange(binding: binding, arrangement: arrangement)
              return (try editor.set(change, on: path, options: options), nil)
            }
            // --auto: the decided binding, or none (the file keeps its own; with no layout
            // either, nothing changes and the file is only passed through to -o or stdout).
            let suggestion = try advisor.suggest(path, sidecarDirectory: input.sidecarDirectory)
            let change = BindingChange(binding: suggestion.bindingToSet, arrangement: arrangement)
            return (try editor.set(change, on: path, options: options), suggestion)
          }
          if !quiet { outcome.warnings.forEach { file.warn(input, $0) } }
          var line: [UInt8]? = nil
          if json {
            line =
              suggestion.map { outcome.json(for: input, dryRun: dryRun, auto: $0) }?.line
              ?? outcome.json(for: input, dryRun: dryRun).line
          } else if !quiet {
            line = input.line(
              suggestion.map { outcome.text(dryRun: dryRun, auto: $0) }
                ?? outcome.text(dryRun: dryRun))
          }
          if let line { file.report(line, toError: reportToError) }
        } catch {
          file.fail(input, error)
          // The JSON object goes where a success's would have gone.
          if json { file.report(JSONLine.failure(input, error), toError: reportToError) }
        }
        return file
      }
      try status.exit()
    }
  }
}
