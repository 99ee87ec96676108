import Foundation
import PDFBindTestSupport

@testable import PDFBindCore
@testable import PDFBindPages

/// Pairs of pages that must decide nothing.
enum LookAlikePages: String, CaseIterable, CustomStringConvertible, Sendable {
  /// Pictures inside white margins.
  case whiteMargins
  /// Comic panels: black frames, white gutters, artwork inside.
  case framedPanels
  /// Panels that run to the page edge, with ruled borders across both pages at one height.
  case panelBordersToTheEdge
  /// Rows of dark marks at the same line spacing on both pages, running to the edge.
  case textToTheEdge
  /// Horizontal stripes.
  case stripes
  /// Diagonal stripes of one period on both pages.
  case diagonalStripes
  /// A checkerboard.
  case checkerboard
  /// Vertical frame lines parallel to the edge, nothing else.
  case frameLines

  var description: String { rawValue }

  func pages(seed: UInt64) -> [GreyImage] {
    var random = SplitMix64(seed: seed &* 104_729 &+ 3)
    let width = 200
    let height = 300
    switch self {
    case .whiteMargins:
      return [seed, seed + 1].map { seed in
        var page = GreyImage(width: width, height: height, filledWith: 255)
        let art = SpreadPictures.natural(width: width - 40, height: height - 50, seed: seed)
        for y in 0..<art.height { for x in 0..<art.width { page[x + 20, y + 25] = art[x, y] } }
        return page
      }
    case .framedPanels:
      return [seed, seed + 7].map { seed in
        Self.panels(width: width, height: height, seed: seed, gutter: 8, toTheEdge: false)
      }
    case .panelBordersToTheEdge:
      return [seed, seed + 7].map { seed in
        Self.panels(width: width, height: height, seed: seed, gutter: 8, toTheEdge: true)
      }
    case .textToTheEdge:
      let spacing = Int.random(in: 8...14, using: &random)
      return [seed, seed + 1].map { seed in
        var marks = SplitMix64(seed: seed)
        var page = GreyImage(width: width, height: height, filledWith: 250)
        for top in stride(from: 12, to: height - spacing, by: spacing) {
          var x = 0
          while x < width {
            let word = Int.random(in: 3...9, using: &marks)
            for dx in 0..<word where x + dx < width {
              for dy in 0..<(spacing * 2 / 3) where Int.random(in: 0...2, using: &marks) > 0 {
                page[x + dx, top + dy] = UInt8.random(in: 10...60, using: &marks)
              }
            }
            x += word + Int.random(in: 2...4, using: &marks)
          }
        }
        return page
      }
    case .stripes:
      let period = Int.random(in: 6...40, using: &random)
      let image = GreyImage(
        width: width, height: height,
        pixels: (0..<(width * height)).map { index in
          (index / width) % period < period / 2 ? 30 : 220
        })
      return [image, image]
    case .diagonalStripes:
      let period = Double.random(in: 8...60, using: &random)
      let slope = Double.random(in: 0.3...2, using: &random)
      return [0, 1].map { page in
        GreyImage(
          width: width, height: height,
          pixels: (0..<(width * height)).map { index in
            let x = Double(index % width + page * width)
            let y = Double(index / width)
            return sin(2 * .pi * (y + slope * x) / period) > 0 ? 40 : 210
          })
      }
    case .checkerboard:
      let square = Int.random(in: 5...30, using: &random)
      let image = GreyImage(
        width: width, height: height,
        pixels: (0..<(width * height)).map { index in
          ((index % width) / square + (index / width) / square) % 2 == 0 ? 20 : 235
        })
      return [image, image]
    case .frameLines:
      let inset = Int.random(in: 2...12, using: &random)
      var page = GreyImage(width: width, height: height, filledWith: 255)
      for y in 0..<height {
        for x in [inset, inset + 1, width - 1 - inset, width - 2 - inset] { page[x, y] = 0 }
      }
      return [page, page]
    }
  }

  /// A page of framed panels: rows of one to three panels with black borders and natural
  /// artwork inside, separated by white gutters (or running to the page edge).
  static func panels(width: Int, height: Int, seed: UInt64, gutter: Int, toTheEdge: Bool)
    -> GreyImage
  {
    var random = SplitMix64(seed: seed)
    var page = GreyImage(width: width, height: height, filledWith: 255)
    let art = SpreadPictures.natural(width: width, height: height, seed: seed &+ 999)
    let margin = toTheEdge ? 0 : 12
    // The same row heights on every page: a template.
    let rowEdges = [margin, height / 3, 2 * height / 3, height - margin]
    for row in 0..<3 {
      let top = rowEdges[row] + (row == 0 ? 0 : gutter / 2)
      let bottom = rowEdges[row + 1] - (row == 2 ? 0 : gutter / 2)
      let panelsInRow = Int.random(in: 1...3, using: &random)
      var left = margin
      for panel in 0..<panelsInRow {
        let right =
          panel == panelsInRow - 1
          ? width - margin : left + (width - 2 * margin) / panelsInRow - gutter / 2
        for y in top..<bottom {
          for x in left..<right {
            let border = y - top < 2 || bottom - 1 - y < 2 || x - left < 2 || right - 1 - x < 2
            page[x, y] = border ? 0 : art[x, y]
          }
        }
        left = right + gutter
      }
    }
    return page
  }
}

/// Counts and quantiles of the detector's measures over pairs of pages that should join left
/// to right (`joined`) or not at all.
struct SpreadMeasurement {
  let text: String

  init(
    _ detector: SpreadDetector, _ name: String, _ pairs: [(GreyImage, GreyImage)], joined: Bool
  ) {
    var right = 0
    var wrong = 0
    var reasons: [String: Int] = [:]
    var share: [Float] = []
    var excess: [Float] = []
    for (first, second) in pairs {
      switch detector.findings([first, second]).first?.outcome {
      case .success(let join):
        if joined && join.direction == .leftToRight { right += 1 } else { wrong += 1 }
      case .failure(let none): reasons["\(none.reason)", default: 0] += 1
      case nil: break
      }
      guard let measures = detector.measures(first, second) else { continue }
      // For pairs that should not join, the better-looking direction.
      let direction: SpineJoinDirection =
        joined || measures.forward.matchedFeatures >= measures.backward.matchedFeatures
        ? .leftToRight : .rightToLeft
      let seam = direction == .leftToRight ? measures.forward : measures.backward
      if seam.hasDetail(detector.thresholds) {
        share.append(Float(seam.matchedFeatures) / Float(seam.fewerFeatures))
      }
      if seam.continues(detector.thresholds) { excess.append(Float(measures.excess(direction))) }
    }
    let counts =
      joined
      ? "found \(right)/\(pairs.count), wrong direction \(wrong)"
      : "joined \(wrong)/\(pairs.count)"
    text = """
      \(name): \(counts); no join: \(reasons.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        matched share, with detail (\(share.count))  \(Self.quantiles(share))
        excess matched, where it continues (\(excess.count))  \(Self.quantiles(excess))
      """
  }

  /// Minimum, 1%, 5%, 25%, 50%, 75%, 95%, 99% and maximum.
  static func quantiles(_ values: [Float]) -> String {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return "-" }
    return [0, 0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99, 1].map { share in
      String(format: "%5.2f", sorted[min(sorted.count - 1, Int(share * Double(sorted.count)))])
    }.joined(separator: " ")
  }
}
