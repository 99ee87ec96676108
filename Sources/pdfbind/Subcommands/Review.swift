import ArgumentParser
import Glibc
import PDFBindCore
import PDFBindPages
import PDFBindReview
import Synchronization
import SystemPackage

extension PDFBindCommand {
  struct Review: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "review",
      abstract:
        "Write one HTML page to settle a library by eye, and turn the choices into a script.",
      usage: "pdfbind review [-r] [--pages N] [-o OUT.html] <file> ...",
      discussion: """
        For each file the page shows its name, its binding and layout now, what suggest \
        decides and why, and small pictures of its first spreads as a two-page view shows \
        them under the suggestion (under both bindings when undecided or in conflict; the \
        spreads where double-page pictures join, when those decided). Filter the books, \
        choose a binding and a layout for each (keys j/k, r, l, c, n, s, x): the book's \
        spreads re-arrange at once to show the choice (leave: the file as it is). Copy or \
        download the script of pdfbind set commands it writes. The page works offline, from \
        the file: a picture of each page shown is in the folder OUT_files beside it, loaded \
        as it scrolls into view, and its Content-Security-Policy allows no network and no \
        other script.
        """)

    @OptionGroup var evidence: EvidencePagesOption

    @Option(
      name: .customShort("o"),
      help: ArgumentHelp(
        "Write the page to OUT.html (default pdfbind-review.html), the pictures to OUT_files/.",
        valueName: "OUT.html"))
    var output = "pdfbind-review.html"

    @Flag(
      name: .shortAndLong,
      help: "No warnings, progress or summary line; failures still go to standard error.")
    var quiet = false

    @OptionGroup var cache: CacheOption
    @OptionGroup var input: InputOptions

    func validate() throws {
      if output == "-" || output.isEmpty {
        throw ValidationError(
          "-o needs a file name: the page's pictures are written beside it, in OUT_files/.")
      }
    }

    func run() throws {
      let page = FilePath(platformString: RawArguments.value(of: ["-o"], parsed: output))
      let files = ReviewFiles(page: page)
      let earlier: [String]
      do { earlier = try files.prepare() } catch {
        switch error {
        case .pageIsDirectory:
          Self.fail(
            page, words: "writing the page failed: it is a directory; -o names the HTML file")
        case .folder(let reason): Self.fail(files.folder, reason)
        }
        throw ExitCode(2)
      }
      let memory = CacheClient.forRun(noCache: cache.noCache, quiet: quiet)
      defer { memory?.finish() }
      let job = ReviewJob(
        advisor: BindingAdvisor(password: input.resolvedPassword, pages: evidence.pages),
        memory: memory,
        files: files,
        quiet: quiet)
      let books = Mutex<[Int: ReviewBook]>([:])
      var status = Batch.run(
        try input.inputStream(), jobs: input.jobs ?? Self.defaultJobs,
        showProgress: !quiet && Terminal.standardErrorIsTerminal
      ) { index, input in
        let (book, report) = job.review(input, number: index + 1)
        books.withLock { $0[index] = book }
        return report
      }
      let reviewed = books.withLock { found in found.keys.sorted().map { found[$0]! } }
      // An earlier run's pictures this one wrote over stay; the others go.
      let written = Swift.Set(reviewed.flatMap(\.pictureFiles))
      files.removePictures(earlier.filter { !written.contains($0) })
      let html = ReviewPage(
        books: reviewed, picturesFolder: files.folderName,
        workingDirectory: Self.workingDirectory
      ).html()
      do {
        try files.writePage(html)
        if !quiet { Terminal.out(ReviewSummary(books: reviewed, files: files).line) }
      } catch {
        Self.fail(page, error)
        status = .failed
      }
      try status.exit()
    }

    /// Books reviewed at once without --jobs: twice the cores. A book's thread draws its
    /// pictures in page workers and then encodes them and looks for spreads itself, so with one
    /// book a core, a core waited at every hand-over: on two cores, 1,000 books of bench/review
    /// took 20.1 s with four at once against 21.6 s with two (means of 4 runs in turn), for
    /// 252 MiB at most against 203 MiB.
    static var defaultJobs: Int { 2 * Environment.processorCount }

    /// `pdfbind: PATH: REASON` for the page or its folder.
    static func fail(_ path: FilePath, _ reason: any Error) {
      fail(path, words: commandLineMessage(reason))
    }

    static func fail(_ path: FilePath, words: String) {
      Terminal.err(Array("pdfbind: ".utf8) + path.bytes + Array(": \(words)".utf8))
    }

    /// The current directory's bytes: the script changes to it before its relative paths.
    static var workingDirectory: [UInt8] {
      guard let path = getcwd(nil, 0) else { return Array(".".utf8) }
      defer { free(path) }
      return Array(UnsafeBufferPointer(start: path, count: strlen(path))).map {
        UInt8(bitPattern: $0)
      }
    }
  }
}
