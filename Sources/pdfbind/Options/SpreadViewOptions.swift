import ArgumentParser
import PDFBindCore
import PDFBindPages

/// The binding `--as` tries out: only the two a viewer can lay out.
enum TryBinding: String, ExpressibleByArgument, CaseIterable {
  case leftEdge = "left-edge"
  case rightEdge = "right-edge"

  var binding: PageBinding { self == .leftEdge ? .leftEdge : .rightEdge }
}

/// `--as` and `--cover`/`--no-cover`: try a layout before writing it (spreads, preview).
struct SpreadViewOptions: ParsableArguments {
  @Option(
    name: .customLong("as"),
    help: ArgumentHelp(
      "Lay the pages out with this binding instead of the file's.", valueName: "binding"))
  var binding: TryBinding?

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Page 1 stands alone (--cover) or pairs from page 1 (--no-cover), instead of what the "
        + "file's /PageLayout says."))
  var cover: Bool?

  @Flag(
    help: ArgumentHelp(
      "Lay the pages out with the binding and layout 'pdfbind suggest' decides (an undecided "
        + "file is shown as it is)."))
  var auto = false

  func validate() throws {
    if auto && binding != nil { throw ValidationError("--auto cannot be combined with --as.") }
  }

  func view(of report: BindingReport, suggestion: Suggestion? = nil) -> SpreadView {
    var view = SpreadView(of: report, asBinding: binding?.binding, coverOption: cover)
    view.suggestion = suggestion
    return view
  }

  /// `document` laid out as asked, and its page count: what get reads, and with `--auto`
  /// what suggest decides, the book sharing `cores` with those suggested at the same time
  /// (by default, none). The file's warnings go to `file` unless `quiet`.
  func view(
    of document: PDFBindingDocument, input: Input, file: inout FileReport, quiet: Bool,
    cores: SharedCores = SharedCores()
  ) throws(BindingError) -> (view: SpreadView, pageCount: Int) {
    let report = document.report
    guard let pageCount = report.pageCount else { throw BindingError.damaged(.noPageCount) }
    if !quiet { report.warnings.forEach { file.warn(input, $0) } }
    let suggestion =
      auto ? try document.suggest(sidecarDirectory: input.sidecarDirectory, cores: cores) : nil
    return (view(of: report, suggestion: suggestion), pageCount)
  }
}
