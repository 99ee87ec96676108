import ArgumentParser

/// The inputs and reading options every subcommand takes.
struct InputOptions: ParsableArguments {
  @Option(
    name: .customLong("files-from"),
    help: ArgumentHelp(
      "Read more paths from LIST, one a line ('-' reads standard input).", valueName: "LIST"))
  var filesFrom: String?

  @Flag(
    name: [.customShort("0"), .customLong("null")],
    help: "The --files-from list is NUL-separated (find -print0).")
  var nullSeparated = false

  @Option(
    help: ArgumentHelp(
      "Password for encrypted documents (or set PDFBIND_PASSWORD).", valueName: "PW"))
  var password: String?

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("Files to process at once (default: the number of cores).", valueName: "N"))
  var jobs: Int?

  @Flag(
    name: .shortAndLong,
    help: ArgumentHelp(
      "Walk directories for files ending in .pdf (any case), sorted; links to directories "
        + "are not followed."))
  var recursive = false

  @Argument(help: ArgumentHelp("PDF files; '-' reads one from standard input.", valueName: "file"))
  var files: [String] = []

  /// True when the command line names exactly one file: what -o needs.
  var namesOneFile: Bool { files.count == 1 && filesFrom == nil && !recursive }

  func validate() throws {
    if files.isEmpty && filesFrom == nil {
      throw ValidationError("No input files. Name at least one FILE or use --files-from.")
    }
    if nullSeparated && filesFrom == nil {
      throw ValidationError("-0/--null applies to --files-from LIST, which is missing.")
    }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
    if files.filter({ $0 == "-" }).count + (filesFrom == "-" ? 1 : 0) > 1 {
      throw ValidationError("Standard input ('-') can be read only once.")
    }
  }
}
