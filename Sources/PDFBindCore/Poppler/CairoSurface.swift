// A cairo image surface and its drawing context, for the preview canvas and for page rasters.
/// Sole owner of one cairo image surface (RGB, 8 bits a channel) and the context that draws
/// on it; both are destroyed in `deinit`.
final class CairoSurface {
  let library: PopplerLibrary
  let surface: OpaquePointer
  let context: OpaquePointer
  let width: Int
  let height: Int

  /// Largest surface pdfbind makes: cairo's image surfaces stop at 32,767 pixels a side, and
  /// 150 megapixels (600 MB) is already more memory than a preview should take.
  static let maximumSide = 32_767
  static let maximumPixels = 150_000_000

  init(width: Int, height: Int, library: PopplerLibrary) throws(BindingError) {
    guard width >= 1, height >= 1, width <= Self.maximumSide, height <= Self.maximumSide,
      width * height <= Self.maximumPixels
    else { throw BindingError.picture(.tooLarge(width: width, height: height)) }
    self.library = library
    let surface = library.createSurface(PopplerLibrary.formatRGB24, Int32(width), Int32(height))!
    // cairo returns an "error surface" rather than NULL; it must still be destroyed.
    let status = library.surfaceStatus(surface)
    guard status == 0 else {
      library.destroySurface(surface)
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
    library.flush(surface)
    var pixels = [UInt8](repeating: 255, count: width * height)
    guard let data = library.surfaceData(surface) else {
      return GreyImage(width: width, height: height, pixels: pixels)
    }
    let stride = Int(library.surfaceStride(surface))
    pixels.withUnsafeMutableBufferPointer { grey in
      for y in 0..<height {
        // RGB24 keeps each pixel in a native-endian 32-bit word: 0x00RRGGBB.
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        let out = grey.baseAddress! + y * width
        for x in 0..<width {
          let word = row[x]
          let red = (word &>> 16) & 0xFF
          let green = (word &>> 8) & 0xFF
          let blue = word & 0xFF
          // The sum is at most 255,500, so the wrapping operators never wrap; unlike the
          // checked ones they let the loop vectorise (checked, this loop was a fifth of
          // `suggest`'s time on books of pictures).
          let luma = (299 &* red &+ 587 &* green &+ 114 &* blue &+ 500) / 1000
          out[x] = UInt8(truncatingIfNeeded: luma)
        }
      }
    }
    return GreyImage(width: width, height: height, pixels: pixels)
  }

  /// The surface's pixels as the spread detector reads them: grey levels, and the colour
  /// differences of the `edgeColumns` columns at each side when the page is in colour.
  func spinePicture(edgeColumns: Int) -> SpinePicture {
    let grey = greyImage()
    guard let data = library.surfaceData(surface) else { return SpinePicture(grey: grey) }
    let stride = Int(library.surfaceStride(surface))
    let colours = OpponentColours.edgeStrips(width: width, height: height, columns: edgeColumns) {
      UnsafeRawPointer(data + $0 * stride).assumingMemoryBound(to: UInt32.self)
    }
    return SpinePicture(grey: grey, colours: colours)
  }
}
