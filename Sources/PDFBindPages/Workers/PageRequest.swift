import Glibc
import PDFBindCore
import SystemPackage

/// The file a request is about, as the worker opens it with poppler.
struct BookKey: Equatable, Sendable {
  var path: FilePath
  var password: String?
}

/// Where a page worker takes the picture of a page from.
enum PictureSource: Sendable, Equatable {
  /// poppler draws it.
  case drawn
  /// The page's scan, decoded (`ScanDecoder`), when qpdf finds the page is one scan; else
  /// poppler draws it.
  case scanElseDrawn
  /// The page draws an image of `tooLargeToDraw` pixels, more than poppler is let decode
  /// (`PagePictures.largestImagePixels`): its scan, decoded reduced, when qpdf finds the page
  /// is one JPEG scan; else the page is refused (`PageRasterError.imageTooLarge`).
  case scanOnly(tooLargeToDraw: ImageSize)
}

/// What pdfbind asks a page worker to do: each is one page (or one picture) of work, so that
/// a deadline and a failure belong to one page.
enum PageRequest: Sendable {
  /// Open the file with poppler: its page count, or nil when poppler cannot open it.
  case open(BookKey)
  /// The text of one page (`PopplerDocument.pageText`).
  case text(BookKey, page: Int)
  /// One page in grey levels (`PopplerDocument.greyImage`).
  case picture(BookKey, page: Int, maxWidth: Int, maxHeight: Int)
  /// One page as the spread detector reads it (`PagePictures.spinePicture`), taken from
  /// `source`.
  case spine(
    BookKey, page: Int, maxWidth: Int, maxHeight: Int, edges: Int, source: PictureSource)
  /// The writing layout of one page in grey levels (`WritingLayout`), measured where it is
  /// drawn: the picture stays in the worker, for `readDrawn`, rather than crossing twice.
  /// Taken from `source` (a decoded scan is scaled to the picture poppler draws:
  /// `GreyImage(scan:)`).
  case layout(BookKey, page: Int, maxWidth: Int, maxHeight: Int, source: PictureSource)
  /// Tesseract's script reading of the picture `layout` drew: the one the worker keeps, or
  /// drawn again alike when this worker is another; of one `half` of it when it holds two
  /// facing pages.
  case readDrawn(
    BookKey, page: Int, maxWidth: Int, maxHeight: Int, half: FacingPages.Half?,
    source: PictureSource)
  /// The sizes in points of pages `indices` (from 0), as poppler loads them.
  case sizes(BookKey, indices: [Int])
  /// One page in colour, `width`×`height` pixels, as preview and review show it
  /// (`PopplerDocument.draw`).
  case drawing(BookKey, page: Int, width: Int, height: Int)

  static let notRead = "not read"
  static let textNotRead = "text not read"
  static let notOpened = "not opened"

  /// What the work is called in an evidence line: `page 3 not drawn`, `page 3 not read`.
  var unfinished: String {
    switch self {
    case .readDrawn: Self.notRead
    case .text: Self.textNotRead
    case .open, .sizes: Self.notOpened
    case .picture, .layout, .spine, .drawing: "not drawn"
    }
  }

  /// Who does the work, as an evidence line names it when the worker crashes.
  var worker: String {
    switch self {
    case .readDrawn: "the reader"
    case .open, .text, .sizes: "poppler"
    case .picture, .layout, .spine, .drawing: "the drawing"
    }
  }

  /// The worker best suited: one that already holds the file open.
  var affinity: String {
    switch self {
    case .open(let book), .text(let book, _), .picture(let book, _, _, _),
      .layout(let book, _, _, _, _), .readDrawn(let book, _, _, _, _, _),
      .spine(let book, _, _, _, _, _), .sizes(let book, _), .drawing(let book, _, _, _):
      "file:" + book.path.string
    }
  }

  /// Whether the request reads a page's script, or draws the picture a reading may then read
  /// in the same worker: best sent to a worker that has Tesseract loaded
  /// (`WorkerProcess.readsScript`), and, without a template, other work best kept from those
  /// (`PageWorkers.take`).
  var readsScript: Bool {
    switch self {
    case .readDrawn, .layout: true
    case .open, .text, .picture, .spine, .sizes, .drawing: false
    }
  }

  /// Whether the request is among a book's first (opening it, reading its text): with a
  /// template it goes to a worker that reads, where the book's layouts can follow
  /// (`PageWorkers.take`).
  var beginsABook: Bool {
    switch self {
    case .open, .text: true
    case .readDrawn, .layout, .picture, .spine, .sizes, .drawing: false
    }
  }

  /// The picture a `layout` request leaves in its worker, which a `readDrawn` request of the
  /// same page and size reads.
  var drawnPicture: String? {
    switch self {
    case .layout(let book, let page, let maxWidth, let maxHeight, _),
      .readDrawn(let book, let page, let maxWidth, let maxHeight, _, _):
      Self.drawnPicture(book, page: page, maxWidth: maxWidth, maxHeight: maxHeight)
    default: nil
    }
  }

  /// The key of the picture of `book`'s page `page` (from 0) fitted in `maxWidth`×`maxHeight`.
  static func drawnPicture(_ book: BookKey, page: Int, maxWidth: Int, maxHeight: Int) -> String {
    "\(book.path.string)\u{0}\(page)\u{0}\(maxWidth)\u{0}\(maxHeight)"
  }
}

