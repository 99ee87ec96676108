import PDFBindCore
import SystemPackage

/// Decides a document's binding, and the pairing of its pages when the pictures show it, from
/// its evidence (SPEC, "suggest"). Each source of evidence has its own file beside this one;
/// this type reads the file once and asks each in the order evidence is weighed. Holds no
/// state between files: each call opens its own qpdf and poppler documents, so calls may run
/// on different threads at once, sharing the advisor's `cores`.
public struct BindingAdvisor: Sendable {
  public var password: String?
  /// Text and fonts are read from the first `pages` pages, the script of the pictures from the
  /// first `pages` that hold writing.
  public var pages: Int
  /// Where what files' bytes showed is kept between runs (the command line's cache); nil:
  /// every file is read.
  public var memory: (any EvidenceMemory)?
  /// The cores this advisor's books share with each other (and with other advisors given the
  /// same): a book alone reads two pages' script at once and draws on two threads; books
  /// suggested together, one thread each while they keep every core busy (two at once over
  /// 40 of bench/suggest's image books on 2 cores: 24% more CPU time and 89 MB more memory,
  /// for two more Tesseracts).
  public var cores: SharedCores

  /// How many pages are looked at for writing for each page the script is read on.
  public static let pagesLookedAtPerPageRead = PageScriptEvidence.pagesLookedAtPerPageRead

  /// Books of pictures with at least this many pages have their script read on a thread of
  /// its own while their spines are drawn (medians of 3 on 2 cores: 0.79 s to 0.74 s for the
  /// 24-page manga of bench/suggest, 2.82 s to 2.62 s for the 200-page scan). Shorter books
  /// are read in turn: there a second poppler document and a thread cost more than they save
  /// (`review` of bench/review's 1,000 books of 1 to 7 pages, read together: 6% and 21%
  /// slower in two runs).
  /// 16 pages is where the spines get two drawing threads (`SpreadEvidence`).
  static let pagesReadTogether = 16

  public init(
    password: String? = nil, pages: Int = 5, memory: (any EvidenceMemory)? = nil,
    cores: SharedCores = SharedCores()
  ) {
    self.password = password
    self.pages = pages
    self.memory = memory
    self.cores = cores
  }

  /// `get`'s warning for the "TwoPageRight means right-bound" confusion: a two-page
  /// `/PageLayout`, no `/Direction`, and right-to-left evidence in what the file's structure
  /// says (`structuralSuggestion`). `get` starts no page worker and loads no poppler (SPEC,
  /// "Bounded page work"), so the pages themselves are not read here; anything that stops the
  /// suggestion means no warning.
  func layoutWarning(
    for report: BindingReport, suggestion: () throws(BindingError) -> Suggestion
  ) -> BindingWarning? {
    guard report.direction == .absent, report.pageLayout.cover != nil,
      let layout = report.pageLayout.rawValue, (try? suggestion())?.decision == .rightEdge
    else { return nil }
    return .twoPageLayoutWithoutDirection(layout: layout)
  }

  /// The suggestion from what qpdf reads alone: sidecar files, `/PageDirection`, vertical
  /// fonts, the letters the subset fonts map, `/Lang` and XMP. No page is drawn or read, so no
  /// worker starts and poppler is not loaded: the evidence `get` can afford.
  func structuralSuggestion(_ file: OpenedFile, sidecarDirectory: FilePath?) throws(BindingError)
    -> Suggestion
  {
    let (document, inspection) = try file.qpdfRead()
    var evidence: [Evidence] = []
    if let sidecarDirectory { evidence += SidecarEvidence.evidence(in: sidecarDirectory) }
    let hints = document.bindingHints(firstPages: pages)
    if let item = CatalogEvidence.pageDirection(hints) { evidence.append(item) }
    if let item = FontEvidence.verticalFonts(hints) { evidence.append(item) }
    // The fonts' maps stand in for the text: when they map letters the pages hold text, and
    // `/Lang` only corroborates, as in `suggest`.
    let fonts = FontEvidence.subsetFonts(hints.subsetToUnicode, pages: hints.pagesRead)
    if let fonts { evidence.append(fonts) }
    let mapsLetters = hints.subsetToUnicode.contains { !ToUnicodeLetters.letters(in: $0).isEmpty }
    evidence += CatalogEvidence.languages(hints, pagesHoldText: mapsLetters)
    return Suggestion(report: inspection.report, evidence: evidence)
  }

