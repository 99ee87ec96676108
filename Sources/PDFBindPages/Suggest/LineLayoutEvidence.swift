import PDFBindCore

/// The layout of the lines, where the letters alone leave a page undecided (issue 19, item 4):
/// a form in Arabic, Hebrew, Persian or Urdu carries Latin names, addresses and numbers, so only
/// 55-75% of its letters are right-to-left, and a short page has too few letters to judge. Its
/// lines still show the direction: paragraphs flush right with a ragged left, labels flush right
/// with their values on their left. Says right-edge only when right-to-left letters are the
/// majority and the lines agree; a page laid out both ways (a bilingual or trilingual page)
/// says nothing; left-edge only against a script that decides from mixed letters. Thresholds rest on the mixed-text bench (bench/suggest/README.md,
/// "Mixed text: the layout of the lines").
enum LineLayoutEvidence {
  /// Right-to-left letters needed before the lines are weighed, and their least share.
  static let minimumRightToLeftLetters = 20
  static let rightToLeftMajority = 0.5
  /// Rows flush right (with a ragged left) needed to decide: on pages of mixed letters, and
  /// on pages with too few letters for the script (a few short lines); and the share of all
  /// rows flush to one margin they must reach.
  static let minimumRows = 6
  static let minimumRowsFewLetters = 3
  static let agreement = 0.9
  /// Share of right-to-left letters below which letters count as mixed even where the script
  /// decides: books with a few Latin references measure 80-100%.
  static let mixedBelow = 0.8

  /// What the lines say, for a sample the script of the text left undecided; nothing when
  /// the text decided, was not trusted, or holds no right-to-left letter.
  static func evidence(_ sample: TextEvidence.Sample) -> [Evidence] {
    let census = sample.census
    let letters = census.letters
    let rightToLeft = census.rightToLeft
    guard sample.opened, rightToLeft > 0, census.unmapped <= letters,
      census.latin1Share <= TextEvidence.mojibakeShare
    else { return [] }
    let share = Double(rightToLeft) / Double(letters)
    // Where the script decides (or points left), the lines add nothing, except against a
    // script that decides from mixed letters: a page of them laid out flush left is not a
    // right-to-left page, and the two disagreeing leave it undecided. The lines are measured
    // only past this point (most books never get there).
    let scriptDecides =
      letters >= TextEvidence.minimumLetters
      && (share >= TextEvidence.rightToLeftShare || share <= TextEvidence.leftToRightShare)
    if scriptDecides, share >= Self.mixedBelow || share <= TextEvidence.leftToRightShare {
      return []
    }
    let lines = sample.lines
    let pages =
      lines.pages.isEmpty ? Wording.firstPages(sample.pagesRead) : Wording.pages(lines.pages)
    let counted = describe(lines) + " on " + pages
    if scriptDecides {
      guard lines.flushLeft >= Self.minimumRows,
        Double(lines.flushLeft) >= Self.agreement * Double(lines.flushLeft + lines.flushRight)
      else { return [] }
      return [
        Evidence(
          source: .lines, says: .leftEdge,
          detail: counted + ": laid out left to right, though \(Wording.percent(share)) of "
            + "letters are right-to-left", pages: lines.pages)
      ]
    }
    guard rightToLeft >= Self.minimumRightToLeftLetters, share >= Self.rightToLeftMajority else {
      let why =
        rightToLeft < Self.minimumRightToLeftLetters
        ? "only \(rightToLeft) right-to-left letters"
        : "right-to-left letters are \(Wording.percent(share)) of \(letters), not a majority"
      return [Evidence(source: .lines, says: nil, detail: counted + ": " + why)]
    }
    let forward = lines.flushRight
    let total = forward + lines.flushLeft
    let needed =
      letters < TextEvidence.minimumLetters ? Self.minimumRowsFewLetters : Self.minimumRows
    guard forward >= needed else {
      return [
        Evidence(
          source: .lines, says: nil,
          detail: counted + ": too few lines flush right to judge")
      ]
    }
    guard Double(forward) >= Self.agreement * Double(total) else {
      return [
        Evidence(
          source: .lines, says: nil,
          detail: counted + ": laid out both ways (a bilingual or trilingual page)")
      ]
    }
    return [
      Evidence(
        source: .lines, says: .rightEdge,
        detail: counted + ", where \(Wording.percent(share)) of letters are right-to-left",
        pages: lines.pages)
    ]
  }

  /// `9 lines flush right, 1 line flush left`.
  static func describe(_ lines: LineGeometry) -> String {
    func count(_ number: Int) -> String { "\(number) line\(number == 1 ? "" : "s")" }
    return count(lines.flushRight) + " flush right, " + count(lines.flushLeft) + " flush left"
  }
}