/// A page worker's answer.
enum PageReply: Sendable {
  case opened(pageCount: Int?)
  case text(PageText?)
  case picture(GreyImage)
  case spine(SpinePicture)
  case refused(PageRasterError)
  case unavailable(RuntimeLibrary.Unavailable)
  /// Each asked page's size in points; nil for a page poppler cannot load.
  case sizes([PageSize?])
  case drawing(RGBPixels)
  /// The layout of the page's picture, or of each of two facing pages it holds.
  case layout(DrawnLayout)
  /// The reading of the page `layout` drew, and, when it was read upright in a script of
  /// close-set rows (`PageScriptEvidence.closeSetScripts`), the close-set rows measured on
  /// that picture where it is kept; when read upright as Chinese or Japanese on a page whose
  /// marks show no direction, its text blocks' lines (`TextBlockLines`); what Tesseract's
  /// recognisers found where the reading asked them (`PageScriptEvidence.Recognised`); on a
  /// page of pictures that may hold balloons (`PageScriptEvidence.mayHoldBalloons`), their
  /// shapes.
  case drawnReading(
    ScriptReading?, closeSetRows: CloseSetRows?, blockLines: TextBlockLines?,
    recognised: PageScriptEvidence.Recognised, balloons: SpeechBalloons?)
}

extension PageRequest {
  func encoded() -> [UInt8] {
    var out = WireWriter()
    switch self {
    case .open(let book):
      out.int(1)
      out.book(book)
    case .text(let book, let page):
      out.int(2)
      out.book(book)
      out.int(page)
    case .picture(let book, let page, let maxWidth, let maxHeight):
      out.int(3)
      out.book(book)
      [page, maxWidth, maxHeight].forEach { out.int($0) }
    case .spine(let book, let page, let maxWidth, let maxHeight, let edges, let source):
      out.int(4)
      out.book(book)
      [page, maxWidth, maxHeight, edges].forEach { out.int($0) }
      out.source(source)
    case .sizes(let book, let indices):
      out.int(6)
      out.book(book)
      out.int(indices.count)
      indices.forEach { out.int($0) }
    case .drawing(let book, let page, let width, let height):
      out.int(7)
      out.book(book)
      [page, width, height].forEach { out.int($0) }
    case .layout(let book, let page, let maxWidth, let maxHeight, let source):
      out.int(8)
      out.book(book)
      [page, maxWidth, maxHeight].forEach { out.int($0) }
      out.source(source)
    case .readDrawn(let book, let page, let maxWidth, let maxHeight, let half, let source):
      out.int(9)
      out.book(book)
      [page, maxWidth, maxHeight, half?.rawValue ?? -1].forEach { out.int($0) }
      out.source(source)
    }
    return out.bytes
  }

  init(decoding bytes: [UInt8]) throws(WireReader.Malformed) {
    var input = WireReader(bytes)
    switch try input.int() {
    case 1: self = .open(try input.book())
    case 2: self = .text(try input.book(), page: try input.int())
    case 3:
      self = .picture(
        try input.book(), page: try input.int(), maxWidth: try input.int(),
        maxHeight: try input.int())
    case 4:
      let (book, page) = (try input.book(), try input.int())
      let (maxWidth, maxHeight, edges) = (try input.int(), try input.int(), try input.int())
      self = .spine(
        book, page: page, maxWidth: maxWidth, maxHeight: maxHeight, edges: edges,
        source: try input.source())
    case 6:
      let book = try input.book()
      let count = try input.int()
      guard count >= 0 else { throw WireReader.Malformed() }
      var indices: [Int] = []
      for _ in 0..<count { indices.append(try input.int()) }
      self = .sizes(book, indices: indices)
    case 7:
      self = .drawing(
        try input.book(), page: try input.int(), width: try input.int(), height: try input.int())
    case 8:
      self = .layout(
        try input.book(), page: try input.int(), maxWidth: try input.int(),
        maxHeight: try input.int(), source: try input.source())
    case 9:
      let (book, page) = (try input.book(), try input.int())
      let (maxWidth, maxHeight, half) = (try input.int(), try input.int(), try input.int())
      guard half == -1 || FacingPages.Half(rawValue: half) != nil else {
        throw WireReader.Malformed()
      }
      self = .readDrawn(
        book, page: page, maxWidth: maxWidth, maxHeight: maxHeight,
        half: FacingPages.Half(rawValue: half), source: try input.source())
    default: throw WireReader.Malformed()
    }
  }
}

extension WireWriter {
  mutating func book(_ book: BookKey) {
    raw(
      book.path.withPlatformString {
        Array(UnsafeRawBufferPointer(start: $0, count: strlen($0)))
      })
    optionalString(book.password)
  }

  mutating func image(_ image: GreyImage) {
    int(image.width)
    int(image.height)
    raw(image.pixels)
  }

  mutating func source(_ source: PictureSource) {
    switch source {
    case .drawn: int(0)
    case .scanElseDrawn: int(1)
    case .scanOnly(let size):
      int(2)
      int(size.width)
      int(size.height)
    }
  }
}

extension WireReader {
  mutating func book() throws(Malformed) -> BookKey {
    let path = try raw().map { CChar(bitPattern: $0) } + [0]
    return BookKey(
      path: path.withUnsafeBufferPointer { FilePath(platformString: $0.baseAddress!) },
      password: try optionalString())
  }

  mutating func image() throws(Malformed) -> GreyImage {
    let (width, height, pixels) = (try int(), try int(), try raw())
    guard width >= 0, height >= 0, pixels.count == width * height else { throw Malformed() }
    return GreyImage(width: width, height: height, pixels: pixels)
  }

  mutating func source() throws(Malformed) -> PictureSource {
    switch try int() {
    case 0: return .drawn
    case 1: return .scanElseDrawn
    case 2: return .scanOnly(tooLargeToDraw: ImageSize(width: try int(), height: try int()))
    default: throw Malformed()
    }
  }
}
