import ArgumentParser
import PDFBindCore
import PDFBindPages

extension PDFBindCommand {
  struct Get: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "get",
      abstract: "Print the page binding of each file: left-edge, right-edge or unknown.",
      discussion: "--json adds the raw /Direction, the /PageLayout (page_layout) and whether "
        + "a two-page view shows page 1 alone (cover: true for TwoPageRight, false for "
        + "TwoPageLeft, null otherwise).")

    @OptionGroup var report: ReportOptions
    @Flag var filename: FilenameMode?
    @OptionGroup var input: InputOptions

    var request: GetRequest {
      GetRequest(report: report.style, filename: filename, input: input.selection)
    }

    func run() throws { try request.run() }
  }
}

/// A parsed `get`: what Get (ArgumentParser) or CommonForms read from the command line.
struct GetRequest: Equatable {
  var report = ReportStyle()
  var filename: FilenameMode? = nil
  var input = InputSelection()

  func validate() throws { try input.validate() }

  func run() throws {
    let inputs = try input.inputStream()
    let password = input.resolvedPassword
    let showPath = filename == .withFilename || (filename == nil && inputs.mayHoldSeveral)
    let (json, quiet) = (report.json, report.quiet)
    try Batch.forEachFile(inputs, input: input, report: report) {
      input, path, file throws(BindingError) in
      let document = try PDFBindingDocument(path: path, password: password)
      var result = document.report
      if let warning = document.layoutWarning(sidecarDirectory: input.sidecarDirectory) {
        result.warnings.append(warning)
      }
      if !quiet { result.warnings.forEach { file.warn(input, $0) } }
      if json {
        file.standardOutput.append(result.json(for: input).line)
      } else {
        let value = result.binding.rawValue
        file.standardOutput.append(showPath ? input.line(value) : Array(value.utf8))
      }
    }
  }
}
