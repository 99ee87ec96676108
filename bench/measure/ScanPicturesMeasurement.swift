import Foundation
import SystemPackage

@testable import PDFBindCore
@testable import PDFBindPages

/// Whether a scan decoded by pdfbind (`ScanDecoder`) and scaled as cairo scales it (`GreyImage(scan:)`)
/// is the picture poppler draws, at the size the writing evidence reads (1,600 pixels): one
/// tab-separated line per page that is one scan, of each PDF in a folder.
/// `pdfbind-measure scan-pictures DIR` prints them (bench/measure/README.md).
///
/// Columns: the file, the page (from 1), the scan's size and channels, the picture's size,
/// the filter's kind (`-` when `GreyImage(scan:)` declines and poppler would draw), the
/// levels that differ from poppler's picture, and the largest difference.
enum ScanPicturesMeasurement {
  static func printMeasures(in folder: String) throws {
    print("scan\tfile\tpage\tscan_size\tchannels\tpicture_size\tkind\tdiffering\tlargest")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasSuffix(".pdf") }.sorted()
    let side = PageScriptEvidence.pictureSide
    for name in names {
      let path = FilePath(folder).appending(name)
      let (document, _) = try OpenedFile(path: path, password: nil).qpdfRead()
      guard let poppler = try? PopplerDocument(path: path, password: nil) else { continue }
      let decoder = ScanDecoder()
      for page in 0..<min(poppler.pageCount, 8) {
        guard let scan = document.wholePageScan(page),
          let decoded = decoder.decode(scan, budget: PagePictures.largestDecodedScan)
        else { continue }
        let (width, height) = PagePictures.fitted(scan, maxWidth: side, maxHeight: side)
        var fields = [
          "scan", name, "\(page + 1)", "\(scan.width)x\(scan.height)", "\(decoded.channels)",
          "\(width)x\(height)",
        ]
        guard let ours = GreyImage(scan: decoded, width: width, height: height),
          let drawn = try? poppler.greyImage(page, maxWidth: side, maxHeight: side)
        else {
          print((fields + ["-", "-", "-"]).joined(separator: "\t"))
          continue
        }
        let kind = CairoGoodFilter(from: scan.width, to: width)?.kind == .box ? "box" : "bilinear"
        guard drawn.width == ours.width, drawn.height == ours.height else {
          fields += [kind, "size \(drawn.width)x\(drawn.height)", "-"]
          print(fields.joined(separator: "\t"))
          continue
        }
        let differences = zip(ours.pixels, drawn.pixels).map { abs(Int($0) - Int($1)) }
        fields += [kind, "\(differences.filter { $0 != 0 }.count)", "\(differences.max() ?? 0)"]
        print(fields.joined(separator: "\t"))
      }
    }
  }
}
