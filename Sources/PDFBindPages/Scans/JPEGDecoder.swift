import PDFBindCore

/// Sole owner of one TurboJPEG decompressor: `tjDestroy` runs once, in `deinit`. A
/// decompressor serves one thread at a time: each page worker's `ScanDecoder` makes its own.
final class JPEGDecoder {
  private let library: TurboJPEGLibrary
  private let handle: OpaquePointer

  /// nil when libturbojpeg is not installed or makes no decompressor: poppler then draws.
  init?() {
    guard let library = try? TurboJPEGLibrary.shared.get(), let handle = library.initDecompress()
    else {
      return nil
    }
    self.library = library
    self.handle = handle
  }

  deinit { _ = library.destroy(handle) }

  /// The JPEG file of `image` decoded into `pixels` (`reduced(image.width) ×
  /// reduced(image.height) × image.channels` bytes), whole or at 1/`reduction` of its size
  /// (libjpeg's scaled inverse DCT: 1, 2, 4 or 8), in grey levels or in red, green and blue as
  /// its dictionary declares. false when the data is not a JPEG of that size and those
  /// colours, or is damaged (libjpeg-turbo warns).
  func decode(
    _ image: WholePageScan, reduction: Int = 1, into pixels: UnsafeMutableBufferPointer<UInt8>
  ) -> Bool {
    precondition(image.encoding == .jpeg && Self.reductions.contains(reduction))
    let (scaledWidth, scaledHeight) = Self.reduced(image, by: reduction)
    precondition(pixels.count >= scaledWidth * scaledHeight * image.channels)
    return image.data.withUnsafeBufferPointer { data -> Bool in
      guard let bytes = data.baseAddress else { return false }
      var width: Int32 = 0
      var height: Int32 = 0
      var subsampling: Int32 = 0
      var colourSpace: Int32 = 0
      guard
        library.decompressHeader(
          handle, bytes, UInt(data.count), &width, &height, &subsampling, &colourSpace) == 0,
        Int(width) == image.width, Int(height) == image.height,
        image.inColour
          ? [TurboJPEGLibrary.colourSpaceYCbCr, TurboJPEGLibrary.colourSpaceRGB].contains(
            colourSpace)
          : colourSpace == TurboJPEGLibrary.colourSpaceGrey
      else { return false }
      // Asked for the reduced size, TurboJPEG scales by the largest factor that fits it:
      // 1/`reduction` itself (the next larger factor of each, 5/8, 3/8 and 1/4, gives more).
      return library.decompress(
        handle, bytes, UInt(data.count), pixels.baseAddress!, Int32(scaledWidth),
        Int32(scaledWidth * image.channels), Int32(scaledHeight),
        image.inColour ? TurboJPEGLibrary.pixelFormatRGB : TurboJPEGLibrary.pixelFormatGrey,
        TurboJPEGLibrary.limitScans) == 0
    }
  }

  /// The reductions libjpeg's scaled inverse DCT decodes at, least first.
  static let reductions = [1, 2, 4, 8]

  /// The size `image` decodes to at 1/`reduction` (TurboJPEG's `TJSCALED`: rounded up).
  static func reduced(_ image: WholePageScan, by reduction: Int) -> (width: Int, height: Int) {
    // Without overflow whatever sizes the dictionary declares.
    func rounded(_ side: Int) -> Int { side / reduction + (side % reduction == 0 ? 0 : 1) }
    return (rounded(image.width), rounded(image.height))
  }
}
