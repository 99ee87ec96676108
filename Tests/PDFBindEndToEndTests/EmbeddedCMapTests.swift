import Foundation
import PDFBindTestSupport
import Testing

/// SPEC "suggest", evidence 4: a font with a vertical CMap says right-edge. A CMap embedded in
/// the file (a stream in place of the font's `/Encoding` name) declares its writing mode twice,
/// in its dictionary and in its program, and ISO 32000-1 says the two shall be the same. A
/// public test file (Ghostscript's bug 696547, in PdfPig's tests; the sweep of 2026-12-01)
/// says 1 in its dictionary and 0 in its program: poppler, PDFium and Ghostscript draw its
/// line of Latin across the page, MuPDF down it, and pdfbind said right-edge from the
/// dictionary alone.
@Suite("suggest: a CMap embedded in the file")
struct EmbeddedCMapTests {
  /// Replaces the vertical Japanese fixture's CMap name (`UniJIS-UCS2-V`) with an embedded
  /// CMap that uses `UniJIS-UCS2-H`, says `/WMode` in its dictionary as told (`-`: not at
  /// all), and holds the given line of program.
  static let embed = """
    import pikepdf, sys
    path, in_dictionary, in_program = sys.argv[1:4]
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        program = (
            "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\\n"
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> def\\n"
            "/CMapName /Embedded-UniJIS-UCS2 def\\n"
            + in_program + "\\n"
            "/UniJIS-UCS2-H usecmap\\n"
            "endcmap CMapName currentdict /CMap defineresource pop end end\\n")
        cmap = pdf.make_stream(program.encode())
        cmap.Type = pikepdf.Name.CMap
        cmap.CMapName = pikepdf.Name("/Embedded-UniJIS-UCS2")
        cmap.CIDSystemInfo = pikepdf.Dictionary(Registry="Adobe", Ordering="Japan1", Supplement=2)
        cmap.UseCMap = pikepdf.Name("/UniJIS-UCS2-H")
        if in_dictionary != "-":
            cmap.WMode = int(in_dictionary)
        for page in pdf.pages:
            for _, font in page.Resources.Font.items():
                if font.Subtype == "/Type0":
                    font.Encoding = cmap
        pdf.save(path)
    """

  @Test(
    "The fonts say vertical writing only where the CMap's program and dictionary agree on it",
    arguments: [
      // (the dictionary's /WMode, a line of the program, the fonts say right-edge)
      ("1", "/WMode 1 def", true), ("-", "/WMode 1 def", true), ("1", "/WMode 0 def", false),
      ("0", "/WMode 1 def", false), ("1", "", false),
      // The program is read as PDF's tokens: a string that holds the name is not the entry.
      ("1", "(/WMode 1) pop /WMode 0 def", false),
    ])
  func writingMode(dictionary: String, program: String, vertical: Bool) throws {
    let file = try Fixture.temporaryDirectory().appendingPathComponent("book.pdf").path
    try FileManager.default.copyItem(
      atPath: Fixture.path("suggest/japanese-vertical.pdf"), toPath: file)
    let made = try IndependentReaders.runPython(Self.embed, file, dictionary, program)
    #expect(made.status == 0, "\(made.err)")
    let result = try PDFBindRunner.run("suggest", "--json", file)
    #expect(result.status == 0, "\(result.err)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let fonts = (object["evidence"] as? [[String: Any]] ?? []).first {
      $0["source"] as? String == "fonts"
    }
    #expect((fonts?["says"] as? String == "right-edge") == vertical, "\(object)")
    // Where the dictionary says 1 or nothing, poppler (an independent reader, which follows
    // the program) sets the text's words as the fonts' evidence says: down the page or across.
    if dictionary != "0" {
      #expect(try popplerWordsRunDown(file) == vertical)
    }
  }

  /// Whether most of the words poppler finds on page 1 are taller than they are wide.
  func popplerWordsRunDown(_ file: String) throws -> Bool {
    let pdftotext = try #require(which("pdftotext"), "poppler-utils is not installed")
    let result = try runProcess(pdftotext, ["-bbox", "-l", "1", file, "-"])
    try #require(result.status == 0, "\(result.err)")
    let number = #/(xMin|yMin|xMax|yMax)="([0-9.]+)"/#
    var down = 0
    var across = 0
    for line in result.out.split(separator: "\n") where line.contains("<word ") {
      var box: [String: Double] = [:]
      for match in line.matches(of: number) { box[String(match.1)] = Double(match.2) }
      let width = (box["xMax"] ?? 0) - (box["xMin"] ?? 0)
      let height = (box["yMax"] ?? 0) - (box["yMin"] ?? 0)
      if height > width { down += 1 } else { across += 1 }
    }
    try #require(down + across > 0, "poppler found no words in \(file)")
    return down > across
  }
}
