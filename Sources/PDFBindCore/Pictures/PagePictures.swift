import Synchronization

/// The pages of one document as `suggest` draws them: poppler draws, and pages whose images
/// are too large to decode within pdfbind's memory bound (qpdf reads their sizes first) are
/// refused. A page that is one JPEG scan and nothing else has its spine picture decoded by
/// libjpeg-turbo and scaled down as cairo scales it instead (`WholePageScans`): the picture
/// poppler draws (to the pixel on 98% of the pages measured, a level apart at a few pixels on
/// the rest; `CairoGoodFilter`), at half the cost.
struct PagePictures {
  /// The largest image pdfbind lets poppler decode: 50 megapixels is 200 MB as poppler holds
  /// it, and well above a 600-dpi scan of an A4 page (35 megapixels).
  static let largestImagePixels = 50_000_000

  /// The most memory a JPEG scan is decoded into on a drawing thread: a 600-dpi A4 scan in
  /// grey (35 MB), a 400-dpi one in colour (47 MB). Larger, poppler draws the page.
  static let largestDecodedJPEG = 48 << 20

  let document: PopplerDocument
  /// The largest image of each page, as far as qpdf read (pages past its end are not checked).
  let largestImages: [ImageSize?]
  /// The pages that are one JPEG scan, read by qpdf as they are drawn; nil to draw every page
  /// with poppler.
  var scans: WholePageScans? = nil

  var pageCount: Int { document.pageCount }

  /// An image of a megapixel or more: a scan, a manga page, a photograph.
  static let scanPixels = 1_000_000

  /// Whether page `index` draws a scan-sized image (as far as qpdf read).
  func holdsScan(_ index: Int) -> Bool {
    index < largestImages.count && (largestImages[index]?.pixels ?? 0) >= Self.scanPixels
  }

  /// The size in pixels of a page of `width`×`height` points fitted in `maxWidth`×`maxHeight`
  /// with its shape kept.
  static func fitted(width: Double, height: Double, maxWidth: Int, maxHeight: Int)
    -> (width: Int, height: Int)
  {
    let scale = min(Double(maxWidth) / width, Double(maxHeight) / height)
    return (max(1, Int((width * scale).rounded())), max(1, Int((height * scale).rounded())))
  }

  /// Page `index` (from 0) in grey levels, fitted in `maxWidth`×`maxHeight`.
  func picture(_ index: Int, maxWidth: Int, maxHeight: Int) throws(PageRasterError)
    -> GreyImage
  {
    try checkImageSizes(index)
    return try document.greyImage(index, maxWidth: maxWidth, maxHeight: maxHeight)
  }

  /// Page `index` (from 0) as the spread detector reads it, fitted in `maxWidth`×`maxHeight`
  /// with `edges` columns drawn at each side: decoded by `decoder` when the page is one JPEG
  /// scan, otherwise drawn by `other` when given (a drawing thread's own document).
  func spinePicture(
    _ index: Int, maxWidth: Int, maxHeight: Int, edges: Int, in other: PopplerDocument? = nil,
    decoder: JPEGDecoder? = nil
  ) throws(PageRasterError) -> SpinePicture {
    try checkImageSizes(index)
    if let decoder, let scans, index < largestImages.count, largestImages[index] != nil,
      let scan = scans.wholePageJPEG(index),
      let decoded = decoder.decode(scan, budget: Self.largestDecodedJPEG)
    {
      let (width, height) = Self.fitted(
        width: scan.pageWidth, height: scan.pageHeight, maxWidth: maxWidth, maxHeight: maxHeight)
      if let picture = SpinePicture(scan: decoded, width: width, height: height, edges: edges) {
        return picture
      }
    }
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

/// The qpdf document `suggest` read, lent to the drawing threads one at a time (qpdf allows
/// a document on one thread at a time) to find the pages that are one JPEG scan. Unchecked:
/// the document stays the file's (`OpenedFile` keeps it for `set --auto`), and its thread
/// touches it only before the drawing starts and after every drawing thread has finished.
final class WholePageScans: @unchecked Sendable {
  private let document: QPDFDocument
  private let oneAtATime = Mutex(())

  init(_ document: QPDFDocument) {
    self.document = document
  }

  /// Page `index` (from 0) as a `WholePageJPEG`, or nil when it is anything else.
  func wholePageJPEG(_ index: Int) -> WholePageJPEG? {
    oneAtATime.withLock { _ in document.wholePageJPEG(index) }
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
