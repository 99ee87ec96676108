// Pictures of two facing pages (`FacingPages`): read as two pages, or whole where their
// halves say nothing.
import PDFBindCore

extension PageScriptEvidence {
  /// The pages read, with each picture of two facing pages whose halves were both read and
  /// neither leans either way read whole as well (`wholes`: each such picture's layout, by
  /// page from 1), as pictures were read before they were split, and counted whole when the
  /// whole leans. A half holds half the writing: on the real bench's 2-up woodblock scan each
  /// half's text blocks of vertical lines covered 0.11 and 0.15 of it, under
  /// `leastVerticalBlocks`, where the whole picture decided. A whole that cannot be read
  /// leaves the halves as they were.
  static func readWholeWhereHalvesSayNothing(
    _ taken: [PageReading], wholes: [Int: WritingLayout],
    reader: (Int) throws(RuntimeLibrary.Unavailable) -> DrawnReading?
  ) -> [PageReading] {
    var read = taken
    for (page, layout) in wholes.sorted(by: { $0.key < $1.key }) {
      let halves = read.filter { $0.page == page && $0.half != nil }
      guard halves.count == 2, halves.allSatisfy({ $0.leans == nil }),
        let first = read.firstIndex(where: { $0.page == page })
      else { continue }
      var whole = PageReading(page: page, layout: layout, reading: nil, readWhole: true)
      do throws(RuntimeLibrary.Unavailable) {
        guard let drawn = try reader(page) else { continue }
        whole.take(drawn)
      } catch {
        continue
      }
      guard whole.leans != nil else { continue }
      // The page's readings all lie at `first` or after it.
      read.removeAll { $0.page == page }
      read.insert(whole, at: first)
    }
    return read
  }
}
