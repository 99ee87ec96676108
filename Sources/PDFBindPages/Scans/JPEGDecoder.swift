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

  /// The JPEG file of `image` decoded whole into `pixels` (`image.width × image.height ×
  /// image.channels` bytes), in grey levels or in red, green and blue as its dictionary
  /// declares. false when the data is not a JPEG of that size and those colours, or is
  /// damaged (libjpeg-turbo warns).
  func decode(_ image: WholePageScan, into pixels: UnsafeMutableBufferPointer<UInt8>) -> Bool {
    precondition(image.encoding == .jpeg)
    precondition(pixels.count >= image.width * image.height * image.channels)
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
      return library.decompress(
        handle, bytes, UInt(data.count), pixels.baseAddress!, width,
        Int32(image.width * image.channels), height,
        image.inColour ? TurboJPEGLibrary.pixelFormatRGB : TurboJPEGLibrary.pixelFormatGrey,
        TurboJPEGLibrary.limitScans) == 0
    }
  }
}
