import CPixelLoops

extension GreyImage {
  /// The picture poppler draws of a page that is one scan over the whole of it, at `width`×
  /// `height` pixels, made from the scan decoded whole and scaled as cairo scales the image
  /// poppler hands it (`CairoGoodFilter`): the picture the writing evidence measures and
  /// Tesseract reads, without poppler's decoding and pixman's scaling (a 24-page manga's five
  /// pictures cost 67 ms each so; bench/suggest/README.md, "Scans decoded for the script").
  /// nil when cairo would filter the two directions in different kinds, or not as
  /// `CairoGoodFilter` does: poppler draws the page. A page shown turned (`/Rotate`) is
  /// scaled as it lies and the picture turned: within 2 levels of poppler's, which scales it
  /// turned (bench/suggest/README.md, "Scans of pages shown turned").
  init?(scan: DecodedScan, width: Int, height: Int) {
    guard scan.quarterTurns != 0 else {
      self.init(unturned: scan, width: width, height: height)
      return
    }
    let lying = Turning.lying(width: width, height: height, quarterTurns: scan.quarterTurns)
    guard let picture = GreyImage(unturned: scan, width: lying.width, height: lying.height)
    else { return nil }
    self.init(
      width: width, height: height,
      pixels: Turning.clockwise(
        picture.pixels, width: lying.width, height: lying.height, by: scan.quarterTurns))
  }

  private init?(unturned scan: DecodedScan, width: Int, height: Int) {
    guard let across = CairoGoodFilter(from: scan.width, to: width),
      let down = CairoGoodFilter(from: scan.height, to: height), across.kind == down.kind
    else { return nil }
    switch across.kind {
    case .box:
      // The convolution the spine pictures go through, every column drawn, then the grey
      // conversion poppler's pictures go through.
      let words = scan.convolved(across: across, down: down, columns: Array(0..<width))
      self = words.withUnsafeBufferPointer { words in
        GreyImage(rgb24Width: width, height: height) { words.baseAddress! + $0 * width }
      }
    case .bilinear:
      let columns = across.table(of: 0..<width)
      let rows = down.table(of: 0..<height)
      var pixels = [UInt8](repeating: 255, count: width * height)
      scan.pixels.withUnsafeBufferPointer { source in
        pixels.withUnsafeMutableBufferPointer { grey in
          CPixelLoops_scale_to_grey_bilinear(
            source.baseAddress!, scan.width, Int32(scan.channels), columns.sources,
            columns.weights, rows.sources, rows.weights, grey.baseAddress!, width, height)
        }
      }
      self.init(width: width, height: height, pixels: pixels)
    }
  }
}
