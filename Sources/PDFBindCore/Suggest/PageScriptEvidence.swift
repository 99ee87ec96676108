/// The script of the writing the page pictures show (SPEC, round 3, evidence 7): for books
/// with no text layer (scans, manga, comics). A few pages spread through the book are drawn
/// at a modest size; those holding writing-like marks go to Tesseract's orientation-and-script
/// detection, and the layout of the marks gives the direction of the lines. Thresholds rest on
/// the labelled image books (bench/suggest/README.md, "Thresholds and why").
enum PageScriptEvidence {
  /// Pages looked at for writing, spread evenly through the book.
  static let candidatePages = 8
  /// Pages Tesseract reads at most: each costs about a quarter of a second.
  static let pagesToRead = 3
  /// The picture size the marks are measured and read at: print of 9 to 12 points stays
  /// 12 to 16 pixels high, as Tesseract's script detection wants.
  static let pictureHeight = 1_000
  static let pictureWidth = 1_000
  /// Tesseract's script confidence below which a reading is a guess; its script confidences
  /// on the labelled books were 1.7 to 600 for Arabic, Hebrew, Latin, Cyrillic and Greek.
  static let minimumConfidence = 1.0

  static let rightToLeftScripts: Set = ["Arabic", "Hebrew"]
  static let leftToRightScripts: Set = ["Latin", "Cyrillic", "Greek", "Fraktur"]
  /// Written in rows or in columns: the direction of the lines decides.
  static let cjkScripts: Set = ["Han", "Japanese", "Hiragana", "Katakana", "Hangul"]

  /// One page read: what it shows and what that says.
  struct PageReading: Equatable {
    var page: Int
    var layout: WritingLayout
    var reading: ScriptReading?

    /// The binding this page points to, if any.
    var says: PageBinding? {
      guard let reading, reading.confidence >= minimumConfidence || isCJK else { return nil }
      if rightToLeftScripts.contains(reading.script) { return .rightEdge }
      if isCJK {
        switch layout.lines {
        case .columns: return .rightEdge
        case .rows: return .leftEdge
        case nil: return nil
        }
      }
      // A translated manga has English balloons and still reads right to left: Latin writing
      // decides only on pages of running text.
      if leftToRightScripts.contains(reading.script), layout.isRunningText { return .leftEdge }
      return nil
    }

    var isCJK: Bool { reading.map { cjkScripts.contains($0.script) } ?? false }
  }

  /// The pages (from 0) looked at for writing: all of a short book; otherwise evenly spread,
  /// past the cover, which is rarely running text.
  static func candidates(pageCount: Int) -> [Int] {
    guard pageCount > candidatePages else { return Array(0..<pageCount) }
    let first = 1
    let span = pageCount - first
    return (0..<candidatePages).map { first + span * $0 / candidatePages }
  }

  /// Reads the script in the pictures of `document`'s pages.
  static func evidence(_ document: PopplerDocument) -> [Evidence] {
    let pages = candidates(pageCount: document.pageCount)
    guard !pages.isEmpty else {
      return [Evidence(source: .pageScript, says: nil, detail: "the document has no pages")]
    }
    var notes: [Evidence] = []
    var writing: [(page: PageReading, image: GreyImage)] = []
    for index in pages {
      do {
        let image = try document.greyImage(
          index, maxWidth: pictureWidth, maxHeight: pictureHeight)
        let layout = WritingLayout(image)
        if layout.holdsWriting {
          writing.append((PageReading(page: index + 1, layout: layout, reading: nil), image))
        }
      } catch {
        notes.append(
          Evidence(
            source: .pageScript, says: nil, detail: "page \(index + 1) not rendered: \(error)"))
      }
    }
    guard !writing.isEmpty else {
      return notes + [
        Evidence(
          source: .pageScript, says: nil,
          detail: "no writing-like marks in the pictures of \(Wording.pages(pages.map { $0 + 1 }))")
      ]
    }
    let detector: ScriptDetector
    do {
      detector = try ScriptDetector()
    } catch {
      return notes + [Evidence(source: .pageScript, says: nil, detail: error.description)]
    }
    // Running text first: it is what Tesseract reads best and what decides Latin pages.
    let order = { (page: PageReading) in (page.layout.isRunningText ? 0 : 1, page.page) }
    writing.sort { order($0.page) < order($1.page) }
    var read: [PageReading] = []
    for (var page, image) in writing.prefix(pagesToRead) {
      page.reading = detector.read(image, resolution: resolution(image))
      read.append(page)
    }
    return notes + [decide(read)]
  }

  /// The resolution Tesseract is told: the picture's height over a book page's 11 inches (it
  /// only sizes Tesseract's noise filters).
  static func resolution(_ image: GreyImage) -> Int { max(30, image.height / 11) }

  /// One evidence line from the pages read: every page that points somewhere must point the
  /// same way, and one page alone decides only a book of one or two pages.
  static func decide(_ read: [PageReading]) -> Evidence {
    let pointing = read.filter { $0.says != nil }
    let pageNumbers = read.map(\.page)
    guard !read.isEmpty else {
      return Evidence(source: .pageScript, says: nil, detail: "no page picture could be read")
    }
    let scripts = describe(read)
    guard let first = pointing.first?.says else {
      return Evidence(
        source: .pageScript, says: nil,
        detail: "\(scripts) on \(Wording.pages(pageNumbers)): says nothing about the binding"
          + (read.contains { $0.isLatinInPictures }
            ? " (Latin writing among pictures, as in a translated manga)" : ""),
        pages: pageNumbers)
    }
    guard pointing.allSatisfy({ $0.says == first }) else {
      return Evidence(
        source: .pageScript, says: nil,
        detail: "\(scripts) on \(Wording.pages(pageNumbers)): the pages disagree",
        pages: pageNumbers)
    }
    guard pointing.count >= min(2, read.count) else {
      return Evidence(
        source: .pageScript, says: nil,
        detail: "\(scripts) on \(Wording.pages(pageNumbers)): one page alone is too little",
        pages: pageNumbers)
    }
    return Evidence(
      source: .pageScript, says: first,
      detail: "\(describe(pointing)) in the pictures of \(Wording.pages(pointing.map(\.page)))",
      pages: pointing.map(\.page))
  }

  /// `Arabic script`, `Japanese writing in columns`, `Latin running text`: what the pages show,
  /// most common first.
  static func describe(_ pages: [PageReading]) -> String {
    var counts: [String: Int] = [:]
    for page in pages { counts[page.summary, default: 0] += 1 }
    let kinds = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    return kinds.joined(separator: ", ")
  }
}

extension PageScriptEvidence.PageReading {
  /// What this page shows, in words.
  var summary: String {
    guard let reading else { return "writing Tesseract cannot read" }
    if isCJK {
      switch layout.lines {
      case .columns: return "\(reading.script) writing in columns"
      case .rows: return "\(reading.script) writing in rows"
      case nil: return "\(reading.script) writing"
      }
    }
    if reading.confidence < PageScriptEvidence.minimumConfidence {
      return "writing of uncertain script"
    }
    if PageScriptEvidence.leftToRightScripts.contains(reading.script), !layout.isRunningText {
      return "\(reading.script) writing among pictures"
    }
    return "\(reading.script) script"
  }

  var isLatinInPictures: Bool {
    guard let reading else { return false }
    return PageScriptEvidence.leftToRightScripts.contains(reading.script) && !layout.isRunningText
  }
}
