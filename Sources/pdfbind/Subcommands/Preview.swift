import ArgumentParser
import PDFBindCore
import PDFBindPages
import SystemPackage

extension SpreadRange: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
}

extension PDFBindCommand {
  struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "preview",
      abstract: "Draw the spreads of a file as a two-page view shows them, into one PNG.",
      usage: """
        pdfbind preview [--as left-edge|right-edge | --auto] [--cover|--no-cover] [--spreads RANGE] \
        [--height PX] -o OUT.png <file>
        """,
      discussion: """
        Each spread is drawn as a viewer that honours the file shows it: the pages side by \
        side, the spine between them marked, each page's number under it, and a header line \
        naming the file, its binding and its layout. Use it before and after set to see \
        whether a double-page picture joins up across the spine. Pages are rendered with \
        poppler, which this command (and only this one) loads at run time.

        Viewers disagree. SumatraPDF, in its default "automatic" view mode, shows a \
        /PageLayout whose name ends in Right (TwoPageRight, TwoColumnRight) as a book view, \
        page 1 alone, and any other name that starts with Two (TwoPageLeft, TwoColumnLeft) \
        as facing pages from page 1; with any other layout, or none, it opens one continuous \
        column. /Direction /R2L then mirrors every pair. A /Direction in the file (R2L or \
        L2R) wins over the direction SumatraPDF remembers for the file; without one it uses \
        the remembered choice, or its manga-mode default. Many viewers (pdf.js, Chrome, \
        MuPDF, Evince) ignore /Direction and offer a manual toggle at most.
        """)

    @OptionGroup var view: SpreadViewOptions

    @Option(
      help: ArgumentHelp(
        "Spreads to draw: N, N-M or N- (default: the first six).", valueName: "range"))
    var spreads: SpreadRange?

    @Option(help: ArgumentHelp("Each page's height in pixels (16 to 2000).", valueName: "px"))
    var height = 300

    @Option(
      name: .customShort("o"),
      help: ArgumentHelp("Write the PNG to OUT ('-' for standard output).", valueName: "OUT"))
    var output: String

    @Option(
      help: ArgumentHelp(
        "Password for encrypted documents (or set PDFBIND_PASSWORD).", valueName: "PW"))
    var password: String?

    @Flag(name: .shortAndLong, help: "No warnings; failures still go to standard error.")
    var quiet = false

    @Argument(
      help: ArgumentHelp("The PDF file; '-' reads it from standard input.", valueName: "file"))
    var file: String

    func validate() throws {
      if !(16...2000).contains(height) {
        throw ValidationError("--height must be between 16 and 2000 pixels.")
      }
    }

    func run() throws {
      let raw = RawArguments.recover([file])[0]
      let input = Input(path: FilePath(platformString: raw), display: raw)
      let password = password ?? Environment.value(of: "PDFBIND_PASSWORD")
      let destination =
        output == "-"
        ? nil : FilePath(platformString: RawArguments.value(of: ["-o"], parsed: output))
      let name =
        input.isStandardInput
        ? "standard input" : (input.path.lastComponent.map { "\($0)" } ?? "\(input.path)")
      var file = FileReport()
      var outcome: Outcome?
      do {
        outcome = try StandardInputSpool.reading(input) { path throws(BindingError) -> Outcome in
          // The same read as get first, so a bad file fails with get's words.
          let document = try PDFBindingDocument(path: path, password: password)
          let (shown, pageCount) = try view.view(
            of: document, input: input, file: &file, quiet: quiet)
          let all = shown.sides(pageCount: pageCount)
          let range: ClosedRange<Int>?
          if let spreads {
            guard let resolved = spreads.resolve(count: all.count) else {
              return .usage(Self.outOfRange(spreads, count: all.count))
            }
            range = resolved
          } else {
            range = all.isEmpty ? nil : 1...min(6, all.count)
          }
          return .picture(
            try PDFBindPages.Preview.render(
              path, password: password,
              spreads: range.map { Array(all[($0.lowerBound - 1)..<$0.upperBound]) } ?? [],
              header: shown.previewHeader(name: name, showing: range, of: all.count),
              pageHeight: height))
        }
      } catch {
        file.fail(input, error)
      }
      switch outcome {
      case .usage(let message)?:
        file.standardError.forEach(Terminal.err)
        // As ArgumentParser reports a usage error, with this command's usage line.
        Terminal.err(
          Array(
            "Error: \(message)\nUsage: \(Self.configuration.usage ?? "")\n"
              .utf8) + Array("  See 'pdfbind preview --help' for more information.".utf8))
        throw ExitCode.validationFailure
      case .picture(let picture)?:
        if !quiet { picture.warnings.forEach { file.warn(input, $0) } }
        do { try PDFBindPages.Preview.write(picture.png, to: destination) } catch {
          file.fail(input, error)
        }
      case nil: break
      }
      file.standardError.forEach(Terminal.err)
      try file.status.exit()
    }

    private static func outOfRange(_ spreads: SpreadRange, count: Int) -> String {
      let has = count == 0 ? "no pages" : "\(count) spread\(count == 1 ? "" : "s") in this layout"
      return "--spreads \(spreads) is out of range: the file has \(has)."
    }
  }
}

/// A picture, or a command-line mistake found only once the file is read (a range past its
/// last spread).
private enum Outcome {
  case picture(PDFBindPages.PreviewPicture)
  case usage(String)
}
