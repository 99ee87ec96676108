@testable import PDFBindCore
@testable import PDFBindPages

/// What the page script reads on every page it looks at, for choosing its limits: one
/// tab-separated line per page of each PDF in a folder, read as `suggest` reads it (qpdf for
/// the image sizes, poppler for the pictures, Tesseract for the script), but on each of the
/// five pages it reads (the first that hold writing) rather than stopping at two that agree;
/// each half of a picture of two facing pages is a line of its own (`half`).
/// `pdfbind-measure page-readings DIR` prints them (bench/measure/README.md):
///
///     PDFBIND_BENCH=1 swift run pdfbind-measure page-readings DIR > readings.tsv
///
/// `bench/suggest/pages/model.py readings.tsv DIR/image-labels.tsv` then models the page
/// script's decision on those lines, so a limit can be tried on a labelled set in seconds.
enum PageReadingsMeasurement {
  /// Every page reading of the PDFs in `folder`, one line each, after a header line.
  static func printReadings(in folder: String) throws {
    print(
      "reading\tfile\tpage\tlines\tholds_writing\tblock\tlines_in_rows\tlines_in_columns"
        + "\tshort_from_left\tshort_from_right\tscript\torientation\tconfidence"
        + "\tblock_aspect\truled_lines\tblank_rows\tblank_columns\tink\tpaper"
        + "\ttiles_in_rows\ttiles_in_columns\tclose_light_rows\tclose_light_columns"
        + "\tclose_lines\tclose_pitch_spread\tclose_gaps\tclose_ink\tclose_block"
        + "\tclose_squares_in_rows\tclose_squares_in_columns"
        + "\tclose_set_rows\tblocks_top_to_bottom\tblocks_across\tlatin_words\tsays\tleans"
        + "\thalf\torientation_confidence\tin_rows_of_text\truled_writing\thebrew_letters"
        + "\tarabic_letters\tsyriac_letters\ttall_balloons\twide_balloons"
        + "\tgeorgian_letters\tarmenian_letters\tmyanmar_letters\ttibetan_letters")
    try MeasuredFolder.eachBook(in: folder) { name, pictures in
      _ = PageScriptEvidence.evidence(pictures, pages: BindingAdvisor().pages) { page in
        let layout = page.layout
        var fields: [String] = [
          "reading", name, "\(page.page)", layout.lines?.rawValue ?? "-",
          "\(layout.holdsWriting)", "\(layout.blockArea)", "\(layout.linesInRows)",
          "\(layout.linesInColumns)", "\(layout.shortLines.fromLeft)",
          "\(layout.shortLines.fromRight)", page.reading?.script ?? "-",
          page.reading.map { "\($0.orientation)" } ?? "-",
          page.reading.map { "\($0.confidence)" } ?? "-",
          "\(layout.blockAspect)", "\(layout.ruledLines)", "\(layout.blankRows)",
          "\(layout.blankColumns)", "\(layout.ink)", "\(layout.paper)", "\(layout.tilesInRows)",
          "\(layout.tilesInColumns)",
        ]
        let close = layout.closeSetRows.map { rows in
          [
            rows.lightRows, rows.lightColumns, Double(rows.lines), rows.pitchSpread,
            rows.gapsInLines, rows.ink, rows.blockArea,
          ].map { "\($0)" } + ["\(rows.squaresInRows)", "\(rows.squaresInColumns)"]
        }
        fields += (close ?? Array(repeating: "-", count: 9)) + ["\(layout.inCloseSetRows)"]
        fields += page.blockLines.map { ["\($0.topToBottom)", "\($0.across)"] } ?? ["-", "-"]
        // What the page says and leans by the rules of the build, not by a model of them.
        fields += [page.recognised.latinWords.map { "\($0)" } ?? "-"]
        fields += [page.says, page.leans].map { $0?.rawValue ?? "-" }
        // `left` or `right`: one half of a picture of two facing pages (`FacingPages`).
        fields += [page.half?.name ?? "-"]
        fields += [page.reading.map { "\($0.orientationConfidence)" } ?? "-"]
        fields += ["\(layout.inRowsOfText)", "\(layout.ruledWriting)"]
        let found = page.recognised
        let letters = [found.hebrewLetters, found.arabicLetters, found.syriacLetters]
        fields += letters.map { $0.map { "\($0)" } ?? "-" }
        // Counted on a page of pictures that may hold balloons (`SpeechBalloons`).
        fields += [page.balloons?.tall, page.balloons?.wide].map { $0.map { "\($0)" } ?? "-" }
        // Asked on a page read as an Indic script or Thai that says nothing, until one has
        // enough (`asksUndetectedScriptLetters`).
        fields += UndetectedScript.allCases.map { found[keyPath: $0.recognised] }
          .map { $0.map { "\($0)" } ?? "-" }
        print(fields.joined(separator: "\t"))
      }
    }
  }
}
