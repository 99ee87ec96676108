import Foundation
import Testing

/// Variants of the scan fixture `pictures/arabic-scan.pdf` (a book whose pages are each one
/// JPEG over the whole page), written by pikepdf.
public enum ScanVariant {
  /// Page 1 of the fixture, written again by pikepdf after `change` (Python, on `page`,
  /// `image` and `pdf`), to `name` in `folder`.
  public static func make(_ name: String, _ change: String, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent(name + ".pdf").path
    let script = """
      import sys, pikepdf
      from pikepdf import Name, Array, Dictionary
      pdf = pikepdf.open(sys.argv[1])
      del pdf.pages[1:]
      page = pdf.pages[0]
      image = page.Resources.XObject.Im0
      \(change)
      encryption = pikepdf.Encryption(owner="owner", user="") if "\(name)" == "encrypted" else None
      pdf.save(sys.argv[2], encryption=encryption)
      """
    let result = try IndependentReaders.runPython(
      script, Fixture.path("pictures/arabic-scan.pdf"), path)
    try #require(result.status == 0, "\(result.err)")
    return path
  }
}
