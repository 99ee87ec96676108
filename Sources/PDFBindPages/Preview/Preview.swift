import PDFBindCore
import SystemPackage

/// A rendered preview: the PNG and what the user should know about it.
package struct PreviewPicture: Sendable {
  package var png: [UInt8]
  package var warnings: [BindingWarning]
}

/// Draws the chosen spreads of one file into one PNG with poppler and cairo, loaded at run time.
/// Each page is drawn in a page worker, within the page's deadline (SPEC, "Bounded page
/// work"); pdfbind itself only lays the pictures out, so no page can stop it.
package enum Preview {
  /// Draws `spreads` (each with its pages on their sides of the spine) under a `header`
  /// line; the caller has read the file with qpdf first.
  package static func render(
    _ path: FilePath, password: String?, spreads chosen: [Spreads.Spread], header: String,
    pageHeight: Int
  ) throws(BindingError) -> PreviewPicture {
    let library = try PopplerLibrary.shared.get()
    let pages = try BookPages.opened(BookKey(path: path, password: password))
    let measure = try Canvas(width: 1, height: 1, background: .background, library: library)
    let layout = PreviewLayout(
      spreads: chosen, pageHeight: pageHeight,
      pageWidth: pageWidths(pages, pages: chosen.flatMap(\.pages), height: pageHeight),
      headerWidth: measure.textWidth(header, size: PreviewLayout.headerSize, bold: true))

    let canvas = try Canvas(
      width: layout.width, height: layout.height, background: .background, library: library)
    canvas.text(
      header, x: PreviewLayout.margin, baseline: layout.headerBaseline,
      size: PreviewLayout.headerSize, bold: true, .text)
    let warnings = drawSpreads(layout, from: pages, on: canvas)
    return PreviewPicture(png: try canvas.png(), warnings: warnings)
  }

  /// Each page's width in pixels at `height`, keeping its own shape; a page poppler cannot
  /// load takes the first good one's.
  static func pageWidths(_ pages: BookPages, pages numbers: [Int], height pixels: Int)
    -> (Int) -> Double
  {
    let height = Double(pixels)
    let sizes = pages.sizes(numbers.map { $0 - 1 })
    let fallback =
      numbers.lazy.compactMap { sizes[$0 - 1] }.first ?? PageSize(width: 595, height: 842)
    return { number in
      let size = sizes[number - 1] ?? fallback
      return max(1, height * size.width / size.height)
    }
  }

  /// Page `number` (from 1) drawn into `rect` of `canvas` by a page worker; a page that cannot
  /// be drawn is a blank with a cross (`lines` on it) and a warning that says why.
  static func draw(
    _ number: Int, of pages: BookPages, into rect: Rect, on canvas: Canvas, labelSize: Double,
    lines: [String]
  ) -> BindingWarning? {
    let (x, y) = (Int(rect.x.rounded()), Int(rect.y.rounded()))
    let width = max(1, Int((rect.x + rect.width).rounded()) - x)
    let height = max(1, Int((rect.y + rect.height).rounded()) - y)
    switch pages.drawing(number - 1, width: width, height: height) {
    case .success(let pixels):
      canvas.surface.paste(pixels, x: x, y: y)
      return nil
    case .failure(.poppler):
      drawBlank(rect, lines: lines, on: canvas, labelSize: labelSize)
      return .pageNotRendered(page: number)
    case .failure(.stopped(let failure)):
      drawBlank(rect, lines: lines, on: canvas, labelSize: labelSize)
      return .pageNotDrawn(page: number, reason: failure)
    }
  }

  /// Draws every spread of `layout`: the pages, their numbers under them and the spine mark;
  /// a page that cannot be drawn is a blank with a cross, and a warning.
  static func drawSpreads(_ layout: PreviewLayout, from pages: BookPages, on canvas: Canvas)
    -> [BindingWarning]
  {
    var warnings: [BindingWarning] = []
    for spread in layout.spreads {
      for page in spread.pages {
        let lines = ["page \(page.number)", "cannot be rendered"]
        if let warning = draw(
          page.number, of: pages, into: page.rect, on: canvas, labelSize: layout.labelSize,
          lines: lines)
        {
          warnings.append(warning)
        }
        let label = "\(page.number)"
        let labelWidth = canvas.textWidth(label, size: layout.labelSize)
        canvas.text(
          label, x: page.rect.x + (page.rect.width - labelWidth) / 2,
          baseline: spread.spineBottom + layout.labelSize * 1.3, size: layout.labelSize, .text)
      }
      canvas.line(
        from: (spread.spineX, spread.spineTop), to: (spread.spineX, spread.spineBottom),
        width: PreviewLayout.spineWidth, .spine)
    }
    return warnings
  }

  /// A white page with a grey cross and `lines` ("page N", "cannot be rendered") across it.
  static func drawBlank(_ rect: Rect, lines: [String], on canvas: Canvas, labelSize: Double) {
    canvas.fill(rect, .blank)
    canvas.line(
      from: (rect.x, rect.y), to: (rect.x + rect.width, rect.y + rect.height), width: 1, .blankInk)
    canvas.line(
      from: (rect.x + rect.width, rect.y), to: (rect.x, rect.y + rect.height), width: 1, .blankInk)
    for (index, line) in lines.enumerated() {
      let width = canvas.textWidth(line, size: labelSize)
      let y = rect.y + rect.height / 2 + Double(index) * labelSize * 1.4
      canvas.fill(
        Rect(
          x: rect.x + (rect.width - width) / 2 - 4, y: y - labelSize, width: width + 8,
          height: labelSize * 1.4), .blank)
      canvas.text(line, x: rect.x + (rect.width - width) / 2, baseline: y, size: labelSize, .text)
    }
  }
}

extension Preview {
  /// Writes `png` to `path` (created or truncated), or to standard output when `path` is nil.
  package static func write(_ png: [UInt8], to path: FilePath?) throws(BindingError) {
    let operation = BindingError.Writing.Operation.writingPicture(
      destination: path.map { "\($0)" } ?? "standard output")
    do {
      guard let path else {
        _ = try FileDescriptor.standardOutput.writeAll(png)
        return
      }
      let descriptor = try FileDescriptor.open(
        path, .writeOnly, options: [.create, .truncate, .closeOnExec],
        permissions: [.ownerReadWrite, .groupRead, .otherRead]
      )
      _ = try descriptor.closeAfter { try descriptor.writeAll(png) }
    } catch {
      throw BindingError(creating: error, operation: operation)
    }
  }
}
