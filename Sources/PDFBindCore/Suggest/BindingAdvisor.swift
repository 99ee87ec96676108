import Glibc
import SystemPackage

/// Decides a document's binding from its evidence (SPEC, "suggest"). Holds no state between
/// files: each call opens its own qpdf and poppler documents, so calls may run on different
/// threads at once.
public struct BindingAdvisor: Sendable {
  public var password: String?
  /// Text and fonts are read from the first `pages` pages.
  public var pages: Int

  // Thresholds, justified by the labelled benchmark (bench/suggest/README.md).
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

  public init(password: String? = nil, pages: Int = 5) {
    self.password = password
    self.pages = pages
  }

  /// `get`'s warning for the "TwoPageRight means right-bound" confusion: a two-page
  /// `/PageLayout`, no `/Direction`, and right-to-left evidence. Only files with such a layout
  /// and no `/Direction` are read for evidence (poppler is loaded for those alone); anything
  /// that stops the suggestion (poppler missing, text unreadable) means no warning.
  public func layoutWarning(
    for report: BindingReport, at path: FilePath, sidecarDirectory: FilePath?
  ) -> BindingWarning? {
    guard report.direction == .absent, report.pageLayout.cover != nil,
      let layout = report.pageLayout.rawValue,
      (try? suggest(path, sidecarDirectory: sidecarDirectory))?.decision == .rightEdge
    else { return nil }
    return .twoPageLayoutWithoutDirection(layout: layout)
  }

  /// The suggestion for the file at `path`; sidecar files (metadata.opf, ComicInfo.xml) are
  /// looked for in `sidecarDirectory` (the file's folder; nil for standard input).
  public func suggest(_ path: FilePath, sidecarDirectory: FilePath?) throws(BindingError)
    -> Suggestion
  {
    // One qpdf read gives the binding and the hints; a damaged file is read with recovery (its
    // fonts and metadata are still worth reading) and reported with its warning.
    let (document, inspection) = try Inspection.open(
      try SourceFile(path: path), password: password)
    let report = inspection.report
    let hints = document.bindingHints(firstPages: pages)
    var evidence: [Evidence] = []
    if let sidecarDirectory { evidence += Sidecars.evidence(in: sidecarDirectory) }
    if let direction = hints.pageDirection {
      let says: PageBinding? =
        switch direction {
        case "R2L": .rightEdge
        case "L2R": .leftEdge
        default: nil
        }
      evidence.append(Evidence(source: .pageDirection, says: says, detail: "/" + direction))
    }
    if !hints.verticalFonts.isEmpty {
      let shown = hints.verticalFonts.prefix(2).joined(separator: ", ")
      let more = hints.verticalFonts.count > 2 ? " and \(hints.verticalFonts.count - 2) more" : ""
      evidence.append(
        Evidence(
          source: .fonts, says: .rightEdge,
          detail: "vertical writing: \(shown)\(more) on \(Self.pageRange(hints.pagesRead))"))
    }
    let text = try readText(path)
    evidence += textEvidence(text)
    if text.census.letters < Self.minimumLetters,
      let fallback = Self.subsetFontEvidence(hints.subsetToUnicode, pages: hints.pagesRead)
    {
      evidence.append(fallback)
    }
    // /Lang and XMP decide only when the first pages hold no letters at all (scans); otherwise
    // they only corroborate, since office suites stamp the author's editing language.
    let hasText = text.census.letters > 0
    let note = hasText ? " (not weighed: the pages hold text)" : ""
    if let lang = hints.lang, !lang.isEmpty {
      evidence.append(
        Evidence(
          source: .lang, says: LanguageTag.binding(of: lang), detail: lang + note,
          weighed: !hasText))
    }
    for language in XMLText.xmpLanguages(in: hints.xmp ?? "").prefix(3) {
      evidence.append(
        Evidence(
          source: .xmp, says: LanguageTag.binding(of: language),
          detail: "dc:language " + language + note, weighed: !hasText))
    }
    return Suggestion(report: report, evidence: evidence)
  }

  /// The census of the first pages' text, the pages read and the pages poppler could not read.
  struct TextSample {
    var census = ScriptCensus()
    var pagesRead = 0
    var unreadable: [Int] = []
    var opened = true
  }

  private func readText(_ path: FilePath) throws(BindingError) -> TextSample {
    var sample = TextSample()
    guard let document = try Poppler.openForText(path: path, password: password) else {
      sample.opened = false
      return sample
    }
    sample.pagesRead = min(pages, document.pageCount)
    for index in 0..<sample.pagesRead {
      if let page = document.pageText(index) {
        sample.census.add(page)
      } else {
        sample.unreadable.append(index + 1)
      }
    }
    return sample
  }

