import ArgumentParser
import PDFBindCore
import SystemPackage

/// `-o` and `--in-place`, shared by `set` and `revert`: where each result goes. By default a
/// file is replaced atomically; a PDF read from standard input goes to standard output unless
/// `-o` names a file. Whenever the PDF goes to standard output, the report goes to standard
/// error.
struct DestinationOptions: ParsableArguments {
  @Option(
    name: .customShort("o"),
    help: ArgumentHelp(
      "Write the result to OUT ('-' for standard output); one input only.", valueName: "OUT"))
  var output: String?

  @Flag(
    help: "Change the file itself (set appends, revert cuts): no copy, same inode and hard links."
  )
  var inPlace = false

  /// The same choices as plain values, for the code that runs the command.
  var choice: DestinationChoice { DestinationChoice(output: output, inPlace: inPlace) }
}

/// What DestinationOptions parsed, as plain values.
struct DestinationChoice: Equatable, Sendable {
  var output: String? = nil
  var inPlace = false

  /// The checks that need the input options too. `inPlaceAction` says what `--in-place` does
  /// to a file ("append to", "cut"), for the message about standard input.
  func validate(with input: InputSelection, inPlaceAction: String) throws {
    if output != nil && inPlace { throw ValidationError("-o and --in-place cannot be combined.") }
    if output != nil && !input.namesOneFile {
      throw ValidationError("-o takes exactly one input file.")
    }
    if inPlace && input.files.contains("-") {
      throw ValidationError("--in-place cannot \(inPlaceAction) standard input.")
    }
  }

  func destination(for input: Input) -> SaveDestination {
    switch output {
    case "-"?: .descriptor(.standardOutput)
    case let path?: .file(FilePath(platformString: RawArguments.value(of: ["-o"], parsed: path)))
    case nil: input.isStandardInput ? .descriptor(.standardOutput) : inPlace ? .inPlace : .replacing
    }
  }
}

extension SaveDestination {
  /// The PDF goes to standard output, so the report goes to standard error.
  var isStandardOutput: Bool { self == .descriptor(.standardOutput) }
}
