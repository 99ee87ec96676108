import PDFBindCore
import Synchronization

/// Double-page pictures (SPEC, round 3, evidence 8): every page drawn small, the facing edges
/// of each pair of consecutive pages compared both ways (Pictures/SpreadDetector.swift). A
/// picture that continues from page k's right edge into k+1's left edge binds the book on the
/// left, from k's left edge into k+1's right edge on the right; k even puts page 1 alone
/// (`cover`), k odd pairs from page 1 (`no-cover`).
enum SpreadEvidence {
  /// The size pages are drawn at: edges of 300 pixels keep a picture's structure, and a page
  /// costs a few milliseconds.
  static let pictureWidth = 200
  static let pictureHeight = 300
  /// Pages looked at, at most: a 10,000-page book is read in bounded time, and double-page
  /// pictures that fix the pairing show within the first thousand pages.
  static let maximumPages = 1_000
  /// Columns drawn at each side: the spine comparison reads the few nearest each edge, and
  /// cairo's cost of scaling a page image down follows the area drawn.
  static let edgeColumns = 16
  /// Threads drawing pages at most, each through a page worker of its own.
  static let drawingThreads = 2

  /// Looks for double-page pictures in `pictures`, drawing them on up to `threads` threads.
  static func evidence(_ pictures: PagePictures, threads: Int = drawingThreads) -> [Evidence] {
    let pageCount = pictures.pageCount
    let count = min(pageCount, maximumPages)
    guard count >= 2 else {
      return [
        Evidence(
          source: .spreads, says: nil,
          detail: count == 1 ? "one page, no spine to cross" : "the document has no pages")
      ]
    }
    let (drawn, notRendered) = draw(count: count, pictures: pictures, threads: threads)
    let looked =
      Wording.firstPages(count) + (count < pageCount ? " of \(pageCount)" : "")
    // One line for the pages one reason stopped, as the page script and the text say it.
    let notes = Evidence.stopped(
      notRendered.map { page, error in (page: page + 1, what: error.stoppedNote) },
      source: .spreads)
    let likeness = drawn.map { $0.flatMap { EdgeLikeness($0, columns: edgeColumns) } }
    let twins = TwinPages().pairs(likeness)
    return notes + [decide(SpreadDetector().joins(drawn), twins: twins, looked: looked)]
  }

  /// One evidence line from the joins found, which must all run the same way, and the twin
  /// pages (`TwinPages`: one picture whose seam shows no way), which fix the pairing alone.
  static func decide(_ joins: [SpineJoin], twins: [Int], looked: String) -> Evidence {
    // A pair both joined and twinned is a join: its direction says more.
    let joined = Set(joins.map(\.firstPage))
    let twins = twins.filter { !joined.contains($0) }
    guard !joins.isEmpty || !twins.isEmpty else {
      return Evidence(
        source: .spreads, says: nil,
        detail: "no double-page picture joins across the spine on \(looked)")
    }
    let pages = (joins.map(\.firstPage) + twins).sorted().flatMap { [$0 + 1, $0 + 2] }
    let alike =
      twins.isEmpty
      ? ""
      : "\(twins.count == 1 ? "pages" : "pairs") \(list(twins.map(pagesText))) look alike "
        + "at the spine and unlike every other page, as the halves of one picture do, "
        + "without lines that show which way it runs"
    let listed = "pages " + list(joins.map { pagesText($0.firstPage) })
    let direction = joins.first?.direction
    guard joins.allSatisfy({ $0.direction == direction }) else {
      let leftToRight = joins.filter { $0.direction == .leftToRight }.map {
        pagesText($0.firstPage)
      }
      return Evidence(
        source: .spreads, says: nil,
        detail: "\(listed) join across the spine, but in both directions (left to right: "
          + list(leftToRight) + ")" + (alike.isEmpty ? "" : "; " + alike),
        pages: pages)
    }
    let says: PageBinding? = direction.map { $0 == .leftToRight ? .leftEdge : .rightEdge }
    // Page k and k+1 share a spread: with k even page 1 stands alone, with k odd it pairs.
    let parities = Set((joins.map(\.firstPage) + twins).map { ($0 + 1) % 2 })
    let layout: PageArrangement? =
      parities.count == 1 ? (parities.first == 0 ? .cover : .noCover) : nil
    var detail: String
    if let direction {
      let way = direction == .leftToRight ? "left to right" : "right to left"
      detail = "\(listed) join across the spine, \(way)" + (alike.isEmpty ? "" : "; " + alike)
    } else {
      detail = alike
    }
    if layout == nil { detail += "; the pairs disagree on whether page 1 stands alone" }
    return Evidence(source: .spreads, says: says, detail: detail, pages: pages, layout: layout)
  }

  /// `6|7`: pages `first` and `first + 1` (from 0), numbered from 1.
  private static func pagesText(_ first: Int) -> String { "\(first + 1)|\(first + 2)" }

  /// `6|7`, `6|7 and 14|15`, `2|3, 6|7 and 14|15`.
  private static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }

  /// Every page's small picture (nil when it cannot be drawn, with the reason), drawn on up
  /// to `threads` threads (one for each 8 pages), each through a page worker of its own.
  private static func draw(count: Int, pictures: PagePictures, threads: Int)
    -> ([SpinePicture?], [(Int, PageRasterError)])
  {
    let threads = min(threads, drawingThreads, max(1, count / 8))
    let results = Mutex<[Int: Result<SpinePicture, PageRasterError>]>([:])
    OwnThread.forEach(threads) { thread in
      for page in stride(from: thread, to: count, by: threads) {
        let result = Result { () throws(PageRasterError) in
          try pictures.spinePicture(
            page, maxWidth: pictureWidth, maxHeight: pictureHeight, edges: edgeColumns)
        }
        results.withLock { $0[page] = result }
      }
    }
    let drawn = results.withLock { $0 }
    var pictures: [SpinePicture?] = []
    var notRendered: [(Int, PageRasterError)] = []
    for page in 0..<count {
      switch drawn[page] {
      case .success(let image)?: pictures.append(image)
      case .failure(let error)?:
        pictures.append(nil)
        notRendered.append((page, error))
      case nil:
        pictures.append(nil)
        notRendered.append((page, .unreadable))
      }
    }
    return (pictures, notRendered)
  }
}

extension PagePictures {
  /// A document's pages as `suggest` draws them: by page workers, with qpdf's `document`
  /// reading the image sizes of as many pages as double-page pictures are looked for on (the
  /// page script reads fewer), and the pages that are one JPEG scan decoded.
  init(drawnBy pages: BookPages, sizesFrom document: QPDFDocument) {
    self.init(
      pages: pages,
      largestImages: document.largestImages(firstPages: SpreadEvidence.maximumPages),
      decodesScans: true)
  }
}
