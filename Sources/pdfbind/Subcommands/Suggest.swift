import ArgumentParser
import PDFBindCore
import SystemPackage

extension PDFBindCommand {
  struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Decide each file's binding from its text, fonts and metadata, with the evidence.",
      discussion: """
        Prints left-edge, right-edge or undecided for each file, with the evidence: calibre's \
        metadata.opf and ComicInfo.xml beside the file, the non-standard /PageDirection key, \
        vertical fonts, the script and direction of the text on the first pages, and (only \
        for pages without text) /Lang and XMP dc:language. No evidence, or evidence that \
        disagrees, is undecided: pdfbind never guesses. The file's own /Direction is shown \
        beside the decision, never mixed into it.
        """)

    @Option(help: ArgumentHelp("Read text and fonts from the first N pages.", valueName: "N"))
    var pages = 5

    @OptionGroup var report: ReportOptions
    @OptionGroup var input: InputOptions

    func validate() throws {
      if pages < 1 { throw ValidationError("--pages must be at least 1.") }
    }

    func run() throws {
      let inputs = try input.inputStream()
      let advisor = BindingAdvisor(password: input.resolvedPassword, pages: pages)
      let (json, quiet) = (report.json, report.quiet)
      let status = Batch.run(inputs, jobs: input.jobs, showProgress: report.showsProgress) {
        input in
        var file = FileReport()
        do {
          let suggestion = try Spool.reading(input) { path throws(BindingError) in
            try advisor.suggest(path, sidecarDirectory: input.sidecarDirectory)
          }
          if !quiet { suggestion.warnings.forEach { file.warn(input, $0) } }
          file.standardOutput.append(
            json ? suggestion.jsonLine(input).line : input.display + ": " + suggestion.summary)
        } catch {
          file.fail(input, error)
          if json { file.standardOutput.append(JSONLine.failure(input, error)) }
        }
        return file
      }
      try status.exit()
    }
  }
}

extension Input {
  /// The folder whose metadata.opf and ComicInfo.xml describe this file; none for stdin.
  var sidecarDirectory: FilePath? {
    guard !isStandardInput else { return nil }
    let parent = path.removingLastComponent()
    return parent.isEmpty ? "." : parent
  }
}

extension Suggestion {
  /// `right-edge (text: 91% of letters…; metadata.opf: ar)`, or `undecided (REASON)`.
  var summary: String {
    guard let decision else { return "undecided (\(undecidedReason ?? "no evidence"))" }
    let shown = evidence.filter { $0.says != nil || $0.source == .text }.map { item in
      item.source == .declared
        ? "declared \(item.detail)\(conflict ? ", conflict" : "")"
        : "\(item.source.label): \(item.detail)"
    }
    return decision.rawValue + " (" + shown.joined(separator: "; ") + ")"
  }

  /// The undecided reason for `set --auto` and reports.
  var decisionText: String { decision?.rawValue ?? "undecided" }

  func jsonLine(_ input: Input) -> JSONLine {
    var line = JSONLine()
    line.add("path", .bytes(input.display))
    line.add("decision", .string(decisionText))
    line.add("declared", .string(declared.rawValue))
    line.add("conflict", .boolean(conflict))
    if let undecidedReason { line.add("reason", .string(undecidedReason)) }
    line.add(
      "evidence",
      .array(
        evidence.map { item in
          var object = JSONLine()
          object.add("source", .string(item.source.rawValue))
          object.add("says", item.says.map { .string($0.rawValue) } ?? .null)
          object.add("detail", .string(item.detail))
          object.add("weighed", .boolean(item.weighed))
          return object
        }))
    return line
  }
}
