import PDFBindCore
import PDFBindPages

/// Spreads of one book as a two-page view with `binding` and `cover` shows them.
public struct PictureView: Equatable, Sendable {
  /// `.leftEdge` or `.rightEdge`: the two ways a viewer lays pages out.
  public var binding: PageBinding
  public var cover: Bool
  /// The spreads drawn, in reading order, each page on its side of the spine, and how many
  /// the view has in all.
  public var spreads: [Spreads.Spread]
  public var spreadCount: Int

  /// `right-edge cover`: the view's name in the page's data, its binding and its layout as the
  /// page's choices name them.
  public var key: String { Self.key(binding, cover: cover) }

  static func key(_ binding: PageBinding, cover: Bool) -> String {
    binding.rawValue + " " + (cover ? PageArrangement.cover : .noCover).rawValue
  }
}

/// Everything the review page can show of one book's spreads: each of the four views a person
/// can choose (each binding, with and without a cover), which of them the suggestion shows,
/// and the file's own. The page's script only places pictures where these say; the spreads
/// come from `Spreads.sides`, the one place they are worked out.
public struct ReviewViews: Equatable, Sendable {
  /// Left-edge without and with a cover, then right-edge without and with.
  public var all: [PictureView]
  /// The keys of the views shown before a choice: the suggestion's, or one per binding.
  public var suggested: [String]
  /// The key of the view of the file as it is now (unknown laid out as left-edge).
  public var now: String
  /// True when the spreads shown are those holding the pages double-page pictures join on.
  public var showsEvidence: Bool

  /// Every page some view shows, once, in order: the pictures to draw. Binding only mirrors a
  /// spread, so these are the pages of the two pairings: at most 4 × the spreads per view.
  public var pages: [Int] {
    Set(all.flatMap { $0.spreads.flatMap(\.pages) }).sorted()
  }

  /// True when the suggestion names one view (decided, and no conflict with the file).
  public var isDecided: Bool { suggested.count == 1 }

  /// `{"left-edge no-cover":{"spreads":[[1,2],[3,4]],"count":3},…}`: each view's spreads left to
  /// right on screen, `null` for a side with no page, and how many spreads the view has in all.
  /// Numbers and pdfbind's own names only: the page's script reads it with `JSON.parse`.
  public var json: String {
    func side(_ page: Int?) -> String { page.map(String.init) ?? "null" }
    let views = all.map { view in
      let spreads = view.spreads.map { "[" + side($0.left) + "," + side($0.right) + "]" }
      return "\"\(view.key)\":{\"spreads\":[" + spreads.joined(separator: ",")
        + "],\"count\":\(view.spreadCount)}"
    }
    return "{" + views.joined(separator: ",") + "}"
  }
}

extension Suggestion {
  /// The views of a book of `pageCount` pages, nil when it has none. Before a choice the page
  /// shows the suggestion's view for a decided book; for an undecided book, or one whose
  /// declared binding the evidence contradicts, the view under each binding, left-edge first.
  /// Their pairing is the one the double-page pictures fix (`layout`, decided or not), else the
  /// file's. Every view shows the spreads holding the pages double-page pictures rest on, else
  /// its first ones; at most `limit`.
  public func reviewViews(pageCount: Int, limit: Int = 3) -> ReviewViews? {
    guard pageCount > 0 else { return nil }
    let evidencePages = Set(evidence.filter { $0.source == .spreads }.flatMap(\.pages))
      .filter { (1...pageCount).contains($0) }
    var all: [PictureView] = []
    for binding in [PageBinding.leftEdge, .rightEdge] {
      for cover in [false, true] {
        let spreads = Spreads.sides(pageCount: pageCount, binding: binding, cover: cover)
        let holding = spreads.filter { !evidencePages.isDisjoint(with: $0.pages) }
        all.append(
          PictureView(
            binding: binding, cover: cover,
            spreads: Array((holding.isEmpty ? spreads : holding).prefix(limit)),
            spreadCount: spreads.count))
      }
    }
    let cover = layout.map { $0 == .cover } ?? report.pageLayout.cover ?? false
    let bindings: [PageBinding] =
      if let decision, !conflict { [decision] } else { [.leftEdge, .rightEdge] }
    let file = SpreadView(of: report)
    return ReviewViews(
      all: all, suggested: bindings.map { PictureView.key($0, cover: cover) },
      now: PictureView.key(file.laidOutAs, cover: file.cover), showsEvidence: !evidencePages.isEmpty
    )
  }
}
