import PDFBindCore

/// What the fonts of the first pages say (SPEC, "suggest", evidence 4): a vertical CMap, and,
/// when the text cannot be read, the letters the subset fonts map.
enum FontEvidence {
  /// Fonts with a vertical CMap (`WMode 1`): vertical Japanese, Chinese and Korean bind on
  /// the right.
  static func verticalFonts(_ hints: BindingHints) -> Evidence? {
    guard !hints.verticalFonts.isEmpty else { return nil }
    let shown = hints.verticalFonts.prefix(2).joined(separator: ", ")
    let more = hints.verticalFonts.count > 2 ? " and \(hints.verticalFonts.count - 2) more" : ""
    return Evidence(
      source: .fonts, says: .rightEdge,
      detail: "vertical writing: \(shown)\(more) on \(Wording.firstPages(hints.pagesRead))")
  }

  /// Distinct letters needed in the subset fonts' maps, and the share of them in right-to-left
  /// scripts, before the fonts speak for text poppler could not read.
  static let minimumFontLetters = 15
  static let fontRightToLeftShare = 0.90

  /// When the text reads as (almost) nothing, the letters the subset fonts map can still show
  /// a right-to-left book. Only right-edge: a left-to-right guess from glyph sets would add
  /// nothing a viewer does not already do for an unknown binding.
  static func subsetFonts(_ maps: [String], pages: Int) -> Evidence? {
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
      detail: "the text cannot be read, but the subset fonts on \(Wording.firstPages(pages)) map "
        + "\(letters.count) distinct letters, \(Wording.percent(share)) of them \(main)")
  }
}
