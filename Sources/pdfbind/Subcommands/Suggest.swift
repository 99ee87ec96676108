import ArgumentParser
import PDFBindCore
import PDFBindPages

extension PDFBindCommand {
  struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "suggest",
      abstract:
        "Decide each file's binding from its text, fonts, metadata and page pictures, with the "
        + "evidence.",
      discussion: """
        Prints left-edge, right-edge or undecided for each file, with the evidence: calibre's \
        metadata.opf and ComicInfo.xml beside the file, the non-standard /PageDirection key, \
        vertical fonts, the script and direction of the text on the first pages, where its \
        letters are mixed the layout of its lines (lines: flush right or flush left), and \
        (only for pages without text) /Lang and XMP dc:language. A book whose first pages hold \
        too little text (a scan, a manga, a comic) is read from its pictures: the script of \
        the writing they show (page-script, with Tesseract) and double-page pictures that \
        join across the spine (spreads, on every page), which also decide the layout, \
        printed after the binding (cover: page 1 alone; no-cover: pairs from page 1). No \
        evidence, or evidence that disagrees, is undecided: pdfbind never guesses. The \
        file's own /Direction is shown beside the decision, never mixed into it.
        """)

    @OptionGroup var evidence: EvidencePagesOption

    @OptionGroup var cache: CacheOption
    @OptionGroup var report: ReportOptions
    @OptionGroup var input: InputOptions

    func run() throws {
      let inputs = try input.inputStream()
      let memory = CacheClient.forRun(noCache: cache.noCache, quiet: report.quiet)
      defer { memory?.finish() }
      let advisor = BindingAdvisor(password: input.resolvedPassword, pages: evidence.pages)
      let (json, quiet) = (report.json, report.quiet)
      try Batch.forEachFile(inputs, input: input.selection, report: report.style) {
        input, path, file throws(BindingError) in
        var advisor = advisor
        if !input.isStandardInput { advisor.memory = memory }
        let suggestion = try advisor.suggest(path, sidecarDirectory: input.sidecarDirectory)
        if !quiet { suggestion.warnings.forEach { file.warn(input, $0) } }
        file.standardOutput.append(
          json ? suggestion.json(for: input).line : input.line(suggestion.summary))
      }
    }
  }
}
