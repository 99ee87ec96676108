import Foundation
import Testing

/// The checks every `set` result must pass, judged by other programs than pdfbind.
public enum UpdateChecks {
  /// `result` starts with every byte of `original`, and has more.
  public static func isAppendOnly(original: Data, result: Data) -> Bool {
    result.count > original.count && result.prefix(original.count) == original
  }

  /// Asserts that `path` is `original` plus a valid update giving `direction` ("/R2L", or nil
  /// for no entry): the original bytes a prefix, qpdf --check with no warning the original did
  /// not have, the direction read back by pikepdf and MuPDF, the same page count.
  public static func expectExactUpdate(
    _ path: String, original: Data, originalPath: String, direction: String?,
    password: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(
      isAppendOnly(original: original, result: result), "original bytes are not a prefix",
      sourceLocation: sourceLocation)
    let before = try IndependentReaders.qpdfCheck(originalPath, password: password)
    let after = try IndependentReaders.qpdfCheck(path, password: password)
    #expect(after.status != 2, "qpdf --check reports errors", sourceLocation: sourceLocation)
    let newWarnings = Set(after.warnings).subtracting(before.warnings)
    #expect(
      newWarnings.isEmpty, "new qpdf warnings: \(newWarnings)", sourceLocation: sourceLocation)
    #expect(
      try IndependentReaders.qpdfDirection(path, password: password) == direction,
      sourceLocation: sourceLocation)
    // MuPDF judges every file it can open before the update (not ReportLab's AES-256).
    if try IndependentReaders.mutoolOpens(originalPath, password: password) {
      #expect(
        try IndependentReaders.mutoolDirection(path, password: password) == direction,
        sourceLocation: sourceLocation)
    }
    #expect(
      try IndependentReaders.qpdfPageCount(path, password: password)
        == IndependentReaders.qpdfPageCount(originalPath, password: password),
      sourceLocation: sourceLocation)
    try expectOtherReadersAgree(
      path, originalPath: originalPath, direction: direction, password: password,
      sourceLocation: sourceLocation)
  }

  /// PDFium reads `direction` and the original's page count, and Ghostscript the same page
  /// count with no complaint it did not have about the original.
  public static func expectOtherReadersAgree(
    _ path: String, originalPath: String, direction: String?, password: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    // PDFium judges every file it opens before the update (not one without a page tree).
    if let pdfiumBefore = try? IndependentReaders.pdfiumView(originalPath, password: password) {
      let pdfiumAfter = try? IndependentReaders.pdfiumView(path, password: password)
      #expect(
        pdfiumAfter?.direction == direction.map { String($0.dropFirst()) },
        "PDFium reads /Direction \(pdfiumAfter?.direction ?? "nil")",
        sourceLocation: sourceLocation)
      #expect(
        pdfiumAfter?.pages == pdfiumBefore.pages, "PDFium page count",
        sourceLocation: sourceLocation)
    }
    let gsBefore = try IndependentReaders.ghostscriptPages(originalPath, password: password)
    let gsAfter = try IndependentReaders.ghostscriptPages(path, password: password)
    #expect(
      gsAfter.pages == gsBefore.pages, "Ghostscript page count", sourceLocation: sourceLocation)
    let newComplaints = Set(gsAfter.complaints).subtracting(gsBefore.complaints)
    #expect(
      newComplaints.isEmpty, "new Ghostscript complaints: \(newComplaints)",
      sourceLocation: sourceLocation)
  }

  /// The last `startxref` value and what it points at: "table" or "stream".
  public static func lastSectionKind(_ data: Data) -> String? {
    let text = String(decoding: data.suffix(1100), as: UTF8.self)
    guard let range = text.range(of: "startxref", options: .backwards) else { return nil }
    let digits = text[range.upperBound...].drop { $0.isWhitespace }.prefix { $0.isNumber }
    // Offsets count from the `%PDF-` header, which junk may precede (as qpdf reads them).
    let header = data.prefix(1024).firstRange(of: Data("%PDF-".utf8))?.lowerBound ?? 0
    guard let relative = Int(digits), case let offset = header + relative, offset < data.count
    else { return nil }
    let head = String(decoding: data[offset..<min(data.count, offset + 40)], as: UTF8.self)
      .drop { $0.isWhitespace }
    if head.hasPrefix("xref") { return "table" }
    return head.contains("obj") ? "stream" : nil
  }

  /// The trailer or xref-stream dictionary text of the last section (for key checks).
  public static func lastTrailerText(_ data: Data) -> String {
    let text = String(decoding: data.suffix(2000), as: UTF8.self)
    let start =
      text.range(of: "trailer", options: .backwards)?.upperBound
      ?? text.range(of: "/XRef", options: .backwards)?.lowerBound ?? text.startIndex
    return String(text[start...])
  }
}
