import PDFBindCore

/// What the catalog and its metadata say: the producer's non-standard `/PageDirection`
/// (evidence 3), and `/Lang` and XMP `dc:language` (evidence 6).
enum CatalogEvidence {
  /// ImageMagick and Scribus write `/PageDirection`; no viewer reads it, but it is the
  /// producer's intent.
  static func pageDirection(_ hints: BindingHints) -> Evidence? {
    guard let direction = hints.pageDirection else { return nil }
    let says: PageBinding? =
      switch direction {
      case "R2L": .rightEdge
      case "L2R": .leftEdge
      default: nil
      }
    return Evidence(source: .pageDirection, says: says, detail: "/" + direction)
  }

  /// `/Lang` and XMP decide only when the first pages hold no letters at all (scans);
  /// otherwise they only corroborate, since office suites stamp the author's editing language.
  static func languages(_ hints: BindingHints, pagesHoldText: Bool) -> [Evidence] {
    var evidence: [Evidence] = []
    let note = pagesHoldText ? " (not weighed: the pages hold text)" : ""
    if let lang = hints.lang, !lang.isEmpty {
      evidence.append(
        Evidence(
          source: .lang, says: LanguageTag.binding(of: lang), detail: lang + note,
          weighed: !pagesHoldText))
    }
    for language in XMLText.xmpLanguages(in: hints.xmp ?? "").prefix(3) {
      evidence.append(
        Evidence(
          source: .xmp, says: LanguageTag.binding(of: language),
          detail: "dc:language " + language + note, weighed: !pagesHoldText))
    }
    return evidence
  }
}
