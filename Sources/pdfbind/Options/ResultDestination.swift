import PDFBindCore
import SystemPackage

/// Where `set` and `revert` put each result, from `-o` and `--in-place`: OUT, standard output
/// (`-o -`), the file itself, or by default an atomic replace. A PDF read from standard input
/// goes to standard output unless `-o` names a file; whenever the PDF goes to standard output,
/// the report goes to standard error.
struct ResultDestination {
  let output: String?
  let inPlace: Bool

  func destination(for input: Input) -> SetDestination {
    switch output {
    case "-"?: .standardOutput
    case let path?: .file(FilePath(platformString: RawArguments.value(of: ["-o"], parsed: path)))
    case nil: input.isStandardInput ? .standardOutput : inPlace ? .inPlace : .replace
    }
  }
}
