import Foundation
import PDFBindTestSupport
import Testing

/// Issue 40: `suggest` on books of real page pictures, as people have them: a yellowed scan, a
/// photographed open book, a 2-up scan, a magazine page with a photograph, blackletter, a
/// handwritten page, an Arabic scan, a manga page, a Tamil magazine page and a Tamil
/// handwritten page (script detection knows Tamil print, not Tamil handwriting, which it reads
/// as Arabic), a Siku Quanshu page whose vertical columns measure as rows, and a French will in
/// cursive that script detection reads as Arabic, unsure which way up; and three access copies,
/// scans fitted into 640 and 480 pixels (a Yiddish page that decides by its Hebrew letters, an
/// English magazine page that says nothing where it read as Syriac, a Fraktur page whose rows
/// no longer show, read as Fraktur surely enough to decide); and a book of Latin hymns whose
/// page of verse in rows says left-edge, seconded by pages of verse that show no rows but read
/// surely upright as Latin (SuggestRules 58); and a Korean exam paper whose print script
/// detection names Korean with hardly any confidence but surely upright (SuggestRules 67).
/// Each fixture is
/// a book of the real-page bench, made from its pinned sources by
/// Fixtures/real/make_real_fixtures.py (sources and licences in Fixtures/real/README.md); its
/// MANIFEST.tsv row says what a person labelled it, or that it stays undecided, and what the
/// evidence must say why.
@Suite("suggest on real page pictures")
struct RealPagesTests {
  struct Book: CustomTestStringConvertible, Sendable {
    var file: String
    var expected: String
    var source: String
    var detail: String
    var testDescription: String { file }
  }

  static let books: [Book] = {
    let text =
      (try? String(contentsOfFile: Fixture.path("real/MANIFEST.tsv"), encoding: .utf8)) ?? ""
    var rows = text.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    guard !rows.isEmpty else { return [] }
    let header = rows.removeFirst()
    func field(_ row: [String], _ name: String) -> String {
      header.firstIndex(of: name).flatMap { $0 < row.count ? row[$0] : nil } ?? ""
    }
    return rows.map {
      Book(
        file: field($0, "file"), expected: field($0, "expected"), source: field($0, "source"),
        detail: field($0, "detail"))
    }
  }()

  /// The run-time libraries `suggest` needs to read these pages that `pdfbind doctor` did not
  /// find (empty when doctor cannot run: then the tests run, and fail).
  static let missingLibraries: [String] = {
    guard let result = try? PDFBindRunner.run("doctor", "--json"), result.status == 0 else {
      return []
    }
    let needed: Set = [
      "poppler-glib", "cairo", "tesseract", "tesseract-osd", "tesseract-eng", "tesseract-heb",
      "tesseract-urd", "tesseract-syr",
    ]
    return result.out.split(separator: "\n").compactMap {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any],
        let library = object["library"] as? String, needed.contains(library),
        object["found"] as? Bool == false
      else { return nil }
      return library
    }
  }()

  static let librariesFound = missingLibraries.isEmpty
  static let skipReason = Comment(
    rawValue: "needs poppler-glib, cairo, Tesseract and its osd, English, Hebrew, Urdu and "
      + "Syriac data (Debian: libpoppler-glib8, libtesseract5, tesseract-ocr-osd, "
      + "tesseract-ocr-eng, tesseract-ocr-heb, tesseract-ocr-urd, tesseract-ocr-syr); "
      + "pdfbind doctor finds no "
      + missingLibraries.joined(separator: ", "))

  func suggestJSON(_ path: String) throws -> [String: Any] {
    let result = try PDFBindRunner.run("suggest", "--json", path)
    #expect(result.status == 0, "\(result.err)")
    return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
  }

  @Test("The manifest lists the real books, and each file is there: a missing one fails")
  func manifest() {
    #expect(Self.books.count >= 8)
    for book in Self.books {
      #expect(FileManager.default.fileExists(atPath: Fixture.path("real/" + book.file)), "\(book)")
      #expect(["left-edge", "right-edge", "undecided"].contains(book.expected), "\(book)")
      #expect(!book.source.isEmpty && !book.detail.isEmpty, "\(book)")
    }
    // Both sides decided, and books that stay undecided.
    for expected in ["left-edge", "right-edge", "undecided"] {
      #expect(Self.books.contains { $0.expected == expected }, "no \(expected) book")
    }
  }

  @Test(
    "Each book decides as labelled, or stays undecided, and its evidence says why",
    .enabled(if: librariesFound, skipReason), arguments: books)
  func decides(book: Book) throws {
    let object = try suggestJSON(Fixture.path("real/" + book.file))
    #expect(object["decision"] as? String == book.expected, "\(object)")
    let evidence = (object["evidence"] as? [[String: Any]] ?? []).filter {
      $0["source"] as? String == book.source
    }
    #expect(evidence.count == 1, "\(object)")
    let line = try #require(evidence.first)
    let said = line["detail"] as? String ?? ""
    #expect(said.hasPrefix(book.detail), "\(book.source): \(said)")
    if book.expected == "undecided" {
      // Nothing points either way: this source says nothing, and neither does any other.
      #expect(line["says"] is NSNull || line["says"] == nil, "\(line)")
      #expect(
        (object["reason"] as? String)?.hasPrefix("nothing points either way: ") == true,
        "\(object)")
    } else {
      #expect(line["says"] as? String == book.expected, "\(line)")
      #expect(line["weighed"] as? Bool == true, "\(line)")
      #expect(object["conflict"] as? Bool == false, "\(object)")
    }
  }

  /// The console transcript in README.md ("Books that are pictures") of `suggest` on real
  /// fixtures, its output lines starting with the path.
  static let readmeLines: [String] = {
    let readme = try? String(
      contentsOf: Fixture.repository.appendingPathComponent("README.md"), encoding: .utf8)
    return (readme ?? "").split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("Fixtures/real/")
    }
  }()

  @Test("The README shows suggest deciding on a real scan and a real manga page")
  func readmeShowsRealPages() {
    #expect(Self.readmeLines.contains { $0.hasPrefix("Fixtures/real/arabic-yellowed-scan.pdf: ") })
    #expect(Self.readmeLines.contains { $0.hasPrefix("Fixtures/real/manga-blackjack.pdf: ") })
  }

  @Test(
    "The README's transcript on real pages is what suggest prints",
    .enabled(if: librariesFound, skipReason))
  func readmeTranscript() throws {
    for line in Self.readmeLines {
      let file = String(line.prefix { $0 != ":" })
      let path = Fixture.repository.appendingPathComponent(file).path
      let result = try PDFBindRunner.run("suggest", path)
      #expect(result.status == 0, "\(result.err)")
      #expect(result.out == path + line.dropFirst(file.count) + "\n")
    }
  }
}
