// A book's speech balloons, counted by their shape on its pages of pictures: tall balloons
// hold vertical lettering, as a manga's do, whatever script its translation put in them.
import PDFBindCore

extension PageScriptEvidence {
  /// Tall balloons (`SpeechBalloons`) on the pages read say right-edge where there are at
  /// least `leastTallBalloons` of them and `tallPerWideBalloon` times as many as wide ones.
  /// On the real bench, both parts (bench/suggest/README.md, "Speech balloons"), the pages of
  /// pictures of left-to-right books (western comics, Korean webtoons, maps, 2-up scans,
  /// photographs of open books) held at most 3 tall balloons a book, comics at most 2 (beside 2
  /// and 4 wide); the eight manga books this decides, 5 to 12. Pages of
  /// comics not seen before held at most 2 a page. Generated comics (seed 19) held at most 3
  /// beside 47 wide in a trial; generated translated manga's balloons are drawn wide.
  static let leastTallBalloons = 5
  static let tallPerWideBalloon = 3

  /// What the balloons of `read` say together: right-edge, with the evidence line's words and
  /// the pages that held them; nil where they say nothing.
  /// The balloons are counted on the whole page as drawn, so the two halves of a picture of
  /// two facing pages count them once.
  static func balloonsSay(_ read: [PageReading]) -> (detail: String, pages: [Int])? {
    var byPage: [(page: Int, balloons: SpeechBalloons)] = []
    for page in read {
      guard let balloons = page.balloons, balloons.tall + balloons.wide > 0,
        !byPage.contains(where: { $0.page == page.page })
      else { continue }
      byPage.append((page.page, balloons))
    }
    let tall = byPage.reduce(0) { $0 + $1.balloons.tall }
    let wide = byPage.reduce(0) { $0 + $1.balloons.wide }
    guard tall >= leastTallBalloons, tall >= tallPerWideBalloon * wide else { return nil }
    let pages = byPage.map(\.page)
    let detail =
      "speech balloons taller than wide, as vertical lettering leaves them (\(tall) tall, "
      + "\(wide) wide) on \(Wording.pages(pages))"
    return (detail, pages)
  }
}
