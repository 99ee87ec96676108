// The preview picture's drawing surface: cairo through the functions PopplerLibrary.swift
// loaded.
import PDFBindCore

/// The picture `preview` draws on: a cairo surface (plus a 1×1 one for measuring text), each
/// owned by a `CairoSurface`. Not for use from two threads at once.
final class Canvas {
  let surface: CairoSurface
  private var measuring: CairoSurface?
  private var library: PopplerLibrary { surface.library }

  /// An RGB picture of `width`×`height` pixels filled with `background`.
  init(width: Int, height: Int, background: Colour, library: PopplerLibrary)
    throws(BindingError)
  {
    surface = try CairoSurface(width: width, height: height, library: library)
    fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), background)
  }

  func fill(_ rect: Rect, _ colour: Colour) {
    surface.fill(rect, colour)
  }

  /// A straight line with square ends, antialiasing off so its pixels are exactly `colour`.
  func line(
    from start: (x: Double, y: Double), to end: (x: Double, y: Double), width: Double,
    _ colour: Colour
  ) {
    let context = surface.context
    surface.setColour(colour)
    library.setAntialias(context, PopplerLibrary.antialiasNone)
    library.setLineWidth(context, width)
    library.moveTo(context, start.x, start.y)
    library.lineTo(context, end.x, end.y)
    library.stroke(context)
    library.setAntialias(context, PopplerLibrary.antialiasDefault)
  }

  /// Draws `text` starting at `x`, with its baseline at `y`.
  func text(
    _ text: String, x: Double, baseline y: Double, size: Double, bold: Bool = false,
    _ colour: Colour
  ) {
    let context = surface.context
    setFont(context, size: size, bold: bold)
    surface.setColour(colour)
    library.moveTo(context, x, y)
    library.showText(context, text)
  }

  /// How far `text` advances in pixels at `size`.
  func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
    if measuring == nil { measuring = try? CairoSurface(width: 1, height: 1, library: library) }
    guard let context = measuring?.context else { return Double(text.count) * size * 0.6 }
    setFont(context, size: size, bold: bold)
    var extents = [Double](repeating: 0, count: 6)
    extents.withUnsafeMutableBufferPointer { library.textExtents(context, text, $0.baseAddress) }
    return extents[4]  // x_advance
  }

  /// The picture as PNG bytes.
  func png() throws(BindingError) -> [UInt8] {
    guard let png = surface.png() else {
      throw BindingError.picture(.renderFailed("no PNG made of the picture (out of memory)"))
    }
    return png
  }

  /// The faces fontconfig picks for "sans-serif" on Debian (fonts-dejavu-core), regular and
  /// bold; without them it picks another sans-serif font, if there is one.
  static let fontFiles = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
  ]

  private func setFont(_ context: OpaquePointer, size: Double, bold: Bool) {
    // cairo's "toy" text API: fontconfig picks a sans-serif face (DejaVu Sans on Debian).
    library.selectFontFace(context, "sans-serif", 0, bold ? 1 : 0)
    library.setFontSize(context, size)
  }
}
