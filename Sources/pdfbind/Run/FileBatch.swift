import PDFBindCore
import SystemPackage

extension Batch {
  /// The loop every command over several files runs: each input becomes a path (standard input
  /// is spooled to a file) and `work` turns it into lines. A failure is one
  /// `pdfbind: PATH: REASON` line and, with --json, the `{path, error}` object where the
  /// result's line would have gone (standard error when `jsonToError` says so: the PDF itself
  /// goes to standard output). Exits with the worst status.
  static func forEachFile(
    _ inputs: sending InputStream, input options: InputSelection, report: ReportStyle,
    jsonToError: @Sendable (Input) -> Bool = { _ in false },
    _ work: @Sendable (Input, FilePath, inout FileReport) throws(BindingError) -> Void
  ) throws {
    let json = report.json
    let status = run(inputs, jobs: options.jobs, showProgress: report.showsProgress) { _, input in
      var file = FileReport()
      do {
        try StandardInputSpool.reading(input) { path throws(BindingError) in
          try work(input, path, &file)
        }
      } catch {
        file.fail(input, error)
        if json { file.report(JSONLine.failure(input, error), toError: jsonToError(input)) }
      }
      return file
    }
    try status.exit()
  }
}
