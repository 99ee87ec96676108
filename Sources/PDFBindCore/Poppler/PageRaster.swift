// Page pictures for the picture evidence of `suggest`: each page drawn by poppler at a size
// pdfbind chooses, never at the size of the images it holds, so memory stays bounded whatever
// the file (a 20,000-point page or a gigapixel scan costs what a small page costs).
extension PopplerDocument {
  /// Page `index` (from 0) in grey levels, scaled to fit `maxWidth`×`maxHeight` pixels with
  /// its shape kept; throws `pageNotRasterized` with the reason when there is no picture.
  func greyImage(_ index: Int, maxWidth: Int, maxHeight: Int) throws(PageRasterError)
    -> GreyImage
  {
    guard let size = pageSize(index) else { throw .unreadable }
    let scale = min(Double(maxWidth) / size.width, Double(maxHeight) / size.height)
    let width = max(1, Int((size.width * scale).rounded()))
    let height = max(1, Int((size.height * scale).rounded()))
    let surface: CairoSurface
    do {
      surface = try CairoSurface(width: width, height: height, library: library)
    } catch {
      throw .cannotDraw(String(describing: error))
    }
    let rect = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    guard draw(index, on: surface, in: rect) else { throw .unreadable }
    return surface.greyImage()
  }
}

/// Why a page has no picture.
enum PageRasterError: Error, Equatable, CustomStringConvertible {
  /// poppler cannot load the page, or it has no area.
  case unreadable
  /// The drawing surface could not be made.
  case cannotDraw(String)

  var description: String {
    switch self {
    case .unreadable: "poppler cannot load it, or it has no area"
    case .cannotDraw(let reason): reason
    }
  }
}
