/// Which way a picture continues across the spine between two consecutive pages.
enum SpineJoinDirection: Equatable, Sendable {
  /// Page k's right edge continues into page k+1's left edge (the book is bound on the left).
  case leftToRight
  /// Page k+1's right edge continues into page k's left edge (the book is bound on the right).
  case rightToLeft
}

/// A picture printed across the spine between pages `firstPage` and `firstPage + 1`.
struct SpineJoin: Equatable, Sendable {
  /// Index from 0 of the first of the two consecutive pages.
  let firstPage: Int
  let direction: SpineJoinDirection
  /// How clearly the pages join, from 0 to 1: the share of the lines and edges along the seam
  /// that continue across it, less the share the best chance comparison matches (the seam
  /// shifted far, the other direction, the pages' same sides).
  let strength: Double
  /// The detector's rule that found it (bench/suggest/seams measures each rule's joins).
  let rule: SpineJoinRule
}

/// The rules of `SpreadDetector`, in the order it asks them.
enum SpineJoinRule: Equatable, Sendable {
  /// Lines and edges that continue across the seam (`SpreadDetector.Thresholds`).
  case lines
  /// A smooth picture: a few features whose levels and changes run on (`smoothJoin`).
  case smoothSeam
  /// A plain picture's profiles or levels (`plainJoin`).
  case plainSeam
  /// Levels that agree closely across the seam (`levelsAgreeClosely`).
  case closeLevels
  /// The changes of level alone, far clear of chance (`agreedJoin`).
  case changes
  /// Two of three measures clear of chance (`agreedJoin`).
  case agreement
  /// Any of these in the colour differences where grey levels show no join (`colourJoin`).
  case colours
}

extension SpineJoin {
  /// The join in the one direction that has a finding (a strength from 0 to 1 and the rule);
  /// nil when neither or both have one: a seam that joins both ways round shows no order.
  static func oneWay(
    first: Int, leftToRight: (strength: Double, rule: SpineJoinRule)?,
    rightToLeft: (strength: Double, rule: SpineJoinRule)?
  ) -> SpineJoin? {
    switch (leftToRight, rightToLeft) {
    case (let found?, nil):
      SpineJoin(
        firstPage: first, direction: .leftToRight, strength: min(1, found.strength),
        rule: found.rule)
    case (nil, let found?):
      SpineJoin(
        firstPage: first, direction: .rightToLeft, strength: min(1, found.strength),
        rule: found.rule)
    default:
      nil
    }
  }
}

/// Why two consecutive pages were found not to join, for the evidence text.
enum SpineNoJoinReason: Equatable, Sendable {
  /// One of the pages has no picture.
  case notRendered
  /// One of the pictures is too small to compare.
  case tooSmall
  /// The pages' shapes differ too much to be the halves of one picture.
  case shapesDiffer
  /// The facing edges are blank, flat or hold too few crossing lines in both directions.
  case tooLittleDetail
  /// The edges agree as well at far shifts as at the seam: stripes, rows of text, a texture.
  case repeatedPattern
  /// The edges agree in both directions, so the order of the pages is not shown.
  case joinsBothWays
  /// The edges match the same sides of the pages two away as well as each other: what
  /// surrounds the pages of a scanned or photographed book (`RepeatingFrame`).
  case repeatingFrame
  /// Detail is there, but it does not continue across the seam.
  case noContinuity
}

/// What `SpreadDetector` found for one pair of consecutive pages.
struct SpinePairFinding: Equatable, Sendable {
  let firstPage: Int
  /// The join, or why there is none.
  let outcome: Result<SpineJoin, SpineNoJoin>
}

/// `SpineNoJoinReason` as an `Error`, so a finding can be a `Result`.
struct SpineNoJoin: Error, Equatable, Sendable {
  let reason: SpineNoJoinReason
}
