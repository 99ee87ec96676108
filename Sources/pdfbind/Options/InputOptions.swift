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
    help: ArgumentHelp(
      "Files to process at once (default: the number of cores; twice that for review).",
      valueName: "N"))
  var jobs: Int?

  @Flag(
    name: .shortAndLong,
    help: ArgumentHelp(
      "Walk directories for files ending in .pdf (any case), sorted; links to directories "
        + "are not followed."))
  var recursive = false

  @Argument(help: ArgumentHelp("PDF files; '-' reads one from standard input.", valueName: "file"))
  var files: [String] = []

  /// The same choices as plain values, for the code that runs the command.
  var selection: InputSelection {
    InputSelection(
      files: files, filesFrom: filesFrom, nullSeparated: nullSeparated, password: password,
      jobs: jobs, recursive: recursive)
  }

  func validate() throws { try selection.validate() }
}
