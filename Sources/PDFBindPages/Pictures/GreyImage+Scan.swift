import CPixelLoops

extension GreyImage {
  /// The picture poppler draws of a page that is one scan over the whole of it, at `width`×
  /// `height` pixels, made from the scan decoded whole and scaled as cairo scales the image
  /// poppler hands it (`CairoGoodFilter`): the picture the writing evidence measures and
  /// Tesseract reads, without poppler's decoding and pixman's scaling (a 24-page manga's five
  /// pictures cost 67 ms each so; bench/suggest/README.md, "Scans decoded for the script").
  /// nil when cairo would filter the two directions in different kinds, or not as
  /// `CairoGoodFilter` does: poppler draws the page.
  init?(scan: DecodedJPEG, width: Int, height: Int) {
    guard
      let (across, down) = [CairoGoodFilter.Kind.box, .bilinear].lazy.compactMap({ kind in
        CairoGoodFilter(from: scan.width, to: width, kind: kind).flatMap { across in
          CairoGoodFilter(from: scan.height, to: height, kind: kind).map { (across, $0) }
        }
      }).first
    else { return nil }
    let columns = across.table(of: 0..<width)
    let rows = down.table(of: 0..<height)
    var pixels = [UInt8](repeating: 255, count: width * height)
    scan.pixels.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { grey in
        switch across.kind {
        case .box:
          CPixelLoops_scale_to_grey(
            source.baseAddress!, scan.width, Int32(scan.channels), columns.sources,
            columns.weights, Int32(across.width), rows.sources, rows.weights, Int32(down.width),
            grey.baseAddress!, width, height)
        case .bilinear:
          // The 7-bit weights themselves (`CairoGoodFilter` keeps them in 16.16).
          CPixelLoops_scale_to_grey_bilinear(
            source.baseAddress!, scan.width, Int32(scan.channels), columns.sources,
            columns.weights.map { $0 >> 9 }, rows.sources, rows.weights.map { $0 >> 9 },
            grey.baseAddress!, width, height)
        }
      }
    }
    self.init(width: width, height: height, pixels: pixels)
  }
}
