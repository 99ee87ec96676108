import ArgumentParser

extension PDFBindCommand {
  struct Cache: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "cache",
      abstract: "Show where the cache of decisions is and what it holds, or empty it.",
      discussion: """
        suggest, set --auto, check --auto and review remember what each file's bytes showed \
        (its text, fonts and page pictures) in an SQLite file under \
        ${XDG_CACHE_HOME:-~/.cache}/pdfbind/, and read again only files whose bytes (device, \
        inode, size, times, last 64 KiB) or whose rules changed; their output is the same \
        with it or without it. Prints 'PATH: N files, B bytes' and how many answers were \
        remembered or found by reading since it was emptied. Entries not seen for \
        PDFBIND_CACHE_DAYS days (default 90) are dropped. --no-cache or PDFBIND_CACHE=off \
        bypasses it.
        """)

    @Flag(help: "Empty the cache.")
    var clear = false

    func run() throws {
      switch CacheClient.forCommand().command(clear ? .clear : .describe) {
      case .line(let line)?: Terminal.out(Array(line.utf8))
      case .failed(let message)?:
        Terminal.err(Array("pdfbind: \(message)".utf8))
        throw ExitCode(2)
      default:
        // The keeper's own warning said why.
        throw ExitCode(2)
      }
    }
  }
}
