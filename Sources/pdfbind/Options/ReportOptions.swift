import ArgumentParser

/// `--json` and `-q`, shared by every subcommand.
struct ReportOptions: ParsableArguments {
  @Flag(help: "Print one JSON object a line (JSON Lines) instead of text.")
  var json = false

  @Flag(
    name: .shortAndLong,
    help: ArgumentHelp(
      "No warnings, progress or success lines (get still prints each value); failures "
        + "still go to standard error."))
  var quiet = false

  /// The same choices as plain values, for the code that runs the command.
  var style: ReportStyle { ReportStyle(json: json, quiet: quiet) }
}

/// What ReportOptions parsed, as plain values.
struct ReportStyle: Equatable, Sendable {
  var json = false
  var quiet = false

  /// A progress line only where a person watches: a terminal on standard error, not -q.
  var showsProgress: Bool { !quiet && Terminal.standardErrorIsTerminal }
}
