import ArgumentParser
import PDFBindCore

extension PDFBindCommand {
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Exit 0 when every file has the expected binding, 1 when any has another.",
      usage:
        "pdfbind check (--left-edge | --right-edge | --unknown | --auto) [<options>] <file> ...",
      discussion: "Files that do not match are listed as 'PATH: ACTUAL'. A file that cannot be "
        + "read makes the status 2, which wins over 1.")

    @Flag(exclusivity: .exclusive) var expected: PageBinding?

    // --auto (suggest): compare with the binding each file's evidence decides.
    @Flag(
      help: "Expect the binding 'pdfbind suggest' decides; files it leaves undecided match.")
    var auto = false

    func validate() throws {
      if expected == nil && !auto {
        throw ValidationError(
          "Missing one of: '--left-edge', '--right-edge', '--unknown', '--auto'")
      }
      if expected != nil && auto {
        throw ValidationError(
          "--auto cannot be combined with --left-edge, --right-edge or --unknown.")
      }
    }
    @OptionGroup var report: ReportOptions
    @OptionGroup var input: InputOptions

    func run() throws {
      let inputs = try input.inputStream()
      let editor = BindingEditor(password: input.resolvedPassword)
      let expected = expected
      let advisor = auto ? BindingAdvisor(password: input.resolvedPassword) : nil
      let (json, quiet) = (report.json, report.quiet)
      let status = Batch.run(inputs, jobs: input.jobs, showProgress: report.showsProgress) {
        input in
        var file = FileReport()
        if let advisor { return Self.checkAuto(input, advisor: advisor, json: json, quiet: quiet) }
        do {
          let result = try Spool.reading(input) { path throws(BindingError) in
            try editor.read(path)
          }
          if !quiet { result.warnings.forEach { file.warn(input, $0) } }
          let matches = result.binding == expected!
          if !matches { file.status = .mismatch }
          if json {
            var line = JSONLine()
            line.add("path", .bytes(input.display))
            line.add("binding", .string(result.binding.rawValue))
            line.add("direction", result.direction.rawValue.map { .string($0) } ?? .null)
            line.add("expected", .string(expected!.rawValue))
            line.add("matches", .boolean(matches))
            file.standardOutput.append(line.line)
          } else if !matches && !quiet {
            file.standardOutput.append(input.display + ": " + result.binding.rawValue)
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
