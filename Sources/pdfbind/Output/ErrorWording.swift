import PDFBindCore

// The library's errors and warnings say what happened in its own terms and carry what the user
// can do as a typed value (`BindingError.remedy`); they name no option. Here the command line
// words that in pdfbind's options, after the library's sentence.

extension BindingError {
  /// The REASON of a `pdfbind: PATH: REASON` line.
  var commandLineMessage: String { description + (advice ?? "") }

  /// What to do about it, in pdfbind's options; nil when the library's sentence says all.
  private var advice: String? {
    switch self {
    case .protected(.signed), .protected(.certified): "; use --force to update it anyway"
    case .protected(.changesNotPermitted):
      "; give the owner password with --password, or use --force"
    case .unsupported(.repairInPlace): ". Run without --in-place, or with -o OUT"
    case .damaged(.needsRepair):
      ". Run again with --repair to have qpdf rewrite it whole (its earlier revisions are not "
        + "kept), or repair it yourself, for example with 'qpdf damaged.pdf repaired.pdf'"
    case .password(.required): " (give --password or set PDFBIND_PASSWORD)"
    case .picture(.tooLarge): "; choose fewer spreads with --spreads or a smaller --height"
    case .writing(.readOnlyFile): "; make it writable or write elsewhere with -o"
    case .writing(.directoryNotWritable):
      "; make the directory writable, or use --in-place to append to the file itself"
    default: nil
    }
  }
}

extension BindingWarning {
  /// The sentence after `pdfbind: PATH: `, with `warning:` or `note:`.
  var commandLineLine: String { (isNote ? "note: " : "warning: ") + commandLineMessage }

  /// The sentence, with the option that caused a note and the command that mends a warning.
  var commandLineMessage: String {
    switch self {
    case .forcedSigned, .forcedCertified, .forcedRestricted: "--force: " + message
    case .repaired: "--repair: " + message
    case .twoPageLayoutWithoutDirection: message + ": run pdfbind set --right-edge"
    default: message
    }
  }
}

/// The words of any error the command line reports for a file.
func commandLineMessage(_ error: any Error) -> String {
  (error as? BindingError)?.commandLineMessage ?? "\(error)"
}
