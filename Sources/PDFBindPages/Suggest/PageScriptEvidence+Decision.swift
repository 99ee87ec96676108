// Which pages are read; what the pages read say together: the one evidence line of the page
// script, and its words; the side a page's short lines are set from; and when a page of
// close-set rows, or of no rows, is blackletter.
import PDFBindCore

extension PageScriptEvidence {
  /// Whether a page (`page` from 0) whose marks measure `layout` is read: a page of writing
  /// whose lines show a direction, or are too short to show one; a page of writing whose
  /// lines show none (two columns of close-set Fraktur between an ornament and a woodcut,
  /// vertical columns among a magazine's diagrams or a woodblock page's two registers: the
  /// real bench's pages passed over as "no writing-like marks" before SuggestRules 9) when it
  /// holds `leastSquaresRead` squares of writing; writing in rows beside pictures; and among
  /// the first `pagesToRead` pages, pictures that may hold balloons. Past those, only print
  /// is read: the look further on is for the pages of writing a scan's cover and plates hide,
  /// and a comic's balloons, read there, cost Tesseract's time and had decided no book of the
  /// labelled sets. A page read so whose marks fill a small box is still passed over:
  /// `evidence` asks `leastTextBlock` after this, to say so.
  static func isRead(_ layout: WritingLayout, page: Int, pagesToRead: Int) -> Bool {
    let squares = layout.tilesInRows + layout.tilesInColumns
    let writing =
      layout.lines != nil || layout.linesTooShort
      || (layout.holdsWriting && squares >= leastSquaresRead)
    return writing || layout.writingPatchesInRows
      || (mayHoldBalloons(layout) && page < pagesToRead)
  }

  /// A page of pictures that may hold balloons: no writing, much of it paper, and marks.
  static func mayHoldBalloons(_ layout: WritingLayout) -> Bool {
    !layout.holdsWriting && layout.paper >= balloonPaper && layout.ink >= balloonInk
  }

  /// Squares of writing (`TextTiles`, in rows and in columns) a page of writing whose lines
  /// show no direction holds to be read: the real bench's tuning pages read so held 6 to 35
  /// (the Fraktur page 3 and 3, the magazine 12 and 23, the scripture 4 and 20); a mostly
  /// white manga page whose balloons are too small for squares (seed 19's speed-24, page 2:
  /// 0 and 0, 16 ruled lines of panel borders) held none, and read, it cost the book a
  /// reading (0.2 s) and said nothing. Half the least.
  static let leastSquaresRead = 3

