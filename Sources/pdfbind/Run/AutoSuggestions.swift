import PDFBindCore
import PDFBindPages

/// What `set --auto` and `check --auto` share across a batch: the cache, asked only about
/// files read from disk (standard input has no identity to remember), and the cores the books
/// suggested at once share. `finish` lets the cache's keeper go when the batch is done.
struct AutoSuggestions {
  private let cache: CacheClient?
  private let cores = SharedCores()

  init(noCache: Bool, quiet: Bool) {
    cache = CacheClient.forRun(noCache: noCache, quiet: quiet)
  }

  /// The cache for `input`: nil for standard input, and with --no-cache.
  func memory(for input: Input) -> CacheClient? { input.isStandardInput ? nil : cache }

  /// `document`, read from `input`, suggested as `suggest` would.
  func suggest(_ document: PDFBindingDocument, from input: Input) throws(BindingError)
    -> Suggestion
  {
    try document.suggest(
      sidecarDirectory: input.sidecarDirectory, memory: memory(for: input), cores: cores)
  }

  func finish() { cache?.finish() }
}
