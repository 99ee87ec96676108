/// A JPEG image decoded at a reduced scale: `channels` bytes a pixel (1: grey; 3: red, green,
/// blue), row by row from the top left.
struct DecodedJPEG {
  let width: Int
  let height: Int
  let channels: Int
  /// At least `width × height × channels` bytes (a decoder's buffer, reused).
  let pixels: [UInt8]
  /// How much of the decoded pixels the image covers, in decoded pixels: a scale of n/8 rounds
  /// the size up, and the last column and row then stand for less than a whole pixel of the
  /// image (989 columns at 1/4 are 247.25, decoded as 248).
  let coveredWidth: Double
  let coveredHeight: Double
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
    guard let library = TurboJPEGLibrary.shared, let handle = library.initDecompress() else {
      return nil
    }
    self.library = library
    self.handle = handle
  }

  deinit { _ = library.destroy(handle) }

  /// `image` decoded whole, or at the largest of libjpeg-turbo's reduced scales that keeps the
  /// pixels within `budget` bytes, as long as that is at least `width`×`height`. Whole, and
  /// averaged down, it gives the picture poppler draws to the level; at a reduced scale
  /// libjpeg-turbo keeps only the lower frequencies, and the picture is smoother. nil when the
  /// data is not a JPEG of the size and colours its dictionary declares, is damaged
  /// (libjpeg-turbo warns), or is smaller than asked for: poppler then draws the page.
  func decode(_ image: WholePageJPEG, atLeast width: Int, _ height: Int, budget: Int)
    -> DecodedJPEG?
  {
    image.data.withUnsafeBufferPointer { data -> DecodedJPEG? in
      guard let bytes = data.baseAddress else { return nil }
      var imageWidth: Int32 = 0
      var imageHeight: Int32 = 0
      var subsampling: Int32 = 0
      var colourSpace: Int32 = 0
      guard
        library.decompressHeader(
          handle, bytes, UInt(data.count), &imageWidth, &imageHeight, &subsampling, &colourSpace)
          == 0,
        Int(imageWidth) == image.width, Int(imageHeight) == image.height,
        image.inColour
          ? [TurboJPEGLibrary.colourSpaceYCbCr, TurboJPEGLibrary.colourSpaceRGB].contains(
            colourSpace)
          : colourSpace == TurboJPEGLibrary.colourSpaceGrey,
        let scale = largestScale(
          image.width, image.height, channels: image.inColour ? 3 : 1, budget: budget),
        scale.width >= width, scale.height >= height
      else { return nil }
      let channels = image.inColour ? 3 : 1
      if buffer.count < scale.width * scale.height * channels {
        buffer = [UInt8](repeating: 0, count: scale.width * scale.height * channels)
      }
      let status = buffer.withUnsafeMutableBufferPointer { pixels in
        library.decompress(
          handle, bytes, UInt(data.count), pixels.baseAddress!, Int32(scale.width),
          Int32(scale.width * channels), Int32(scale.height),
          image.inColour ? TurboJPEGLibrary.pixelFormatRGB : TurboJPEGLibrary.pixelFormatGrey,
          TurboJPEGLibrary.limitScans)
      }
      guard status == 0 else { return nil }
      return DecodedJPEG(
        width: scale.width, height: scale.height, channels: channels, pixels: buffer,
        coveredWidth: Double(image.width) * scale.factor,
        coveredHeight: Double(image.height) * scale.factor)
    }
  }

  /// The size of the largest scale (at most 1) whose pixels fit in `budget` bytes.
  private func largestScale(_ imageWidth: Int, _ imageHeight: Int, channels: Int, budget: Int)
    -> (width: Int, height: Int, factor: Double)?
  {
    library.scalingFactors
      .filter { $0.numerator <= $0.denominator }
      .map { factor in
        // TJSCALED: the scaled size rounds up.
        (
          width: (imageWidth * factor.numerator + factor.denominator - 1) / factor.denominator,
          height: (imageHeight * factor.numerator + factor.denominator - 1) / factor.denominator,
          factor: Double(factor.numerator) / Double(factor.denominator)
        )
      }
      .filter { $0.width * $0.height * channels <= budget }
      .max { $0.factor < $1.factor }
  }
}
