import Foundation

/// A one-page PDF written byte by byte, for catalogs no producer writes (syntax errors, odd
/// names). The cross-reference table is exact, so only the catalog text can be at fault.
public enum HandMadePDF {
  public static func bytes(catalog: String) -> Data {
    bytes(objects: [
      catalog,
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
    ])
  }

  /// A PDF of `objects`, numbered from 1 (object 1 is the catalog), each written as given:
  /// a stream is `<< /Length N >>\nstream\n…\nendstream`.
  public static func bytes(objects: [String]) -> Data {
    var out = Data("%PDF-1.7\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
    var offsets: [Int] = []
    for (index, object) in objects.enumerated() {
      offsets.append(out.count)
      out += Data("\(index + 1) 0 obj\n".utf8) + Data(latin1: object) + Data("\nendobj\n".utf8)
    }
    let xref = out.count
    out += Data("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
    for offset in offsets {
      out += Data(
        (String(repeating: "0", count: 10 - String(offset).count) + "\(offset) 00000 n \n").utf8)
    }
    out += Data(
      "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
    return out
  }
}

extension Data {
  /// Each character below U+0100 as one byte, so tests can write raw bytes in a string.
  init(latin1 text: String) {
    self.init(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
  }
}
