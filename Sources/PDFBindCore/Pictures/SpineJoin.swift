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
}

extension SpineJoin {
  /// The join in the one direction that has a strength (0 to 1); nil when neither or both
  /// have one: a seam that joins both ways round shows no order.
  static func oneWay(first: Int, leftToRight: Double?, rightToLeft: Double?) -> SpineJoin? {
    switch (leftToRight, rightToLeft) {
    case (let strength?, nil):
      SpineJoin(firstPage: first, direction: .leftToRight, strength: min(1, strength))
    case (nil, let strength?):
      SpineJoin(firstPage: first, direction: .rightToLeft, strength: min(1, strength))
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
