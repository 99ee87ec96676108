import ArgumentParser
import PDFBindCore
import PDFBindPages
import SystemPackage

extension PDFBindCommand {
  struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set",
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
        /Direction (a declared binding is never overridden), and the layout it decides from \
        double-page pictures, on files without a two-page /PageLayout (--cover, --no-cover or \
        --single given with --auto win); files it leaves undecided are reported as \
        'PATH: undecided (REASON)' and left alone.
        """)

    @Flag(exclusivity: .exclusive) var binding: PageBinding?

    @Flag(
      help: ArgumentHelp(
        "Set the binding (and layout) 'pdfbind suggest' decides, on files without a valid "
          + "/Direction; undecided files are reported and left alone."))
    var auto = false

    @Flag(exclusivity: .exclusive) var arrangement: PageArrangement?

    @OptionGroup var destination: DestinationOptions

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

    @OptionGroup var cache: CacheOption
    @OptionGroup var report: ReportOptions
    @OptionGroup var input: InputOptions

    var request: SetRequest {
      SetRequest(
        binding: binding, auto: auto, arrangement: arrangement, destination: destination.choice,
        dryRun: dryRun, force: force, repair: repair, noCache: cache.noCache,
        report: report.style, input: input.selection)
    }

    func validate() throws { try request.validate() }

    func run() throws { try request.run() }
  }
}

/// A parsed `set`: what Set (ArgumentParser) or CommonForms read from the command line.
struct SetRequest: Equatable {
  var binding: PageBinding? = nil
  var auto = false
  var arrangement: PageArrangement? = nil
  var destination = DestinationChoice()
  var dryRun = false
  var force = false
  var repair = false
  var noCache = false
  var report = ReportStyle()
  var input = InputSelection()

  /// The checks of Set's own options (InputSelection checks the inputs).
  func validate() throws {
    try BindingChoice.validate(binding: binding, auto: auto, arrangement: arrangement)
    try destination.validate(with: input, inPlaceAction: "append to")
  }

  func run() throws {
    let inputs = try input.inputStream()
    let password = input.resolvedPassword
    let (binding, auto, arrangement, destinations) = (binding, auto, arrangement, destination)
    let (json, quiet) = (report.json, report.quiet)
    let options = SaveOptions(dryRun: dryRun, force: force, repair: repair)
    let suggestions = auto ? AutoSuggestions(noCache: noCache, quiet: quiet) : nil
    defer { suggestions?.finish() }
    try Batch.forEachFile(
      inputs, input: input, report: report,
      jsonToError: { destinations.destination(for: $0).isStandardOutput }
    ) { input, path, file throws(BindingError) in
      let destination = destinations.destination(for: input)
      let document = try PDFBindingDocument(path: path, password: password)
      // --auto: the decided binding, or none (the file keeps its own; with no layout either,
      // nothing changes and the file is only passed through to -o or standard output).
      let suggestion = try suggestions?.suggest(document, from: input)
      if let binding = suggestion.map(\.bindingToSet) ?? binding {
        document.pageBinding = binding
      }
      if let arrangement = arrangement ?? suggestion?.layoutToSet {
        document.pageArrangement = arrangement
      }
      let outcome = try document.save(to: destination, options: options)
      suggestions?.memory(for: input)?.rememberWritten(
        suggestion, outcome: outcome, dryRun: options.dryRun, to: destination, from: path)
      if !quiet { outcome.warnings.forEach { file.warn(input, $0) } }
      let toError = destination.isStandardOutput
      if json {
        let object = outcome.json(for: input, dryRun: options.dryRun, auto: suggestion)
        file.report(object.line, toError: toError)
      } else if !quiet {
        file.report(
          input.line(outcome.text(dryRun: options.dryRun, auto: suggestion)), toError: toError)
      }
    }
  }
}
