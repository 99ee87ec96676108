import ArgumentParser
import PDFBindCore

extension PDFBindCommand {
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Exit 0 when every file has the expected binding, 1 when any has another.",
      usage: """
        pdfbind check (--left-edge | --right-edge | --unknown) [--cover | --no-cover | --single] \
        [<options>] <file> ...
        """,
      discussion: "Files that do not match are listed as 'PATH: ACTUAL'. With --cover, "
        + "--no-cover or --single the /PageLayout is compared too (either kind may be given "
        + "alone). A file that cannot be read makes the status 2, which wins over 1.")

    @Flag(exclusivity: .exclusive) var expected: PageBinding?
    @Flag(exclusivity: .exclusive) var arrangement: PageArrangement?
    @OptionGroup var report: ReportOptions
    @OptionGroup var input: InputOptions

    func validate() throws {
      if expected == nil && arrangement == nil {
        throw ValidationError(
          "Missing one of: '--left-edge', '--right-edge', '--unknown', '--cover', "
            + "'--no-cover', '--single'")
      }
    }

    func run() throws {
      let inputs = try input.inputs()
      let editor = BindingEditor(password: input.resolvedPassword)
      let expectation = Expectation(binding: expected, arrangement: arrangement)
      let (json, quiet) = (report.json, report.quiet)
      let status = Batch.run(inputs, jobs: input.jobs, showProgress: report.showsProgress) {
        input in
        var file = FileReport()
        do {
          let result = try StandardInputSpool.reading(input) { path throws(BindingError) in
            try editor.read(path)
          }
          if !quiet { result.warnings.forEach { file.warn(input, $0) } }
          let matches = expectation.matches(result)
          if !matches { file.status = .mismatch }
          if json {
            file.standardOutput.append(expectation.json(for: input, result).line)
          } else if !matches && !quiet {
            file.standardOutput.append(input.line(expectation.actual(result)))
          }
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