  /// One evidence line from the pages read: every page that points somewhere must point the
  /// same way, and one page alone decides only where one or two pages were read
  /// (`pagesToAgree`). A page too weak to lean may be the second for one that says in the
  /// same script (`seconds`): Arabic or Hebrew sure which way up, a page of writing read
  /// surely upright as Latin, Cyrillic, Greek or Fraktur; and a page of Latin cursive read
  /// upside down is seconded by pages of writing with hardly any right-to-left letters
  /// (`secondsCursive`).
  /// Each half of a picture of two facing pages counts as a page read, and the line says
  /// which pictures were split (`page 3 holds two facing pages`). A page whose reading was
  /// stopped (`readingStopped`: `page 1 not read: it took longer than 10 s`) still counts,
  /// so the pages left cannot decide with less, but the line does not name it among what the
  /// pages show: Tesseract did not find it unreadable, it was not let finish. Tall balloons
  /// on the pages of pictures (`balloonsSay`) point right-edge as one more page does.
  static func decide(_ read: [PageReading]) -> Evidence {
    let shown = read.filter { !$0.readingStopped }
    let pageNumbers = unique(shown.map(\.page))
    guard !shown.isEmpty else {
      return Evidence(source: .pageScript, says: nil, detail: "no page picture could be read")
    }
    let scripts = describe(shown.map(\.summary))
    let on = Wording.pages(pageNumbers) + facingPages(shown)
    let balloons = balloonsSay(shown)
    guard let first = read.lazy.compactMap(\.says).first else {
      let leaning = Set(read.compactMap(\.leans))
      if let balloons, !leaning.contains(.leftEdge) {
        return Evidence(
          source: .pageScript, says: .rightEdge, detail: "\(scripts) on \(on); \(balloons.detail)",
          pages: pageNumbers)
      }
      // Left-to-right writing set from the right still doubts evidence that points the
      // other way (a double-page picture joining right to left), as it did when it decided.
      // Right-to-left letters set from the left doubt a left-to-right join alike.
      let setAgainst = read.contains {
        $0.leftToRightSetFromTheRight || $0.rightToLeftLettersSetFromTheLeft
      }
      return Evidence(
        source: .pageScript, says: nil,
        detail: "\(scripts) on \(on): says nothing about the binding", pages: pageNumbers,
        leans: setAgainst && leaning.count == 1 ? leaning.first : nil)
    }
    guard read.allSatisfy({ $0.leans == nil || $0.leans == first }) else {
      return Evidence(
        source: .pageScript, says: nil, detail: "\(scripts) on \(on): the pages disagree",
        pages: pageNumbers)
    }
    if let balloons, first != .rightEdge {
      return Evidence(
        source: .pageScript, says: nil,
        detail: "\(scripts) on \(on); \(balloons.detail): the pages disagree", pages: pageNumbers)
    }
    // A page too weak to lean is a second page where it reads, sure which way up, the script
    // a page says in, and that script points the same way (`seconds`).
    let sayingIn = Set(read.filter { $0.says == first }.compactMap { $0.reading?.script })
    // Latin cursive read upside down is seconded by its book's pages of writing in which the
    // right-to-left recognisers found hardly any letters (`secondsCursive`).
    let cursiveSays = read.contains { $0.says == .leftEdge && $0.cursiveReadUpsideDown }
    // Each page that agrees, with what it shows: a cursive second is named as such.
    let shows: [(page: PageReading, words: String)] = read.compactMap { page in
      if page.leans != nil { return (page, page.summary) }
      if cursiveSays, page.secondsCursive { return (page, page.cursiveSecondSummary) }
      let inScript = sayingIn.contains(page.reading?.script ?? "")
      return page.seconds == first && inScript ? (page, page.summary) : nil
    }
    let agreeing = shows.map(\.page)
    guard agreeing.count + (balloons == nil ? 0 : 1) >= pagesToAgree(read) else {
      // Too little to decide, but enough to doubt evidence that points the other way (a
      // book whose one page of Arabic sits beside a double-page picture joining left to right).
      return Evidence(
        source: .pageScript, says: nil,
        detail: "\(scripts) on \(on): one page alone is too little", pages: pageNumbers,
        leans: first)
    }
    let agreed =
      "\(describe(shows.map(\.words))) on \(Wording.pages(unique(agreeing.map(\.page))))"
      + facingPages(agreeing)
    return Evidence(
      source: .pageScript, says: first,
      detail: balloons.map { "\(agreed); \($0.detail)" } ?? agreed,
      pages: unique(agreeing.map(\.page) + (balloons?.pages ?? [])).sorted())
  }

  /// How many pages must point the same way among `read` (SuggestRules 62): one where one or
  /// two pages were read, since a book of two pages, or one picture of two facing pages, whose
  /// other page says nothing is as sure as a book of one page; two where more were read, since
  /// there one page that points is one chance in several to be wrong (a translated manga whose
  /// English balloons say nothing, beside its one page of credits in rows of English) and a
  /// second is asked. A page whose reading was stopped might have said the other way: beside
  /// it, one page never decides alone. Measured before it was kept: 7 books of the real bench
  /// with two pages read moved from "one page alone is too little" to their labels' side (5 of
  /// the tuning part, 2 held out), and 8 of its JPEG 2000 transformation; of the 5,108 files
  /// the sweep left undecided, one moved, to left-edge: a scanned Portuguese form read as
  /// Greek (PyMuPDF's `test_4034.pdf`).
  static func pagesToAgree(_ read: [PageReading]) -> Int {
    read.count <= 2 && !read.contains(where: \.readingStopped) ? 1 : 2
  }

