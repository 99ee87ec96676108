import PDFBindCore

/// Which spreads a preview shows: `1-6`, `4`, `10-` (spread numbers from 1, in reading order).
package struct SpreadRange: Equatable, Sendable, CustomStringConvertible {
  package var first: Int
  /// nil: to the last spread.
  package var last: Int?

  /// The default: the first six spreads, or as many as there are.
  package static let firstSix = SpreadRange(first: 1, last: 6)

  package init(first: Int, last: Int?) {
    self.first = first
    self.last = last
  }

  /// Parses `N`, `N-M` or `N-`; nil for anything else, for 0, or for M before N.
  package init?(_ text: String) {
    let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard let first = Int(parts[0]), first >= 1, parts[0].allSatisfy(\.isASCII) else {
      return nil
    }
    self.first = first
    if parts.count == 1 {
      last = first
    } else if parts[1].isEmpty {
      last = nil
    } else {
      guard let last = Int(parts[1]), last >= first else { return nil }
      self.last = last
    }
  }

  package var description: String {
    switch last {
    case first: "\(first)"
    case nil: "\(first)-"
    case let last?: "\(first)-\(last)"
    }
  }

  /// The spreads this range picks out of `count`, or nil when it reaches past them.
  package func resolve(count: Int) -> ClosedRange<Int>? {
    let end = last ?? count
    guard first <= count, end <= count else { return nil }
    return first...end
  }
}

/// A rectangle in picture pixels, origin top left.
struct Rect: Equatable, Sendable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double
}

/// An 8-bit RGB colour.
struct Colour: Equatable, Sendable {
  var red: UInt8
  var green: UInt8
  var blue: UInt8

  static let background = Colour(red: 236, green: 236, blue: 236)
  /// The spine mark; no other ink in the picture has exactly this colour.
  static let spine = Colour(red: 20, green: 20, blue: 20)
  static let text = Colour(red: 60, green: 60, blue: 60)
  static let blank = Colour(red: 255, green: 255, blue: 255)
  static let blankInk = Colour(red: 150, green: 150, blue: 150)
}

/// Where everything goes in a preview picture: a header line, then the spreads in reading
/// order, three to a row, each as a two-page view shows it. A spread's spine is at the middle
/// of its cell, so spines line up; each page sits on the side `Spreads.sides` gives it.
struct PreviewLayout: Equatable {
  struct PlacedPage: Equatable {
    var number: Int
    var rect: Rect
  }

  struct PlacedSpread: Equatable {
    var pages: [PlacedPage]
    /// The spine's x, and the top and bottom of its mark.
    var spineX: Double
    var spineTop: Double
    var spineBottom: Double
  }

  static let margin = 16.0
  static let headerSize = 15.0
  static let headerBand = 36.0
  static let columns = 3
  static let gapX = 40.0
  static let gapY = 12.0
  static let spineWidth = 2.0

  var width: Int
  var height: Int
  var headerBaseline: Double
  var labelSize: Double
  var spreads: [PlacedSpread]

  /// `pageWidth(n)` is page n's width in pixels at `pageHeight`; `headerWidth` the width of
  /// the header line in pixels.
  init(
    spreads: [Spreads.Spread], pageHeight: Int, pageWidth: (Int) -> Double, headerWidth: Double
  ) {
    let height = Double(pageHeight)
    labelSize = min(18, max(11, (height / 20).rounded()))
    let overhang = max(4, (height / 40).rounded())
    let labelBand = (labelSize * 1.8).rounded()
    let rowHeight = overhang + height + overhang + labelBand
    let half = spreads.flatMap(\.pages).map { pageWidth($0).rounded() }.max() ?? 0
    let cellWidth = 2 * half
    let columns = min(Self.columns, spreads.count)
    let rows = (spreads.count + Self.columns - 1) / Self.columns
    let gridWidth = Double(columns) * cellWidth + Double(max(0, columns - 1)) * Self.gapX
    width = Int((max(gridWidth, headerWidth) + 2 * Self.margin).rounded(.up))
    let gridHeight =
      rows == 0
      ? labelBand : Double(rows) * rowHeight + Double(rows - 1) * Self.gapY
    self.height = Int(Self.margin + Self.headerBand + gridHeight + Self.margin)
    headerBaseline = Self.margin + Self.headerSize

    self.spreads = spreads.enumerated().map { index, spread in
      let cellX =
        Self.margin + Double(index % Self.columns) * (cellWidth + Self.gapX)
      let top =
        Self.margin + Self.headerBand + Double(index / Self.columns) * (rowHeight + Self.gapY)
        + overhang
      let spine = cellX + half
      let left = spread.left.map { number in
        let width = pageWidth(number).rounded()
        return PlacedPage(
          number: number, rect: Rect(x: spine - width, y: top, width: width, height: height))
      }
      let right = spread.right.map { number in
        PlacedPage(
          number: number,
          rect: Rect(x: spine, y: top, width: pageWidth(number).rounded(), height: height))
      }
      let placed = [left, right].compactMap { $0 }
      return PlacedSpread(
        pages: placed, spineX: spine, spineTop: top - overhang, spineBottom: top + height + overhang
      )
    }
  }
}
