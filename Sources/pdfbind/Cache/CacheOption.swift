import ArgumentParser
import PDFBindCore
import PDFBindPages
import SystemPackage

/// `--no-cache`, for the commands that decide from evidence (suggest, set --auto,
/// check --auto, review): read every file again, neither using nor updating the cache.
struct CacheOption: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "Read every file again: neither use nor update the cache of what earlier runs found "
        + "(also PDFBIND_CACHE=off; see 'pdfbind cache')."))
  var noCache = false
}

extension CacheClient {
  /// After `set --auto` wrote `path` (or `-o`'s file) anew: its binding or layout changed, its
  /// pages did not, so what its bytes showed is kept for the bytes now there, and the next
  /// run reads only the new /Direction.
  func rememberWritten(
    _ suggestion: Suggestion?, outcome: SaveOutcome, dryRun: Bool, to destination: SaveDestination,
    from path: FilePath
  ) {
    guard let suggestion, outcome.changed, !dryRun, !outcome.rewritten else { return }
    switch destination {
    case .replacing, .inPlace: rememberRewritten(suggestion, at: path, pages: 5)
    case .file(let written): rememberRewritten(suggestion, at: written, pages: 5)
    case .descriptor: break
    }
  }
}
