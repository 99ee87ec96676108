import ArgumentParser
import PDFBindCore

extension PDFBindCommand {
  struct Get: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the page binding of each file: left-edge, right-edge or unknown.")

    @OptionGroup var report: ReportOptions
    @Flag var filename: FilenameMode?
    @OptionGroup var input: InputOptions

    func run() throws {
      let inputs = try input.inputStream()
      let editor = BindingEditor(password: input.resolvedPassword)
      let showPath = filename == .withFilename || (filename == nil && inputs.mayHoldSeveral)
      let json = report.json
      let status = Batch.run(inputs, jobs: input.jobs, showProgress: report.showsProgress) {
        input in
        var file = FileReport()
        do {
          let result = try Spool.reading(input) { path throws(BindingError) in
            try editor.read(path)
          }
          if !report.quiet { result.warnings.forEach { file.warn(input, $0) } }
          if json {
            var line = JSONLine()
            line.add("path", .bytes(input.display))
            line.add("binding", .string(result.binding.rawValue))
            line.add("direction", result.direction.rawValue.map { .string($0) } ?? .null)
            file.standardOutput.append(line.line)
          } else {
            let value = Array(result.binding.rawValue.utf8)
            file.standardOutput.append(showPath ? input.display + ": " + value : value)
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