  /// What the text says: its script, and for CJK text the direction of its lines.
  func textEvidence(_ sample: TextSample) -> [Evidence] {
    guard sample.opened else {
      return [Evidence(source: .text, says: nil, detail: "poppler cannot open the file")]
    }
    let census = sample.census
    var pages = Self.pageRange(sample.pagesRead)
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
          detail: "\(Self.percent(census.latin1Share)) of Latin letters on \(pages) are accented "
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
          detail: "\(Self.percent(rtlShare)) of \(letters) letters in right-to-left scripts "
            + "(mostly \(script)) on \(pages)")
      ]
    }
    if rtlShare > Self.leftToRightShare {
      return [
        Evidence(
          source: .text, says: nil,
          detail: "\(Self.percent(rtlShare)) of \(letters) letters in right-to-left scripts on "
            + "\(pages): mixed, neither direction dominates")
      ]
    }
    if cjkShare < Self.cjkShare {
      let script = census.mainLeftToRightScript?.name ?? "left-to-right"
      return [
        Evidence(
          source: .text, says: .leftEdge,
          detail: "\(Self.percent(1 - rtlShare)) of \(letters) letters in left-to-right scripts "
            + "(mostly \(script)) on \(pages)")
      ]
    }
    // CJK text binds on either edge: the direction of its lines decides.
    var result = [
      Evidence(
        source: .text, says: nil,
        detail: "\(Self.percent(cjkShare)) of \(letters) letters in CJK scripts on \(pages): "
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
          detail: "\(Self.percent(share)) of CJK letters in \(kind) lines on \(pages)"))
    } else {
      result.append(
        Evidence(
          source: .layout, says: nil,
          detail: "too few CJK letters set next to each other to tell the writing direction"))
    }
    return result
  }

  /// Distinct letters needed in the subset fonts' maps, and the share of them in right-to-left
  /// scripts, before the fonts speak for text poppler could not read.
  static let minimumFontLetters = 15
  static let fontRightToLeftShare = 0.90

  /// When the text reads as (almost) nothing, the letters the subset fonts map can still show
  /// a right-to-left book. Only right-edge: a left-to-right guess from glyph sets would add
  /// nothing a viewer does not already do for an unknown binding.
  static func subsetFontEvidence(_ maps: [String], pages: Int) -> Evidence? {
    var letters = Set<Unicode.Scalar>()
    for map in maps { letters.formUnion(ToUnicodeLetters.letters(in: map)) }
    guard letters.count >= minimumFontLetters else { return nil }
    let rightToLeft = letters.filter { ScriptGroup($0).isRightToLeft }
    let share = Double(rightToLeft.count) / Double(letters.count)
    guard share >= fontRightToLeftShare else { return nil }
    var scripts: [ScriptGroup: Int] = [:]
    for letter in rightToLeft { scripts[ScriptGroup(letter), default: 0] += 1 }
    let main = scripts.max { $0.value < $1.value }?.key.name ?? "right-to-left"
    return Evidence(
      source: .fonts, says: .rightEdge,
      detail: "the text cannot be read, but the subset fonts on \(pageRange(pages)) map "
        + "\(letters.count) distinct letters, \(percent(share)) of them \(main)")
  }

  static func pageRange(_ count: Int) -> String {
    count <= 1 ? "page 1" : "pages 1-\(count)"
  }

  static func percent(_ share: Double) -> String {
    "\(Int((share * 100).rounded(.down)))%"
  }
}

/// calibre's `metadata.opf` and `ComicInfo.xml`, looked for beside the file.
enum Sidecars {
  static func evidence(in directory: FilePath) -> [Evidence] {
    var evidence: [Evidence] = []
    if let opf = read(directory.appending("metadata.opf")) {
      let languages = XMLText.elements("dc:language", in: opf).filter { !$0.isEmpty }
      for language in Set(languages).sorted() {
        evidence.append(
          Evidence(source: .metadataOPF, says: LanguageTag.binding(of: language), detail: language))
      }
    }
    if let comic = read(directory.appending("ComicInfo.xml")) {
      for value in Set(XMLText.elements("Manga", in: comic)).sorted() {
        let says: PageBinding? =
          switch value.lowercased() {
          case "yesandrighttoleft": .rightEdge
          case "no": .leftEdge
          default: nil
          }
        evidence.append(Evidence(source: .comicInfo, says: says, detail: "Manga " + value))
      }
    }
    return evidence
  }

  /// The file's text, or nil when it is missing, unreadable or over 1 MB.
  private static func read(_ path: FilePath) -> String? {
    guard let descriptor = try? FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
    else { return nil }
    return try? descriptor.closeAfter {
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65536)
      while bytes.count <= 1 << 20 {
        let count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
        if count == 0 { return String(decoding: bytes, as: UTF8.self) }
        bytes += chunk[..<count]
      }
      return nil
    }
  }
}
