import PDFBindCore

/// The script of the text on the first pages, and for CJK text the direction of its lines
/// (SPEC, "suggest", evidence 5). Thresholds rest on the labelled benchmark
/// (bench/suggest/README.md, "Thresholds and why").
enum TextEvidence {
  /// Letters needed before the script of the text says anything.
  static let minimumLetters = 50
  /// Share of letters in right-to-left scripts from which the text says right-edge.
  static let rightToLeftShare = 0.70
  /// Share at or below which (with mostly non-CJK letters) the text says left-edge.
  static let leftToRightShare = 0.05
  /// Share of CJK letters from which the layout, not the script, speaks for the text.
  static let cjkShare = 0.50
  /// Steps between CJK letters needed before the layout says anything, and the share of one
  /// kind (vertical or horizontal) it must reach.
  static let minimumSteps = 20
  static let layoutShare = 0.80
  /// Share of Latin letters in À…ÿ above which the text is taken as a legacy 8-bit Arabic or
  /// Hebrew font read without a Unicode map.
  static let mojibakeShare = 0.25

  /// Pages whose text a sample keeps for the layout of their lines.
  static let keptPages = 20

  /// The census of the first pages' text, the pages read and the pages poppler could not read.
  struct Sample {
    var census = ScriptCensus()
    /// The first pages' text, kept for the layout of their lines: LineLayoutEvidence measures
    /// them only where the script leaves the text undecided (most books never need it). Pages
    /// past `keptPages` are measured as they are read, so memory stays bounded.
    var keptPages: [(number: Int, text: PageText)] = []
    var measuredLines = LineGeometry()
    var pagesRead = 0
    var unreadable: [Int] = []
    var opened = true

    /// How the lines of the pages read are laid out.
    var lines: LineGeometry {
      var lines = LineGeometry()
      for (number, text) in keptPages { lines.add(text, number: number) }
      lines.add(measuredLines)
      return lines
    }
  }

  /// Reads the text of the first `count` pages of `document` (nil when poppler cannot open the
  /// file, which only lowers the evidence), each page in a page worker.
  static func read(_ document: BookPages?, count: Int) -> Sample {
    var sample = Sample()
    guard let document else {
      sample.opened = false
      return sample
    }
    sample.pagesRead = min(count, document.pageCount)
    for index in 0..<sample.pagesRead {
      if let page = document.text(index) {
        sample.census.add(page)
        if sample.keptPages.count < Self.keptPages {
          sample.keptPages.append((index + 1, page))
        } else {
          sample.measuredLines.add(page, number: index + 1)
        }
      } else {
        sample.unreadable.append(index + 1)
      }
    }
    return sample
  }

  /// What the text says: its script, and for CJK text the direction of its lines.
  static func evidence(_ sample: Sample) -> [Evidence] {
    guard sample.opened else {
      return [Evidence(source: .text, says: nil, detail: "poppler cannot open the file")]
    }
    let census = sample.census
    var pages = Wording.firstPages(sample.pagesRead)
    if !sample.unreadable.isEmpty {
      pages += " (unreadable: " + sample.unreadable.map(String.init).joined(separator: ", ") + ")"
    }
    let letters = census.letters
    guard letters > 0 else {
      return [Evidence(source: .text, says: nil, detail: "no text on \(pages)")]
    }
    guard letters >= Self.minimumLetters else {
      return [
        Evidence(
          source: .text, says: nil,
          detail: "only \(letters) letter\(letters == 1 ? "" : "s") on \(pages), too few to judge")
      ]
    }
    if census.unmapped > letters {
      return [
        Evidence(
          source: .text, says: nil,
          detail: "most glyphs on \(pages) have no Unicode mapping (\(census.unmapped) unmapped, "
            + "\(letters) letters)")
      ]
    }
    if census.latin1Share > Self.mojibakeShare {
      return [
        Evidence(
          source: .text, says: nil,
          detail:
            "\(Wording.percent(census.latin1Share)) of Latin letters on \(pages) are accented "
            + "(À-ÿ), as a legacy 8-bit Arabic or Hebrew font reads without a Unicode map")
      ]
    }
    let rtlShare = Double(census.rightToLeft) / Double(letters)
    let cjkShare = Double(census.cjk) / Double(letters)
    if rtlShare >= Self.rightToLeftShare {
      let script = census.mainRightToLeftScript?.name ?? "right-to-left"
      return [
        Evidence(
          source: .text, says: .rightEdge,
          detail: "\(Wording.percent(rtlShare)) of \(letters) letters in right-to-left scripts "
            + "(mostly \(script)) on \(pages)")
      ]
    }
    if rtlShare > Self.leftToRightShare {
      return [
        Evidence(
          source: .text, says: nil,
          detail: "\(Wording.percent(rtlShare)) of \(letters) letters in right-to-left scripts on "
            + "\(pages): mixed, neither direction dominates")
      ]
    }
    if cjkShare < Self.cjkShare {
      let script = census.mainLeftToRightScript?.name ?? "left-to-right"
      return [
        Evidence(
          source: .text, says: .leftEdge,
          detail: "\(Wording.percent(1 - rtlShare)) of \(letters) letters in left-to-right scripts "
            + "(mostly \(script)) on \(pages)")
      ]
    }
    // CJK text binds on either edge: the direction of its lines decides.
    var result = [
      Evidence(
        source: .text, says: nil,
        detail: "\(Wording.percent(cjkShare)) of \(letters) letters in CJK scripts on \(pages): "
          + "the writing direction decides")
    ]
    let steps = census.verticalSteps + census.horizontalSteps
    if steps >= Self.minimumSteps {
      let vertical = Double(census.verticalSteps) / Double(steps)
      let says: PageBinding? =
        vertical >= Self.layoutShare
        ? .rightEdge : (1 - vertical >= Self.layoutShare ? .leftEdge : nil)
      let kind = says == .leftEdge ? "horizontal" : "vertical"
      let share = says == .leftEdge ? 1 - vertical : vertical
      result.append(
        Evidence(
          source: .layout, says: says,
          detail: "\(Wording.percent(share)) of CJK letters in \(kind) lines on \(pages)"))
    } else {
      result.append(
        Evidence(
          source: .layout, says: nil,
          detail: "too few CJK letters set next to each other to tell the writing direction"))
    }
    return result
  }
}
