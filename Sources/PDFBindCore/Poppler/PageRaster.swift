// Page pictures for the picture evidence of `suggest`: each page drawn by poppler at a size
// pdfbind chooses, never at the size of the images it holds, so memory stays bounded whatever
// the file (a 20,000-point page or a gigapixel scan costs what a small page costs).
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
    let parts = edges.map { columns -> [Rect] in
      let strip = Double(min(columns, width / 2))
      return [
        Rect(x: 0, y: 0, width: strip, height: Double(height)),
        Rect(x: Double(width) - strip, y: 0, width: strip, height: Double(height)),
      ]
    }
    guard draw(index, on: surface, in: rect, only: parts) else { throw .unreadable }
    return surface
  }
}

/// The pages of one document as `suggest` draws them: poppler draws, and pages whose images
/// are too large to decode within pdfbind's memory bound (qpdf reads their sizes first) are
/// refused.
struct PagePictures {
  /// The largest image pdfbind lets poppler decode: 50 megapixels is 200 MB as poppler holds
  /// it, and well above a 600-dpi scan of an A4 page (35 megapixels).
  static let largestImagePixels = 50_000_000

  let document: PopplerDocument
  /// The largest image of each page, as far as qpdf read (pages past its end are not checked).
  let largestImages: [ImageSize?]

  var pageCount: Int { document.pageCount }

  /// An image of a megapixel or more: a scan, a manga page, a photograph.
  static let scanPixels = 1_000_000

  /// Whether page `index` draws a scan-sized image (as far as qpdf read).
  func holdsScan(_ index: Int) -> Bool {
    index < largestImages.count && (largestImages[index]?.pixels ?? 0) >= Self.scanPixels
  }

  /// Page `index` (from 0) in grey levels, fitted in `maxWidth`×`maxHeight`.
  func picture(_ index: Int, maxWidth: Int, maxHeight: Int) throws(PageRasterError)
    -> GreyImage
  {
    try checkImageSizes(index)
    return try document.greyImage(index, maxWidth: maxWidth, maxHeight: maxHeight)
  }

  /// Page `index` (from 0) as the spread detector reads it, fitted in `maxWidth`×`maxHeight`
  /// with `edges` columns drawn at each side, by `other` when given (a drawing thread's own
  /// document).
  func spinePicture(
    _ index: Int, maxWidth: Int, maxHeight: Int, edges: Int, in other: PopplerDocument? = nil
  ) throws(PageRasterError) -> SpinePicture {
    try checkImageSizes(index)
    return try (other ?? document).spinePicture(
      index, maxWidth: maxWidth, maxHeight: maxHeight, edges: edges)
  }

  private func checkImageSizes(_ index: Int) throws(PageRasterError) {
    if index < largestImages.count, let size = largestImages[index],
      size.pixels > Self.largestImagePixels
    {
      throw .imageTooLarge(size)
    }
  }
}

/// Why a page has no picture.
enum PageRasterError: Error, Equatable, CustomStringConvertible {
  /// poppler cannot load the page, or it has no area.
  case unreadable
  /// The drawing surface could not be made.
  case cannotDraw(String)
  /// The page draws an image larger than pdfbind decodes (poppler decodes an image whole).
  case imageTooLarge(ImageSize)

  var description: String {
    switch self {
    case .unreadable: "poppler cannot load it, or it has no area"
    case .cannotDraw(let reason): reason
    case .imageTooLarge(let size):
      "it holds an image of \(size.width)×\(size.height) pixels, more than the "
        + "\(PagePictures.largestImagePixels / 1_000_000) megapixels pdfbind decodes"
    }
  }
}
