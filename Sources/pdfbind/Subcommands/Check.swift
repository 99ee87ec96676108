import ArgumentParser
import PDFBindCore
import PDFBindPages

extension PDFBindCommand {
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract: "Exit 0 when every file has the expected binding, 1 when any has another.",
      usage: """
        pdfbind check (--left-edge | --right-edge | --unknown | --auto) \
        [--cover | --no-cover | --single] [<options>] <file> ...
        """,
      discussion: "Files that do not match are listed as 'PATH: ACTUAL'. With --cover, "
        + "--no-cover or --single the /PageLayout is compared too (either kind may be given "
        + "alone). With --auto a file matches unless 'pdfbind suggest' decides a binding other "
        + "than its own, or a layout (from double-page pictures) other than its /PageLayout, "
        + "listed as 'PATH: ACTUAL (suggested: X)'. A file that cannot be read "
        + "makes the status 2, which wins over 1.")

    @Flag(exclusivity: .exclusive) var expected: PageBinding?

    @Flag(
      help: "Expect the binding 'pdfbind suggest' decides; files it leaves undecided match.")
    var auto = false

    @Flag(exclusivity: .exclusive) var arrangement: PageArrangement?
    @OptionGroup var cache: CacheOption
    @OptionGroup var report: ReportOptions
    @OptionGroup var input: InputOptions

    var request: CheckRequest {
      CheckRequest(
        expected: expected, auto: auto, arrangement: arrangement, noCache: cache.noCache,
        report: report.style, input: input.selection)
    }

    func validate() throws { try request.validate() }

    func run() throws { try request.run() }
  }
}

/// A parsed `check`: what Check (ArgumentParser) or CommonForms read from the command line.
struct CheckRequest: Equatable {
  var expected: PageBinding? = nil
  var auto = false
  var arrangement: PageArrangement? = nil
  var noCache = false
  var report = ReportStyle()
  var input = InputSelection()

  /// The checks of Check's own options (InputSelection checks the inputs).
  func validate() throws {
    try BindingChoice.validate(binding: expected, auto: auto, arrangement: arrangement)
  }

  func run() throws {
    let inputs = try input.inputStream()
    let (password, auto) = (input.resolvedPassword, auto)
    let expectation = Expectation(binding: expected, arrangement: arrangement, auto: auto)
    let (json, quiet) = (report.json, report.quiet)
    let suggestions = auto ? AutoSuggestions(noCache: noCache, quiet: quiet) : nil
    defer { suggestions?.finish() }
    try Batch.forEachFile(inputs, input: input, report: report) {
      input, path, file throws(BindingError) in
      let document = try PDFBindingDocument(path: path, password: password)
      let suggestion = try suggestions?.suggest(document, from: input)
      let result = suggestion?.report ?? document.report
      if !quiet { result.warnings.forEach { file.warn(input, $0) } }
      let matches = expectation.matches(result, suggestion)
      if !matches { file.status = .mismatch }
      if json {
        file.standardOutput.append(expectation.json(for: input, result, suggestion).line)
      } else if !matches && !quiet {
        file.standardOutput.append(input.line(expectation.actual(result, suggestion)))
      }
    }
  }
}
