import PDFBindCore

/// What a two-page view of one file shows: the binding and the pairing, each either the file's
/// own or one the user asked to try (`--as`, `--cover`/`--no-cover`).
package struct SpreadView: Equatable, Sendable {
  /// The binding the file holds.
  package var fileBinding: PageBinding
  package var filePageLayout: PageLayoutEntry
  /// `--as`, when given.
  package var asBinding: PageBinding?
  /// `--cover` (true) or `--no-cover` (false), when given.
  package var coverOption: Bool?
  /// `--auto`: the suggestion whose binding and layout are shown; an undecided one leaves the
  /// file's own.
  package var suggestion: Suggestion?

  package init(
    fileBinding: PageBinding, filePageLayout: PageLayoutEntry, asBinding: PageBinding? = nil,
    coverOption: Bool? = nil
  ) {
    self.fileBinding = fileBinding
    self.filePageLayout = filePageLayout
    self.asBinding = asBinding
    self.coverOption = coverOption
  }

  /// The view of a file `get` has read, with what the user asked to try.
  package init(of report: BindingReport, asBinding: PageBinding? = nil, coverOption: Bool? = nil) {
    self.init(
      fileBinding: report.binding, filePageLayout: report.pageLayout, asBinding: asBinding,
      coverOption: coverOption)
  }

  /// The binding shown: `--as`, else the suggested one, else the file's; `unknown` is laid out
  /// as `left-edge`.
  package var binding: PageBinding { asBinding ?? suggestion?.decision ?? fileBinding }
  package var laidOutAs: PageBinding { binding == .rightEdge ? .rightEdge : .leftEdge }

  /// Whether page 1 stands alone: the option, else the suggested layout, else the file's
  /// two-page /PageLayout; any other layout (none, single page, one column) pairs from page 1,
  /// as a plain two-page view does.
  package var cover: Bool {
    // The suggested layout pairs as the /PageLayout `set --auto` would write for it.
    let suggested = suggestion?.decidedLayout.map { PageLayoutEntry.name($0.pageLayoutName) }
    return coverOption ?? suggested?.cover ?? filePageLayout.cover ?? false
  }

  /// The spreads in reading order, each with its pages on their sides of the spine.
  package func sides(pageCount: Int) -> [Spreads.Spread] {
    Spreads.sides(pageCount: pageCount, binding: laidOutAs, cover: cover)
  }

  /// The spreads in reading order, each listed left to right on screen.
  package func spreads(pageCount: Int) -> [[Int]] {
    Spreads.pairs(pageCount: pageCount, binding: laidOutAs, cover: cover)
  }
}
