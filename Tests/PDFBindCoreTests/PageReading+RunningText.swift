@testable import PDFBindPages

extension PageScriptEvidence.PageReading {
  /// A page of running text in rows (`PageScriptReadingsTests.rows`), read as `script` at
  /// `confidence`, sure which way up and upright unless `orientation` says otherwise, with
  /// what Tesseract's recognisers found on it (`WordReaders`).
  static func runningText(
    _ script: String, _ confidence: Double, orientation: Int = 0, latinWords: Int? = nil,
    hebrewLetters: Int? = nil
  ) -> Self {
    var page = Self(
      page: 1, layout: PageScriptReadingsTests.rows,
      reading: ScriptReading(script: script, confidence: confidence, orientation: orientation))
    page.recognised.latinWords = latinWords
    page.recognised.hebrewLetters = hebrewLetters
    return page
  }
}
