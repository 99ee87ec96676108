// What one page read shows, in the words of the page script's evidence line.
import PDFBindCore

extension PageScriptEvidence.PageReading {
  /// What this page shows, in words.
  var summary: String {
    rightToLeftLettersSetFromTheLeft ? shown + ", its short lines set from the left" : shown
  }

  /// `54 Syriac letters recognised (Tesseract: Arabic?)`: the letters of a script script
  /// detection does not know, beside what it took them for.
  private func lettersRecognised(
    _ letters: Int, of script: String, _ reading: ScriptReading
  ) -> String {
    let turned = reading.orientation == 0 ? "" : ", upside down or sideways"
    return "\(letters) \(script) letters recognised (Tesseract: \(reading.script)?\(turned))"
  }

  private var shown: String {
    guard let reading else { return "no script Tesseract can read" }
    let script = reading.script
    if lettersReadHebrew, let letters = recognised.hebrewLetters {
      return "\(letters) Hebrew letters recognised (Tesseract's script: \(script)?)"
    }
    if hebrewLettersAgainstReading, let letters = recognised.hebrewLetters {
      return "\(script)?, but \(letters) Hebrew letters recognised"
    }
    if lettersReadArabic, let count = recognised.arabicLetters {
      let letters = "\(count) Arabic-script letters recognised"
      return reading.orientation == 0
        ? "\(letters) (Tesseract's script: \(script)?)"
        : "\(letters) (Tesseract: \(script)?, upside down or sideways)"
    }
    if lettersReadSyriac, let letters = recognised.syriacLetters {
      return lettersRecognised(letters, of: "Syriac", reading)
    }
    if let (undetected, letters) = lettersReadUndetectedScript {
      return lettersRecognised(letters, of: undetected.rawValue, reading)
    }
    if layout.ruledWriting, says == nil {
      return "ruled lines, as of staves, a table or a form (Tesseract: \(script)?)"
    }
    if leftToRightSetFromTheRight {
      return "\(script)?, its short lines set from the right"
    }
    if acrossBlocks(confidenceScale: 1) != nil {
      return "\(script), horizontal lines in Tesseract's text blocks"
    }
    if cursiveReadUpsideDown {
      return "writing read upside down as \(script) with hardly any Arabic-script letters, "
        + "as Latin handwriting reads"
    }
    if reading.orientation != 0 {
      return layout.setFromTheRight
        ? "writing set from the right (Tesseract: \(script)?, upside down or sideways)"
        : "\(script)?, read upside down or sideways"
    }
    // Named where the script's confidence alone would have let the page lean (`leans`).
    if rightToLeftRotationInDoubt, readRightToLeft(confidenceScale: 0.5) {
      return "\(script)?, Tesseract unsure which way up"
    }
    // On a ruled page only the words decide, however sure the script.
    if wordsReadLatin, says != nil, let words = recognised.latinWords,
      layout.ruledWriting
        || reading.confidence < PageScriptEvidence.runningTextConfidence(reading.script)
    {
      let ruled = layout.ruledWriting ? " between ruled lines" : ""
      return "\(words) Latin words recognised\(ruled) (Tesseract's script: \(script)?)"
    }
    // Read surely enough to decide where the marks show no rows (`minimumConfidenceOffRows`,
    // `blackletterOffRows`).
    if PageScriptEvidence.rightToLeftScripts.contains(script)
      || blackletterOffRows(confidenceScale: 1),
      says != nil
    {
      return layout.lines == .rows ? "\(script) script" : "\(script) script (rows unclear)"
    }
    // A page that may second (`secondsLeftToRight`) where its lines read as columns.
    if layout.columnsOfRunningRows, secondsLeftToRight {
      return "\(script), rows of text in columns, as in a register or a table"
    }
    if layout.lines == nil, layout.writingPatchesInRows {
      let rows = layout.holdsWriting ? "rows in parts of the page" : "rows beside pictures"
      return says == nil ? "\(script)? in \(rows)" : "\(script), \(rows)"
    }
    if closeSetBlackletter {
      return says == nil ? "\(script)? in close-set rows" : "\(script), close-set rows"
    }
    if PageScriptEvidence.cjkScripts.contains(script), layout.lines == nil, inVerticalBlocks {
      return says == nil
        ? "\(script)? in Tesseract's blocks of vertical lines"
        : "\(script), vertical lines in Tesseract's text blocks"
    }
    if !layout.holdsWriting {
      if verticalAmongPictures, !mangaBalloons(confidenceScale: 1) {
        return "\(script), squares of writing in columns among pictures"
      }
      return says == nil
        ? "\(script)? among pictures" : "\(script) among pictures (as in manga)"
    }
    if PageScriptEvidence.cjkScripts.contains(script) {
      // The lines are named whether or not the page says anything; the script is doubted
      // where it does not (read with too little confidence, `minimumCJKConfidence`).
      let named = says == nil ? "\(script)?" : script
      switch layout.lines {
      case .columns:
        return layout.columnsOfRows
          ? "\(script)?, columns of cells set in rows, as in a table" : "\(named), vertical lines"
      case .rows:
        if layout.rowsOfColumns { return "\(script)?, rows across squares of writing in columns" }
        return layout.isRunningText
          ? "\(named), horizontal lines" : "\(named), a few horizontal lines"
      case nil:
        return layout.linesTooShort
          ? "\(script)?, lines too short to show their direction"
          : "\(named), lines of no clear direction"
      }
    }
    if koreanRunningText(confidenceScale: 1) { return "\(script), horizontal lines" }
    if says == nil { return "\(script)? (uncertain)" }
    return "\(script) script"
  }
}
