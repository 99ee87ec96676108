import Foundation
import PDFBindTestSupport
import PropertyBased
import Synchronization
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// Tesseract reads two pages at once (`PageScriptEvidence.Readings`), yet a book's script
/// evidence must be what reading one page after another gives: the same pages read, the same
/// page ending the look, and at most one reading started past its end (beside the reading
/// that ended it). The readings here are made up, and finish in any order.
@Suite("Script readings taken in page order")
struct PageScriptReadingsTests {
  typealias Readings = PageScriptEvidence.Readings
  typealias PageReading = PageScriptEvidence.PageReading

  /// A page of running text in rows: what a reading on it says depends on the reading alone.
  static let rows = WritingLayout(PageScriptTests.printedPage())

  /// Readings that say, lean, say nothing, or fail (Tesseract missing).
  static let kinds: [ScriptReading?] = [
    ScriptReading(script: "Arabic", confidence: 50, orientation: 0),  // says right-edge
    ScriptReading(script: "Arabic", confidence: 7, orientation: 0),  // leans right-edge
    ScriptReading(script: "Latin", confidence: 3, orientation: 0),  // says left-edge
    ScriptReading(script: "Latin", confidence: 0.3, orientation: 0),  // leans left-edge
    ScriptReading(script: "Latin", confidence: 0.1, orientation: 0),  // says nothing
    nil,
  ]

  /// One made-up book: for each page, whether it holds writing and what reading it gives,
  /// and from which page on (if any) Tesseract is missing.
  struct Book {
    var holdsWriting: [Bool]
    var readings: [ScriptReading?]
    var failsFrom: Int?
    var limit: Int

    init(seed: UInt64) {
      var random = SplitMix64(seed: seed)
      let pages = 1 + Int(random.next() % 14)
      holdsWriting = (0..<pages).map { _ in random.next() % 4 != 0 }
      readings = (0..<pages).map { _ in kinds[Int(random.next() % UInt64(kinds.count))] }
      failsFrom = random.next() % 8 == 0 ? Int(random.next() % UInt64(pages)) : nil
      limit = 1 + Int(random.next() % 8)
    }

    func reading(_ page: Int) throws(RuntimeLibrary.Unavailable) -> ScriptReading? {
      if let failsFrom, page >= failsFrom {
        throw RuntimeLibrary.Unavailable(.tesseract, .notInstalled(detail: "hidden"))
      }
      return readings[page]
    }

    /// The look one page after another, as `PageScriptEvidence.evidence` did before readings
    /// overlapped: the pages read, the readings taken, the page ending the look.
    func oneAfterAnother() -> (
      read: [Int], taken: [PageReading], endedAt: Int?, unavailable: Bool
    ) {
      var read: [Int] = []
      var taken: [PageReading] = []
      for page in holdsWriting.indices where holdsWriting[page] && taken.count < limit {
        read.append(page)
        var reading = PageReading(page: page + 1, layout: PageScriptReadingsTests.rows)
        do {
          reading.reading = try self.reading(page)
        } catch {
          return (read, taken, page + 1, true)
        }
        taken.append(reading)
        let leaning = taken.compactMap(\.leans)
        if leaning.count >= 2, Set(leaning).count == 1, taken.contains(where: { $0.says != nil }) {
          return (read, taken, page + 1, false)
        }
      }
      return (read, taken, nil, false)
    }

    /// The look with readings overlapped, driven as `evidence` drives it; each reading takes
    /// a random few milliseconds, and other books come and go (a second page is read at once
    /// only some of the time). Returns the pages whose reading started, too.
    func overlapped(seed: UInt64) -> (read: [Int], readings: Readings) {
      let started = Mutex<[Int]>([])
      let random = Mutex(SplitMix64(seed: seed))
      let book = self
      let alone = { random.withLock { $0.next() % 4 != 0 } }
      let reader: Readings.Reader = { number, _ throws(RuntimeLibrary.Unavailable) in
        let page = number - 1
        started.withLock { $0.append(page) }
        usleep(UInt32(random.withLock { $0.next() % 3_000 }))
        return (try book.reading(page), nil, nil, .init(), nil)
      }
      var readings = Readings(observe: nil, reader: reader, readsTwoAtOnce: alone)
      for page in holdsWriting.indices where readings.count < limit {
        readings.willDraw()
        if readings.endedAt != nil { break }
        guard holdsWriting[page] else { continue }
        readings.read(PageReading(page: page + 1, layout: PageScriptReadingsTests.rows))
        if readings.endedAt != nil { break }
      }
      readings.finish()
      return (started.withLock { $0.sorted() }, readings)
    }
  }