  /// ` (page 3 holds two facing pages, each read as a page)`: the pictures among `read` of
  /// two facing pages, and how they were read.
  static func facingPages(_ read: [PageReading]) -> String {
    let split = unique(read.filter { $0.half != nil }.map(\.page))
    let whole = unique(read.filter(\.readWhole).map(\.page))
    func hold(_ pages: [Int]) -> String {
      Wording.pages(pages) + (pages.count == 1 ? " holds" : " each hold") + " two facing pages"
    }
    var parts: [String] = []
    if !split.isEmpty { parts.append("\(hold(split)), each read as a page") }
    if !whole.isEmpty { parts.append("\(hold(whole)), read whole: its halves said nothing") }
    return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
  }

  /// The page numbers in their first order, each once.
  private static func unique(_ pages: [Int]) -> [Int] {
    var seen: Set<Int> = []
    return pages.filter { seen.insert($0).inserted }
  }

  /// `Arabic script`, `Japanese, vertical lines`, `Latin among pictures`: what the pages show
  /// (one summary a page), most common first.
  static func describe(_ summaries: [String]) -> String {
    var counts: [String: Int] = [:]
    for summary in summaries { counts[summary, default: 0] += 1 }
    let kinds = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    return kinds.joined(separator: "; ")
  }
}

extension PageScriptEvidence.PageReading {
  /// The page's reading, where Tesseract read it upright as one of `scripts`.
  func upright(in scripts: Set<String>) -> ScriptReading? {
    guard let reading, reading.orientation == 0, scripts.contains(reading.script) else {
      return nil
    }
    return reading
  }

  /// Close-set rows of print (`CloseSetRows`) read upright as Fraktur: two marks of
  /// blackletter that do not come together on pictures. No page of pictures in the labelled
  /// sets measured as close-set rows, and none was read as Fraktur (English manga pages that
  /// came nearest were read as Cyrillic, at up to 8).
  var closeSetBlackletter: Bool {
    upright(in: PageScriptEvidence.closeSetScripts) != nil && layout.lines == nil
      && layout.inCloseSetRows
  }

  /// A page read upright as Fraktur at least `leastBlackletterOffRowsConfidence` times
  /// `confidenceScale`, not ruled, whose marks show no running text (`inRowsOfText`) and no
  /// close-set rows: dark or yellowed paper that hides the gaps between lines, a woodcut or a
  /// colour chart beside the print. It says left-edge, as blackletter in rows does.
  func blackletterOffRows(confidenceScale scale: Double) -> Bool {
    guard let reading = upright(in: ["Fraktur"]) else { return false }
    return !layout.isRuled && !layout.inRowsOfText && !closeSetBlackletter
      && reading.confidence >= PageScriptEvidence.leastBlackletterOffRowsConfidence * scale
  }
}

extension WritingLayout {
  /// Running text in rows whose short lines are all set from the right (paragraph ends,
  /// headings), as right-to-left writing's are (`setSideShortLines`; handwriting shows it
  /// too): said of a page read turned round, which decides nothing; a left-to-right reading
  /// of such a page only leans (`leftToRightSetFromTheRight`) and asks its Hebrew letters
  /// (`PageScriptEvidence.asksHebrewLetters`).
  var setFromTheRight: Bool {
    isRunningText && lines == .rows && shortLines.fromLeft == 0
      && shortLines.fromRight >= PageScriptEvidence.setSideShortLines
  }

  /// Running text in rows whose short lines are all set from the left, as left-to-right
  /// writing's are (`setSideShortLines`).
  var setFromTheLeft: Bool {
    isRunningText && lines == .rows && shortLines.fromRight == 0
      && shortLines.fromLeft >= PageScriptEvidence.setSideShortLines
  }
}

extension PageScriptEvidence {
  /// Fraktur read upright this surely says left-edge where its lines show no rows
  /// (`blackletterOffRows`). On the real bench, as its sources hold it and fitted into 640 and
  /// 480 pixels, blackletter pages read so at 12.98 to 46.67 (a Bible of 1694 on dark paper, a
  /// book of hours, Fontane at 480 pixels). No page of a book bound on the right read as
  /// Fraktur at full size; at 480 pixels a Japanese manga page read so at 3.33, the most (a
  /// Black Jack page 1.52, a Meiji magazine 0.88): 4.5 times that. The generated books of
  /// seeds 19 and 4 never read as Fraktur, but their English manga pages read as Cyrillic among
  /// pictures at up to 20, so Latin, Cyrillic and Greek get no such rule.
  static let leastBlackletterOffRowsConfidence = 15.0
}
