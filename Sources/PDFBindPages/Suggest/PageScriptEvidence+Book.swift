// Reading a book's pages for their script: which pages are looked at, drawn and read, in
// order, until the pages read say enough; and what stopped a page.
import PDFBindCore
import Synchronization

extension PageScriptEvidence {
  /// The pages (from 0) looked at for writing, in order, for `read` pages read.
  static func candidates(pageCount: Int, read: Int) -> Range<Int> {
    0..<min(pageCount, read * pagesLookedAtPerPageRead)
  }

  /// Reads the script in the pictures of the first `pagesToRead` pages that hold writing
  /// (SPEC: `--pages` bounds the pages read for script). `observe`, when given, sees each page
  /// read, and the reading then goes on past two pages that agree: for measuring the limits
  /// (`PageReadingsMeasurement`, bench/suggest/pages/), not for deciding. `readsTwoAtOnce`:
  /// see `Readings`.
  static func evidence(
    _ pictures: PagePictures, pages pagesToRead: Int, observe: ((PageReading) -> Void)? = nil,
    readsTwoAtOnce: @escaping () -> Bool = { true }
  ) -> [Evidence] {
    let pages = candidates(pageCount: pictures.pageCount, read: pagesToRead)
    guard !pages.isEmpty else {
      return [Evidence(source: .pageScript, says: nil, detail: "the document has no pages")]
    }
    // What stopped a page (from 1) being drawn or read: `not read: the reader crashed`.
    var notes: [(page: Int, what: String)] = []
    var anyWriting = false
    var tooLittle: [Int] = []
    // The layout of each picture of two facing pages, by page (from 1).
    var wholes: [Int: WritingLayout] = [:]
    let book = pictures.pages
    // The worker keeping each page's picture, lent when the page is to be read (`lendDrawn`).
    let lent = Mutex<[Int: WorkerProcess]>([:])
    var readings = Readings(
      observe: observe,
      reader: { page, half throws(RuntimeLibrary.Unavailable) in
        try pictures.readDrawn(
          page - 1, half: half, maxWidth: pictureSide, maxHeight: pictureSide,
          on: lent.withLock { $0.removeValue(forKey: page) })
      }, readsTwoAtOnce: readsTwoAtOnce)
    // Page by page, reading as it goes: a book whose first two pages of writing agree costs
    // two pictures and two readings (read at once, as they are both needed). Each picture is
    // measured in the worker that draws it, which keeps it for Tesseract.
    for index in pages where readings.count < pagesToRead {
      readings.willDraw()
      if readings.endedAt != nil { break }
      let drawn: DrawnLayout
      do {
        // A page drawn from vectors gets a glance at a small picture first: a blank or
        // flat-coloured page is not worth drawing at full size. A scanned page is not: its
        // image is decoded whole either way, and that is most of the cost.
        if !pictures.holdsScan(index) {
          let glance = try pictures.layout(index, maxWidth: glanceSide, maxHeight: glanceSide)
          guard glance.whole.ink >= glanceInk, glance.whole.paper >= balloonPaper else { continue }
        }
        drawn = try pictures.layout(index, maxWidth: pictureSide, maxHeight: pictureSide)
      } catch {
        notes.append((index + 1, error.stoppedNote))
        continue
      }
      // Each of two facing pages in one picture is read as a page.
      if case .facing(let whole, _, _) = drawn { wholes[index + 1] = whole }
      for (half, layout) in drawn.pages where readings.count < pagesToRead {
        guard isRead(layout, page: index, pagesToRead: pagesToRead) else { continue }
        guard layout.blockArea >= leastTextBlock else {
          tooLittle.append(index + 1)
          continue
        }
        anyWriting = true
        // One worker keeps the picture: lent to the first half's reading.
        if lent.withLock({ $0[index + 1] == nil }),
          let worker = book.lendDrawn(index, maxWidth: pictureSide, maxHeight: pictureSide)
        {
          lent.withLock { $0[index + 1] = worker }
        }
        readings.read(PageReading(page: index + 1, half: half, layout: layout, reading: nil))
        if readings.endedAt != nil { break }
      }
      if readings.endedAt != nil { break }
    }
    readings.finish()
    lent.withLock { $0.values.forEach(book.giveBack) }
    let read = readWholeWhereHalvesSayNothing(readings.taken, wholes: wholes) {
      page throws(RuntimeLibrary.Unavailable) in
      try pictures.readDrawn(page - 1, half: nil, maxWidth: pictureSide, maxHeight: pictureSide)
    }
    // A page drawn while the last needed reading went on says nothing.
    notes += book.failed(PageRequest.notRead)
    let noted = Evidence.stopped(
      notes.filter { $0.page < readings.endedAt ?? Int.max }, source: .pageScript)
    if let unavailable = readings.unavailable {
      return noted + [Evidence(source: .pageScript, says: nil, detail: unavailable.scriptEvidence)]
    }
    guard anyWriting || tooLittle.isEmpty else {
      let share = Int((leastTextBlock * 100).rounded())
      let detail =
        "too few marks to read on \(Wording.pages(tooLittle)): they fill under \(share)% of the page"
      return noted + [Evidence(source: .pageScript, says: nil, detail: detail)]
    }
    guard anyWriting else {
      // Pages not drawn or read were not looked at.
      let looked = pages.map { $0 + 1 }.filter { page in !notes.contains { $0.page == page } }
      guard !looked.isEmpty else { return noted }
      let first = Wording.pages(Array(looked.prefix(pagesToRead)))
      let further = Array(looked.dropFirst(pagesToRead))
      let detail =
        "no writing-like marks in the pictures of \(first)"
        + (further.isEmpty ? "" : ", nor print on \(Wording.pages(further))")
      return noted + [Evidence(source: .pageScript, says: nil, detail: detail)]
    }
    // Pages whose reading was stopped have their note; with no other page read, it says all.
    guard read.contains(where: { !$0.readingStopped }) else { return noted }
    return noted + [decide(read)]
  }

  /// The resolution Tesseract is told: the picture's height over a book page's 11 inches (it
  /// only sizes Tesseract's noise filters).
  static func resolution(_ image: GreyImage) -> Int { max(30, image.height / 11) }
}