  @Test("Two pages read at once give what one page after another gives")
  func sameAsOneAfterAnother() async {
    await propertyCheck(count: 300, input: Gen.uint64()) { seed in
      let book = Book(seed: seed)
      let expected = book.oneAfterAnother()
      let (started, readings) = book.overlapped(seed: seed)
      #expect(readings.taken == expected.taken, "seed \(seed)")
      #expect(readings.endedAt == expected.endedAt, "seed \(seed)")
      #expect((readings.unavailable != nil) == expected.unavailable, "seed \(seed)")
      // Every page the look needs is read; past its end, at most the next page of writing
      // (read beside the one that ended it, or under way when Tesseract went missing).
      #expect(Array(started.prefix(expected.read.count)) == expected.read, "seed \(seed)")
      let next = book.holdsWriting.indices.first {
        book.holdsWriting[$0] && $0 > (expected.read.last ?? -1)
      }
      let extra = Array(started.dropFirst(expected.read.count))
      #expect(
        extra.isEmpty || (expected.endedAt != nil && next.map { [$0] } == extra), "seed \(seed)")
    }
  }

  @Test(
    "A book alone has its first two pages of writing read at once; in a batch, one at a time",
    arguments: [true, false])
  func firstTwoTogether(alone: Bool) {
    let says = ScriptReading(script: "Arabic", confidence: 50, orientation: 0)
    let (readings, started, together) = Self.readBeside(
      [says, says, says, says], alone: alone)
    #expect(readings.taken.map(\.page) == [1, 2])
    #expect(readings.endedAt == 2)
    // Two at once for a book alone, never more than one in a batch.
    #expect(together == (alone ? [[1, 2]] : []))
    #expect(started == [1, 2])
  }

  /// Reads `book` (one reading a page, every page holding writing) as `evidence` drives the
  /// look; each reading takes 50 ms. Returns the readings, the pages whose reading started,
  /// and the pairs of pages read at the same time.
  static func readBeside(_ book: [ScriptReading], alone: Bool)
    -> (readings: Readings, started: Set<Int>, together: Set<[Int]>)
  {
    let running = Mutex<Set<Int>>([])
    let started = Mutex<Set<Int>>([])
    let together = Mutex<Set<[Int]>>([])
    let reader: Readings.Reader = { page, _ throws(RuntimeLibrary.Unavailable) in
      started.withLock { _ = $0.insert(page) }
      // Whichever of two readings starts second sees the first running.
      running.withLock { now in
        together.withLock { pairs in
          for other in now { pairs.insert([min(page, other), max(page, other)]) }
        }
        now.insert(page)
      }
      usleep(50_000)
      running.withLock { _ = $0.remove(page) }
      return (book[page - 1], nil, nil, .init(), nil)
    }
    var readings = Readings(observe: nil, reader: reader, readsTwoAtOnce: { alone })
    for page in book.indices {
      readings.willDraw()
      if readings.endedAt != nil { break }
      readings.read(PageReading(page: page + 1, layout: rows))
      if readings.endedAt != nil { break }
    }
    readings.finish()
    return (readings, started.withLock { $0 }, together.withLock { $0 })
  }

  @Test("A book alone whose first pages only lean reads each further page beside the next")
  func besideTheNext() {
    let lean = ScriptReading(script: "Arabic", confidence: 7, orientation: 0)
    let says = ScriptReading(script: "Arabic", confidence: 50, orientation: 0)
    // Pages 1 to 3 lean right-to-left, too weakly to decide; page 4 decides. Page 3, needed,
    // has page 4 read beside it; page 5 is never read.
    var (readings, started, together) = Self.readBeside(
      [lean, lean, lean, says, says], alone: true)
    #expect(readings.taken.map(\.page) == [1, 2, 3, 4])
    #expect(readings.endedAt == 4)
    #expect(together == [[1, 2], [3, 4]])
    #expect(started == [1, 2, 3, 4])
    // Page 3 decides: page 4, read beside it, is dropped; the evidence is the same.
    (readings, started, together) = Self.readBeside([lean, lean, says, says], alone: true)
    #expect(readings.taken.map(\.page) == [1, 2, 3])
    #expect(readings.endedAt == 3)
    #expect(together == [[1, 2], [3, 4]])
    // In a batch, one page at a time, and none past the end.
    (readings, started, together) = Self.readBeside([lean, lean, says, says], alone: false)
    #expect(readings.taken.map(\.page) == [1, 2, 3])
    #expect(together.isEmpty)
    #expect(started == [1, 2, 3])
  }
}
