import ArgumentParser
import PDFBindCore
import PDFBindPages

extension PDFBindCommand {
  struct Spreads: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "spreads",
      abstract: "Print the spreads a two-page view shows: [1] [3|2] [5|4] …",
      usage:
        "pdfbind spreads [--as left-edge|right-edge | --auto] [--cover|--no-cover] [<options>] "
        + "<file> ...",
      discussion: """
        Each spread is listed as it appears on screen, left to right, in reading order. The \
        binding and the pairing come from the file: /Direction (unknown is laid out as \
        left-edge, as viewers do, and the line says so) and /PageLayout (…Right: page 1 \
        stands alone; anything else: pairs from page 1, as a plain two-page view does). --as \
        and --cover/--no-cover try another layout before you write it with set; --auto lays \
        the pages out as 'pdfbind suggest' decides (what set --auto would write). Without \
        --auto no page is rendered: this reads what get reads.
        """)

    @OptionGroup var view: SpreadViewOptions
    @OptionGroup var report: ReportOptions
    @Flag var filename: FilenameMode?
    @OptionGroup var input: InputOptions

    func run() throws {
      let inputs = try input.inputStream()
      let password = input.resolvedPassword
      let showPath = filename == .withFilename || (filename == nil && inputs.mayHoldSeveral)
      let (json, quiet, view) = (report.json, report.quiet, view)
      // The books suggested at once (--auto) share the machine's cores.
      let cores = SharedCores()
      try Batch.forEachFile(inputs, input: input.selection, report: report.style) {
        input, path, file throws(BindingError) in
        let document = try PDFBindingDocument(path: path, password: password)
        let (shown, pageCount) = try view.view(
          of: document, input: input, file: &file, quiet: quiet, cores: cores)
        if json {
          file.standardOutput.append(shown.json(for: input, pageCount: pageCount).line)
        } else {
          let text = shown.text(pageCount: pageCount)
          file.standardOutput.append(showPath ? input.line(text) : Array(text.utf8))
        }
      }
    }
  }
}
