import PDFBindCore

extension PageScriptEvidence {
  /// Tesseract's reading of one page's picture, and what it asked measured where the picture
  /// is kept (`PageReply.drawnReading`), with the balloons of a page that may hold them.
  typealias DrawnReading = (
    reading: ScriptReading?, closeSetRows: CloseSetRows?, blockLines: TextBlockLines?,
    recognised: Recognised, balloons: SpeechBalloons?
  )

  /// The pages Tesseract has read for one book and those it is reading, on threads of their
  /// own while the next page is drawn (two at once while a core is free, `SharedCores`).
  /// Readings are taken in page order, so what decides and where the look ends are exactly
  /// those of reading one page after another. A page is read once it is sure to be needed,
  /// or, for a book alone, beside the reading started just before it (`mayStart`).
  struct Readings {
    /// Read in page order, up to the one that ended the look.
    private(set) var taken: [PageReading] = []
    private(set) var unavailable: RuntimeLibrary.Unavailable?
    /// The page (from 1) whose reading ended the look: two pages agree, or Tesseract is missing.
    private(set) var endedAt: Int?
    private var inFlight: [(page: PageReading, reading: BackgroundWork<Outcome>)] = []
    private var drawnSinceRead = 0
    /// Whether a reading was taken since the last one started.
    private var takenSinceStart = false
    private let observe: ((PageReading) -> Void)?
    private let readsTwoAtOnce: () -> Bool
    private let reader: Reader

    typealias Outcome = Result<DrawnReading?, RuntimeLibrary.Unavailable>
    /// Reads the script in the picture of one page (from 1) drawn for its layout (of one half
    /// of it, when it holds two facing pages), on any thread, with the page's close-set rows
    /// and text blocks' lines when the reading asks for them (`BookPages.readDrawn`); nil when
    /// the reading was stopped.
    typealias Reader =
      @Sendable (Int, FacingPages.Half?) throws(RuntimeLibrary.Unavailable) -> DrawnReading?

    /// `observe`, when given, sees each page taken, and the look then goes on past two pages
    /// that agree. `reader` reads in a page worker (`BookPages.readDrawn`). `readsTwoAtOnce`,
    /// asked before each reading, says whether a second page may be read while one is (not
    /// when other books keep the cores busy).
    init(
      observe: ((PageReading) -> Void)?, reader: @escaping Reader,
      readsTwoAtOnce: @escaping () -> Bool = { true }
    ) {
      self.observe = observe
      self.readsTwoAtOnce = readsTwoAtOnce
      self.reader = reader
    }

    /// Pages taken or being read.
    var count: Int { taken.count + inFlight.count }

    /// Called before each page is drawn. One page is drawn while the readings go on; before
    /// any further page, the readings that may end the look are taken (reading one page after
    /// another would draw nothing past the page whose reading ends it).
    mutating func willDraw() {
      defer { drawnSinceRead += 1 }
      guard drawnSinceRead > 0 else { return }
      while endedAt == nil, !inFlight.isEmpty, !mayStart(drawnSinceStart: drawnSinceRead + 1) {
        take()
      }
    }

    /// Reads `page`: at once when its reading is needed whatever the pages being
    /// read say, else once they are taken (and not at all when one of them ends the look).
    mutating func read(_ page: PageReading) {
      while !inFlight.isEmpty, !mayStart(drawnSinceStart: drawnSinceRead) {
        take()
        if endedAt != nil { return }
      }
      let reader = reader
      let (number, half) = (page.page, page.half)
      let work = BackgroundWork { () -> Outcome in
        do throws(RuntimeLibrary.Unavailable) {
          return .success(try reader(number, half))
        } catch {
          return .failure(error)
        }
      }
      inFlight.append((page, work))
      drawnSinceRead = 0
      takenSinceStart = false
    }

    /// Takes every reading still needed. A reading under way past the end of the look (one
    /// started beside the reading that ended it, or with Tesseract missing) is waited for
    /// and dropped.
    mutating func finish() {
      while endedAt == nil, !inFlight.isEmpty { take() }
      for (_, dropped) in inFlight { _ = dropped.wait() }
      inFlight = []
    }

    /// Whether the reading of a page may start now, the page being the `drawnSinceStart`th
    /// drawn since the last reading started: when a reader is free (the second only while the
    /// book has the cores alone) and either the reading is needed whatever those in flight
    /// say (none of them can end the look, which ends on two leaning pages that all lean one
    /// way), or its page is the first drawn since the one in flight started, nothing taken
    /// since. Such a reading runs beside the other on a core that would stand idle; when the
    /// other ends the look it is dropped, after the little longer it runs (they started
    /// together). A book whose first pages lean without deciding (a manga read as "Japanese?")
    /// reads its later pages two at a time so; a book decided by its first two pages reads
    /// no more.
    private func mayStart(drawnSinceStart: Int) -> Bool {
      guard inFlight.isEmpty || (inFlight.count < readersAtOnce && readsTwoAtOnce()) else {
        return false
      }
      let leaning = taken.compactMap(\.leans)
      let needed = observe != nil || Set(leaning).count > 1 || leaning.count + inFlight.count < 2
      return needed || (drawnSinceStart == 1 && !takenSinceStart)
    }

    private mutating func take() {
      var (page, work) = inFlight.removeFirst()
      takenSinceStart = true
      switch work.wait() {
      case .failure(let error):
        unavailable = error
        endedAt = page.page
        return
      case .success(let read?): page.take(read)
      case .success(nil): page.readingStopped = true
      }
      taken.append(page)
      if let observe {
        observe(page)
        return
      }
      // Two leaning pages end the look; a weak page that may second one (`seconds`) does not:
      // a page further on may still disagree.
      let leaning = taken.compactMap(\.leans)
      if leaning.count >= 2, Set(leaning).count == 1, taken.contains(where: { $0.says != nil }) {
        endedAt = page.page
      }
    }
  }
}

extension PageScriptEvidence.PageReading {
  /// Takes what Tesseract read on this page, and what the reading asked measured.
  mutating func take(_ read: PageScriptEvidence.DrawnReading) {
    reading = read.reading
    // A page read as blackletter that shows no writing may be close-set rows of print:
    // measured where its picture is kept.
    if let rows = read.closeSetRows { layout.closeSetRows = rows }
    // A page read as Chinese or Japanese whose marks show no columns: its text blocks' lines
    // as Tesseract's layout analysis finds them.
    blockLines = read.blockLines
    // A page of running text read as Latin with little confidence: its Latin words recognised
    // with confidence; a page read as Hebrew or Arabic that says nothing: its Hebrew letters;
    // running text read upside down or sideways, or such a page with too few Hebrew letters:
    // its Arabic-script letters; such a page read as Arabic with too few of them: its Syriac
    // letters (`WordReader`).
    recognised = read.recognised
    // A page of pictures that may hold balloons: their shapes (`SpeechBalloons`).
    balloons = read.balloons
  }
}
