@testable import PDFBindCore
@testable import PDFBindPages

/// What `TwinPages` weighs, for choosing its limits: one tab-separated line per pair of
/// consecutive pages of each PDF in a folder, drawn as `suggest` draws them (poppler, 200 ×
/// 300, 16 columns a side). `pdfbind-measure twin-pages DIR` prints them
/// (bench/measure/README.md):
///
///     PDFBIND_BENCH=1 swift run pdfbind-measure twin-pages DIR > twins.tsv
///
/// Columns: the file, the pair's first page (from 1), each page's coverage (all, then its left
/// and right strips'), their distance, the nearest any other page comes to either, the same
/// sides' correlation, the number of other pages compared, whether `SpreadDetector` joins the
/// pair, and whether `TwinPages` takes it. A page without detail has `-` for its coverage, and
/// its pairs `-` for the measures. `bench/suggest/seams/twins.py` models the rule on these
/// lines, its limits given as options.
enum TwinPagesMeasurement {
  /// Every pair's likeness in the PDFs of `folder`, one line each, after a header line.
  static func printMeasures(in folder: String) throws {
    print(
      "twins\tfile\tpage\tcoverage\tleft\tright\tnext_coverage\tnext_left\tnext_right"
        + "\tdistance\tnearest_other\tsame_sides\tothers\tjoined\ttaken")
    try MeasuredFolder.eachBook(in: folder) { name, pictures in
      let count = min(pictures.pageCount, SpreadEvidence.maximumPages)
      // Drawn as suggest draws them: whole-page JPEG scans decoded by libjpeg-turbo.
      let drawn = (0..<count).map { page in
        try? pictures.spinePicture(
          page, maxWidth: SpreadEvidence.pictureWidth, maxHeight: SpreadEvidence.pictureHeight,
          edges: SpreadEvidence.edgeColumns)
      }
      let pages = drawn.map { $0.flatMap { EdgeLikeness($0, columns: SpreadEvidence.edgeColumns) } }
      let joined = Set(SpreadDetector().joins(drawn).map(\.firstPage))
      let taken = Set(TwinPages().pairs(pages))
      let compared = pages.indices.filter { pages[$0] != nil }
      for first in pages.indices.dropLast() {
        func covered(_ page: EdgeLikeness?) -> [String] {
          guard let page else { return ["-", "-", "-"] }
          return ["\(page.coverage)", "\(page.sideCoverage.left)", "\(page.sideCoverage.right)"]
        }
        var fields = ["twins", name, "\(first + 1)"] + covered(pages[first])
        fields += covered(pages[first + 1])
        if let earlier = pages[first], let later = pages[first + 1] {
          let others = compared.filter { $0 != first && $0 != first + 1 }
          let nearest = others.compactMap { pages[$0] }.map {
            min(earlier.distance(to: $0), later.distance(to: $0))
          }.min()
          fields += [
            "\(earlier.distance(to: later))", nearest.map { "\($0)" } ?? "-",
            "\(earlier.sameSides(as: later))", "\(others.count)",
          ]
        } else {
          fields += ["-", "-", "-", "-"]
        }
        fields += ["\(joined.contains(first))", "\(taken.contains(first))"]
        print(fields.joined(separator: "\t"))
      }
    }
  }
}
