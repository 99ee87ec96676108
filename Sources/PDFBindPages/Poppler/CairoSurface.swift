// A cairo image surface and its drawing context, for the preview canvas and for page rasters.
import Glibc
import PDFBindCore

/// Sole owner of one cairo image surface (RGB, 8 bits a channel) and the context that draws
/// on it; both are destroyed in `deinit`.
final class CairoSurface {
  let library: PopplerLibrary
  let surface: OpaquePointer
  let context: OpaquePointer
  let width: Int
  let height: Int
  /// The pixels, when this owner made them (`white:`); freed after the surface.
  private let pixels: UnsafeMutablePointer<UInt8>?

  /// Largest surface pdfbind makes: cairo's image surfaces stop at 32,767 pixels a side, and
  /// 150 megapixels (600 MB) is already more memory than a preview should take.
  static let maximumSide = 32_767
  static let maximumPixels = 150_000_000

  /// A surface of `width`×`height` pixels, black; with `white`, white instead: its pixels
  /// are made here and written once, where cairo would clear them and a white fill write
  /// them again (two passes over a 1,600-pixel page's 15 MB that `suggest` draws for each
  /// page it measures).
  init(width: Int, height: Int, library: PopplerLibrary, white: Bool = false)
    throws(BindingError)
  {
    guard width >= 1, height >= 1, width <= Self.maximumSide, height <= Self.maximumSide,
      width * height <= Self.maximumPixels
    else { throw BindingError.picture(.tooLarge(width: width, height: height)) }
    self.library = library
    let format = PopplerLibrary.formatRGB24
    let surface: OpaquePointer
    if white {
      let stride = Int(library.strideForWidth(format, Int32(width)))
      guard stride > 0, let pixels = malloc(stride * height) else {
        throw BindingError.picture(.renderFailed("cairo: no memory for the pixels"))
      }
      // RGB24 ignores the top byte of each pixel's word: every byte 0xFF is white.
      memset(pixels, 0xFF, stride * height)
      let bytes = pixels.assumingMemoryBound(to: UInt8.self)
      self.pixels = bytes
      surface = library.createSurfaceForData(
        bytes, format, Int32(width), Int32(height), Int32(stride))!
    } else {
      pixels = nil
      surface = library.createSurface(format, Int32(width), Int32(height))!
    }
    // cairo returns an "error surface" rather than NULL; it must still be destroyed.
    let status = library.surfaceStatus(surface)
    guard status == 0 else {
      library.destroySurface(surface)
      Glibc.free(pixels)
      throw BindingError.picture(
        .renderFailed("cairo: " + String(cString: library.statusString(status))))
    }
    self.surface = surface
    context = library.createContext(surface)!
    self.width = width
    self.height = height
  }

  deinit {
    library.destroyContext(context)
    library.destroySurface(surface)
    Glibc.free(pixels)
  }

  func fill(_ rect: Rect, _ colour: Colour) {
    setColour(colour)
    library.rectangle(context, rect.x, rect.y, rect.width, rect.height)
    library.fill(context)
  }

  func setColour(_ colour: Colour) {
    library.setSourceRGB(
      context, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255)
  }

  /// The surface's pixels as grey levels (ITU-R BT.601 luma), row by row.
  func greyImage() -> GreyImage {
    withRows { GreyImage(rgb24Width: width, height: height, row: $0) }
      ?? GreyImage(width: width, height: height, filledWith: 255)
  }

  /// The surface's pixels as the spread detector reads them: grey levels, and the colour
  /// differences of the `edgeColumns` columns at each side when the page is in colour.
  func spinePicture(edgeColumns: Int) -> SpinePicture {
    withRows { SpinePicture(rgb24Width: width, height: height, edgeColumns: edgeColumns, row: $0) }
      ?? SpinePicture(grey: GreyImage(width: width, height: height, filledWith: 255))
  }

  /// The surface's pixels as a PNG file (`PNGFile`); nil when cairo has no pixels to give or
  /// zlib fails.
  func png() -> [UInt8]? {
    withRows { PNGFile.encode(width: width, height: height, row: $0) } ?? nil
  }

  /// `body` given the start of each row of pixels (cairo's RGB24: a native-endian 32-bit word
  /// 0x00RRGGBB a pixel); nil when cairo has no pixels to give.
  private func withRows<T>(_ body: ((Int) -> UnsafePointer<UInt32>) -> T) -> T? {
    library.flush(surface)
    guard let data = library.surfaceData(surface) else { return nil }
    let stride = Int(library.surfaceStride(surface))
    return body { UnsafeRawPointer(data + $0 * stride).assumingMemoryBound(to: UInt32.self) }
  }
}
