import PDFBindCore

/// A JPEG image decoded whole: `channels` bytes a pixel (1: grey; 3: red, green, blue), row
/// by row from the top left.
struct DecodedJPEG {
  let width: Int
  let height: Int
  let channels: Int
  /// At least `width × height × channels` bytes (a decoder's buffer, reused).
  let pixels: [UInt8]
}

/// Sole owner of one TurboJPEG decompressor: `tjDestroy` runs once, in `deinit`. A
/// decompressor serves one thread at a time; each drawing thread makes its own.
final class JPEGDecoder {
  private let library: TurboJPEGLibrary
  private let handle: OpaquePointer
  /// The pixels of the last image, kept for the next: a page of a book of scans is decoded
  /// into the memory the page before it was (a `DecodedJPEG` still holding them gets its own
  /// copy when the next is written).
  private var buffer: [UInt8] = []

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

  /// `image` decoded whole, in grey levels or in red, green and blue as its dictionary
  /// declares. nil when its pixels would take more than `budget` bytes, or the data is not a
  /// JPEG of the size and colours its dictionary declares, or is damaged (libjpeg-turbo
  /// warns): poppler then draws the page, its own way.
  func decode(_ image: WholePageJPEG, budget: Int) -> DecodedJPEG? {
    let channels = image.inColour ? 3 : 1
    // The sizes are the dictionary's, whatever it says: multiplied without overflow.
    guard ImageSize(width: image.width, height: image.height).pixels <= budget / channels else {
      return nil
    }
    let count = image.width * image.height * channels
    if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
    let decoded = image.data.withUnsafeBufferPointer { data -> Bool in
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
      return buffer.withUnsafeMutableBufferPointer { pixels in
        library.decompress(
          handle, bytes, UInt(data.count), pixels.baseAddress!, width,
          Int32(image.width * channels), height,
          image.inColour ? TurboJPEGLibrary.pixelFormatRGB : TurboJPEGLibrary.pixelFormatGrey,
          TurboJPEGLibrary.limitScans) == 0
      }
    }
    guard decoded else { return nil }
    return DecodedJPEG(
      width: image.width, height: image.height, channels: channels, pixels: buffer)
  }
}