  /// The suggestion for the file at `path`; sidecar files (metadata.opf, ComicInfo.xml) are
  /// looked for in `sidecarDirectory` (the file's folder; nil for standard input).
  public func suggest(_ path: FilePath, sidecarDirectory: FilePath?) throws(BindingError)
    -> Suggestion
  {
    try suggest(OpenedFile(path: path, password: password), sidecarDirectory: sidecarDirectory)
  }

  /// The suggestion for a file a document opened, sharing the document's qpdf read; the book
  /// holds one of `cores` meanwhile.
  func suggest(_ file: OpenedFile, sidecarDirectory: FilePath?) throws(BindingError)
    -> Suggestion
  {
    try cores.holding { () throws(BindingError) in
      try suggestHoldingACore(file, sidecarDirectory: sidecarDirectory)
    }
  }

  private func suggestHoldingACore(_ file: OpenedFile, sidecarDirectory: FilePath?)
    throws(BindingError) -> Suggestion
  {
    let path = file.path
    // One qpdf read gives the binding and the hints; a damaged file is read with recovery (its
    // fonts and metadata are still worth reading) and reported with its warning.
    let (document, inspection) = try file.qpdfRead()
    var evidence: [Evidence] = []
    if let sidecarDirectory { evidence += SidecarEvidence.evidence(in: sidecarDirectory) }
    let recall = EvidenceRecall(memory, path: path, pages: pages)
    if let remembered = recall?.remembered {
      return Suggestion(report: inspection.report, evidence: evidence + remembered)
    }
    let sidecars = evidence.count
    let hints = document.bindingHints(firstPages: pages)
    if let item = CatalogEvidence.pageDirection(hints) { evidence.append(item) }
    if let item = FontEvidence.verticalFonts(hints) { evidence.append(item) }
    // A page worker opens the file with poppler for the text and the pictures; nil when
    // poppler cannot open it (that lowers the evidence), a throw only when poppler cannot be
    // loaded. A worker says only that it could not open the file: whether poppler loads is
    // asked here then, and only then (loading it costs this process time it never uses).
    let book = BookKey(path: path, password: password)
    var pageBook: BookPages?
    var openedTransiently = false
    switch BookPages.open(book) {
    case .success(let opened): pageBook = opened
    case .failure(.poppler): _ = try PopplerLibrary.shared.get()
    case .failure(.stopped(let failure)):
      openedTransiently = failure.isTransient
      evidence.append(
        Evidence(source: .text, says: nil, detail: "the file \(PageRequest.notOpened): \(failure)"))
    }
    let text = TextEvidence.read(pageBook, count: pages)
    evidence += TextEvidence.evidence(text)
    evidence += Evidence.stopped(pageBook?.failed(PageRequest.textNotRead) ?? [], source: .text)
    evidence += LineLayoutEvidence.evidence(text)
    if text.census.letters < TextEvidence.minimumLetters,
      let fallback = FontEvidence.subsetFonts(hints.subsetToUnicode, pages: hints.pagesRead)
    {
      evidence.append(fallback)
    }
    evidence += CatalogEvidence.languages(hints, pagesHoldText: text.census.letters > 0)
    // A book with no text to read (a scan, a manga, a comic) is read from its pictures.
    if let pageBook, text.census.letters < TextEvidence.minimumLetters {
      let pictures = PagePictures(drawnBy: pageBook, sizesFrom: document)
      // In a long book the script (Tesseract) is read while the double-page pictures are
      // looked for (on two drawing threads while a core is free), each through page workers
      // of its own.
      let (pages, cores) = (pages, cores)
      let together = pictures.pageCount >= Self.pagesReadTogether
      let script =
        together
        ? BackgroundWork {
          PageScriptEvidence.evidence(pictures, pages: pages, readsTwoAtOnce: { cores.oneFree })
        } : nil
      let spreads = SpreadEvidence.evidence(
        pictures, threads: cores.oneFree ? SpreadEvidence.drawingThreads : 1)
      evidence +=
        script?.wait()
        ?? PageScriptEvidence.evidence(pictures, pages: pages, readsTwoAtOnce: { cores.oneFree })
      evidence += spreads
    }
    var suggestion = Suggestion(report: inspection.report, evidence: evidence)
    // A page the clock of a busy machine stopped may be read in full by the next run.
    suggestion.foundTransiently = openedTransiently || pageBook?.failedTransiently == true
    if !suggestion.foundTransiently { recall?.keep(Array(evidence.dropFirst(sidecars))) }
    return suggestion
  }
}
