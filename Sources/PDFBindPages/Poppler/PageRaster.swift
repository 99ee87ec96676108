// Page pictures for the picture evidence of `suggest`: each page drawn by poppler at a size
// pdfbind chooses, never at the size of the images it holds, so memory stays bounded whatever
// the file (a 20,000-point page or a gigapixel scan costs what a small page costs).
import PDFBindCore

extension PopplerDocument {
  /// Page `index` (from 0) in grey levels, scaled to fit `maxWidth`×`maxHeight` pixels with
  /// its shape kept; throws `pageNotRasterized` with the reason when there is no picture.
  func greyImage(_ index: Int, maxWidth: Int, maxHeight: Int) throws(PageRasterError)
    -> GreyImage
  {
    try drawn(index, maxWidth: maxWidth, maxHeight: maxHeight, edges: nil).greyImage()
  }

  /// Page `index` as the spread detector reads it, fitted as `greyImage` fits it: only `edges`
  /// columns at the left and right edges are drawn (the rest stays white), what the spine
  /// comparison reads at a fraction of the cost, in grey levels and, for a page in colour,
  /// the colour differences of those columns.
  func spinePicture(_ index: Int, maxWidth: Int, maxHeight: Int, edges: Int)
    throws(PageRasterError) -> SpinePicture
  {
    try drawn(index, maxWidth: maxWidth, maxHeight: maxHeight, edges: edges)
      .spinePicture(edgeColumns: edges)
  }

  private func drawn(_ index: Int, maxWidth: Int, maxHeight: Int, edges: Int?)
    throws(PageRasterError) -> CairoSurface
  {
    guard let size = pageSize(index) else { throw .unreadable }
    let (width, height) = PagePictures.fitted(
      width: size.width, height: size.height, maxWidth: maxWidth, maxHeight: maxHeight)
    let surface: CairoSurface
    do {
      surface = try CairoSurface(width: width, height: height, library: library, white: true)
    } catch {
      throw .cannotDraw(String(describing: error))
    }
    let rect = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    let parts = edges.map { columns -> [Rect] in
      let strip = Double(min(columns, width / 2))
      return [
        Rect(x: 0, y: 0, width: strip, height: Double(height)),
        Rect(x: Double(width) - strip, y: 0, width: strip, height: Double(height)),
      ]
    }
    guard draw(index, on: surface, in: rect, only: parts, onWhite: true) else {
      throw .unreadable
    }
    return surface
  }
}
