import Foundation
import PDFBindTestSupport
import Testing

/// `pdfbind doctor`: each library pdfbind loads at run time, whether it was found and where,
/// which commands use it and what they do without it. A library is hidden the way
/// `PicturesTests` hides one: /dev/null mounted over it in a mount namespace of its own.
@Suite("doctor: the libraries loaded at run time")
struct DoctorTests {
  static let libraries = [
    "poppler-glib", "cairo", "tesseract", "tesseract-osd", "tesseract-eng", "tesseract-heb",
    "tesseract-urd", "tesseract-syr", "tesseract-kat", "tesseract-hye", "tesseract-mya",
    "tesseract-bod", "turbojpeg", "font",
  ]
  static let popplerLibrary = "/usr/lib/x86_64-linux-gnu/libpoppler-glib.so.8"

  /// doctor --json's objects, by library name.
  static func report(_ result: ProcessResult) throws -> [String: [String: Any]] {
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err == "")
    var objects: [String: [String: Any]] = [:]
    var order: [String] = []
    for line in result.out.split(separator: "\n") {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let name = try #require(object["library"] as? String)
      order.append(name)
      objects[name] = object
    }
    #expect(order == libraries)
    return objects
  }

  @Test("With everything make test installs, each library is found in a file that exists")
  func everythingFound() throws {
    let text = try PDFBindRunner.run("doctor")
    #expect(text.status == 0 && text.err == "")
    let lines = text.out.split(separator: "\n").map(String.init)
    #expect(lines.count == Self.libraries.count * 3 + 1, "\(text.out)")
    #expect(
      lines.filter { !$0.hasPrefix(" ") }.dropLast().map { $0.prefix { $0 != ":" } }
        == Self.libraries.map { Substring($0) })
    #expect(lines.last == "get, set, check, history and revert need none of them.")
    #expect(lines.contains("  used by: preview"), "the font is for preview alone")
    let report = try Self.report(try PDFBindRunner.run("doctor", "--json"))
    for name in Self.libraries {
      let object = try #require(report[name])
      #expect(object["found"] as? Bool == true, "\(name): \(object)")
      let file = try #require(object["file"] as? String, "\(name)")
      #expect(FileManager.default.fileExists(atPath: file), "\(name): \(file)")
      #expect(object["reason"] is NSNull)
      #expect((object["used_by"] as? [String])?.isEmpty == false)
      #expect((object["without"] as? String)?.isEmpty == false)
    }
    #expect(report["poppler-glib"]?["package"] as? String == "libpoppler-glib8")
    #expect(report["tesseract-osd"]?["package"] as? String == "tesseract-ocr-osd")
    #expect(
      report["tesseract-osd"]?["file"] as? String
        == "/usr/share/tesseract-ocr/5/tessdata/osd.traineddata")
    #expect(
      report["tesseract-eng"]?["file"] as? String
        == "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata")
    #expect(
      report["tesseract-heb"]?["file"] as? String
        == "/usr/share/tesseract-ocr/5/tessdata/heb.traineddata")
    #expect(
      report["tesseract-urd"]?["file"] as? String
        == "/usr/share/tesseract-ocr/5/tessdata/urd.traineddata")
    #expect(
      report["tesseract-syr"]?["file"] as? String
        == "/usr/share/tesseract-ocr/5/tessdata/syr.traineddata")
  }

  @Test("Without Tesseract's script data doctor says where it looked, and exits 0")
  func scriptDataMissing() throws {
    let environment = ["TESSDATA_PREFIX": "/nonexistent"]
    let text = try PDFBindRunner.run(["doctor"], environment: environment)
    #expect(text.status == 0)
    #expect(
      text.out.contains(
        "tesseract-osd: missing (osd.traineddata is not in /nonexistent); Debian: apt-get "
          + "install tesseract-ocr-osd\n"), "\(text.out)")
    let report = try Self.report(
      try PDFBindRunner.run(["doctor", "--json"], environment: environment))
    #expect(report["tesseract-osd"]?["found"] as? Bool == false)
    #expect(report["tesseract-osd"]?["file"] is NSNull)
    #expect(report["tesseract"]?["found"] as? Bool == true)
    // English's data is looked for in the same places.
    #expect(
      text.out.contains(
        "tesseract-eng: missing (eng.traineddata is not in /nonexistent); Debian: apt-get "
          + "install tesseract-ocr-eng\n"), "\(text.out)")
    #expect(report["tesseract-eng"]?["package"] as? String == "tesseract-ocr-eng")
    // And Hebrew's (SuggestRules 37).
    #expect(
      text.out.contains(
        "tesseract-heb: missing (heb.traineddata is not in /nonexistent); Debian: apt-get "
          + "install tesseract-ocr-heb\n"), "\(text.out)")
    #expect(report["tesseract-heb"]?["package"] as? String == "tesseract-ocr-heb")
    // And Urdu's (SuggestRules 39).
    #expect(
      text.out.contains(
        "tesseract-urd: missing (urd.traineddata is not in /nonexistent); Debian: apt-get "
          + "install tesseract-ocr-urd\n"), "\(text.out)")
    #expect(report["tesseract-urd"]?["package"] as? String == "tesseract-ocr-urd")
    // And Syriac's (SuggestRules 41).
    #expect(
      text.out.contains(
        "tesseract-syr: missing (syr.traineddata is not in /nonexistent); Debian: apt-get "
          + "install tesseract-ocr-syr\n"), "\(text.out)")
    #expect(report["tesseract-syr"]?["package"] as? String == "tesseract-ocr-syr")
  }

  @Test(
    "Without libtesseract doctor names it and the package, and the rest is still found",
    .enabled(if: PicturesTests.canHideTesseract, "needs unshare -r -m and Debian's libtesseract5"))
  func tesseractHidden() throws {
    let report = try Self.report(
      try PicturesTests.hiding(PicturesTests.tesseractLibrary, "doctor", "--json"))
    let tesseract = try #require(report["tesseract"])
    #expect(tesseract["found"] as? Bool == false)
    #expect((tesseract["reason"] as? String)?.contains("libtesseract.so.5") == true, "\(tesseract)")
    #expect(tesseract["package"] as? String == "libtesseract5")
    for name in ["poppler-glib", "cairo", "turbojpeg", "font"] {
      #expect(report[name]?["found"] as? Bool == true, "\(name)")
    }
    let text = try PicturesTests.hiding(PicturesTests.tesseractLibrary, "doctor")
    #expect(text.status == 0)
    #expect(text.out.contains("\ntesseract: missing ("), "\(text.out)")
  }

  @Test(
    "Without poppler-glib doctor says cairo is not loaded either, and suggest fails as it says",
    .enabled(
      if: PicturesTests.canHideLibraries && FileManager.default.fileExists(atPath: popplerLibrary),
      "needs unshare -r -m and Debian's libpoppler-glib8"))
  func popplerHidden() throws {
    let report = try Self.report(try PicturesTests.hiding(Self.popplerLibrary, "doctor", "--json"))
    #expect(report["poppler-glib"]?["found"] as? Bool == false)
    #expect(
      (report["poppler-glib"]?["reason"] as? String)?.contains("libpoppler-glib.so.8") == true)
    #expect(
      report["cairo"]?["reason"] as? String
        == "libcairo.so.2 is loaded only after libpoppler-glib.so.8, which cannot be")
    #expect(report["tesseract"]?["found"] as? Bool == true)
    let without = report["poppler-glib"]?["without"] as? String ?? ""
    #expect(without.hasPrefix("those commands fail on each file and say what to install"))
    // What doctor says is what suggest does. Without the cache (whose key loads every page
    // library) pdfbind loads poppler only once a page worker could not open the file.
    for cache in [[], ["--no-cache"]] {
      let suggest = try PicturesTests.hiding(
        Self.popplerLibrary, ["suggest"] + cache + [Fixture.path("right-edge.pdf")])
      #expect(suggest.status == 2, "\(cache)")
      #expect(suggest.out.isEmpty)
      #expect(suggest.err.contains("apt-get install libpoppler-glib8"), "\(suggest.err)")
    }
    let get = try PicturesTests.hiding(Self.popplerLibrary, "get", Fixture.path("right-edge.pdf"))
    #expect((get.status, get.out) == (0, "right-edge\n"))
  }

  @Test("doctor takes no file; a wrong command line exits 64")
  func usage() throws {
    for arguments in [["doctor", "x.pdf"], ["doctor", "--bogus"]] {
      let result = try PDFBindRunner.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.out == "")
    }
  }
}
