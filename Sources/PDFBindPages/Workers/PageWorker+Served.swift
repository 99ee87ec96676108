import Glibc
import PDFBindCore
import SystemPackage

/// The worker's side of each request: what it keeps between requests and how it answers
/// them (`PageWorker.serve` reads the requests and writes the replies).
extension PageWorker {
  /// What a worker keeps between requests: the file it has open, with poppler and, once a
  /// page may be a scan, with qpdf (a handle of its own, used by this one thread), and its
  /// decoder.
  struct Served {
    var book: BookKey?
    var identity: [Int] = []
    var document: PopplerDocument??
    var scans: QPDFDocument??
    let decoder = ScanDecoder()
    /// The picture the last `layout` request drew (`PageRequest.drawnPicture`), whether it is
    /// a small scan (`PagePictures.fewestPixelsToReadSurely`), its layout, and its halves when
    /// it holds two facing pages, for reading.
    var drawn: (key: String, onPaper: PageOnPaper, layout: DrawnLayout, halves: [GreyImage]?)?
    /// A recogniser a language, made on the first page that asks for its words or letters.
    var wordReaders = WordReaders()
    /// poppler has drawn a page here (`WorkerAnswer`): this process serves no other book.
    var drewWithPoppler = false
    let fault = TestFault.current

    /// Lets go of the file open, and of the picture drawn from it, when `book` is another
    /// file, or it changed on disk.
    mutating func follow(_ book: BookKey) {
      var status = stat()
      let found = book.path.withPlatformString { stat($0, &status) } == 0
      let identity =
        found
        ? [
          Int(status.st_dev), Int(status.st_ino), Int(status.st_size),
          status.st_mtim.tv_sec, status.st_mtim.tv_nsec,
        ] : []
      if book != self.book || identity != self.identity {
        (document, scans, drawn) = (nil, nil, nil)
        self.book = book
        self.identity = identity
      }
    }

    /// The file of `book` as poppler opened it; nil when it cannot.
    mutating func document(_ book: BookKey) -> PopplerDocument? {
      follow(book)
      if document == nil {
        document = .some(try? PopplerDocument(path: book.path, password: book.password))
      }
      return document ?? nil
    }

    /// Page `page` of `book` when it is one scan and nothing else. qpdf reads the file as
    /// `suggest` did, with recovery, so a damaged file's scans are found as they were.
    mutating func wholePageScan(_ book: BookKey, page: Int) -> WholePageScan? {
      follow(book)
      if scans == nil {
        scans = .some(
          try? QPDFDocument(path: book.path, password: book.password, attemptRecovery: true))
      }
      return (scans ?? nil)?.wholePageScan(page)
    }

    /// `scan`, a page that is one scan and nothing else, decoded, and the size its picture
    /// fitted in `maxWidth`×`maxHeight` has; nil when the scan does not decode within
    /// `PagePictures.largestDecodedScan`.
    private func decodedScan(
      _ scan: WholePageScan, _ maxWidth: Int, _ maxHeight: Int
    ) -> (scan: DecodedScan, width: Int, height: Int)? {
      guard let decoded = decoder.decode(scan, budget: PagePictures.largestDecodedScan) else {
        return nil
      }
      let (width, height) = PagePictures.fitted(
        scan, maxWidth: maxWidth, maxHeight: maxHeight)
      return (decoded, width, height)
    }

    /// The scan of page `page` of `book` when `source` asks for it and the page is one:
    /// nil when poppler is to draw it, refused when the page is to be taken from its scan
    /// only (`PictureSource.scanOnly`) and is not one.
    private mutating func scanToDecode(_ book: BookKey, _ page: Int, _ source: PictureSource)
      throws(PageRasterError) -> WholePageScan?
    {
      switch source {
      case .drawn: return nil
      case .scanElseDrawn: return wholePageScan(book, page: page)
      case .scanOnly(let size):
        guard let scan = wholePageScan(book, page: page) else { throw .imageTooLarge(size) }
        return scan
      }
    }

    /// The file of `book` as poppler opened it, to draw a page taken from `source`: refused
    /// when the page's image is more than poppler is let decode (`PictureSource.scanOnly`) or
    /// poppler cannot open the file.
    private mutating func drawingDocument(_ book: BookKey, _ source: PictureSource)
      throws(PageRasterError) -> PopplerDocument
    {
      if case .scanOnly(let size) = source { throw .imageTooLarge(size) }
      guard let document = document(book) else { throw .unreadable }
      drewWithPoppler = true
      return document
    }

    /// Page `page` of `book` in grey levels fitted in `maxWidth`×`maxHeight`: decoded and
    /// scaled as cairo scales it when it is one scan (`scan`, `GreyImage(scan:)`), else drawn
    /// by poppler (never for `PictureSource.scanOnly`). The same picture either way.
    private mutating func greyPicture(
      _ book: BookKey, _ page: Int, _ maxWidth: Int, _ maxHeight: Int, scan: WholePageScan?,
      source: PictureSource
    ) throws(PageRasterError) -> GreyImage {
      if let scan, let (decoded, width, height) = decodedScan(scan, maxWidth, maxHeight),
        let picture = GreyImage(scan: decoded, width: width, height: height)
      {
        return picture
      }
      return try drawingDocument(book, source).greyImage(
        page, maxWidth: maxWidth, maxHeight: maxHeight)
    }

    /// The picture a page's writing is measured and read on: `greyPicture` without the dark
    /// bands around the page (a scanner's border, the table a book was photographed on),
    /// which Tesseract and the layout's measures would otherwise take for part of the page
    /// (`PaperCrop.croppedForReading`). A scan too small to read from is refused
    /// (`PagePictures.fewestPixelsToRead`); one too small to read surely is said to be so.
    private mutating func pageOnPaper(
      _ book: BookKey, _ page: Int, _ maxWidth: Int, _ maxHeight: Int, source: PictureSource
    ) throws(PageRasterError) -> PageOnPaper {
      let scan = try scanToDecode(book, page, source)
      let scanSide = scan.map { max($0.width, $0.height) }
      if let scan, let scanSide, scanSide < PagePictures.fewestPixelsToRead {
        throw .scanTooSmall(ImageSize(width: scan.width, height: scan.height))
      }
      let drawn = try greyPicture(book, page, maxWidth, maxHeight, scan: scan, source: source)
      return PageOnPaper(
        image: PaperCrop.croppedForReading(drawn), uncropped: drawn,
        smallScan: scanSide.map { $0 < PagePictures.fewestPixelsToReadSurely } ?? false)
    }

    mutating func handle(_ request: PageRequest) -> PageReply {
      fault?.strike(request)
      switch request {
      case .open(let book):
        return .opened(pageCount: document(book)?.pageCount)
      case .text(let book, let page):
        return .text(document(book)?.pageText(page))
      case .picture(let book, let page, let maxWidth, let maxHeight):
        do throws(PageRasterError) {
          return .picture(
            try drawingDocument(book, .drawn).greyImage(
              page, maxWidth: maxWidth, maxHeight: maxHeight))
        } catch {
          return .refused(error)
        }
      case .spine(let book, let page, let maxWidth, let maxHeight, let edges, let source):
        do throws(PageRasterError) {
          if let scan = try scanToDecode(book, page, source),
            let (decoded, width, height) = decodedScan(scan, maxWidth, maxHeight),
            let picture = SpinePicture(scan: decoded, width: width, height: height, edges: edges)
          {
            return .spine(picture)
          }
          return .spine(
            try drawingDocument(book, source).spinePicture(
              page, maxWidth: maxWidth, maxHeight: maxHeight, edges: edges))
        } catch {
          return .refused(error)
        }
      case .sizes(let book, let indices):
        let document = document(book)
        return .sizes(
          indices.map { index in
            document?.pageSize(index).map { PageSize(width: $0.width, height: $0.height) }
          })
      case .drawing(let book, let page, let width, let height):
        guard let document = try? drawingDocument(book, .drawn) else {
          return .refused(.unreadable)
        }
        do throws(BindingError) {
          let surface = try CairoSurface(width: width, height: height, library: document.library)
          let area = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
          guard document.draw(page, on: surface, in: area) else { return .refused(.unreadable) }
          return .drawing(surface.rgbPixels())
        } catch {
          return .refused(.cannotDraw("\(error)"))
        }
      case .layout(let book, let page, let maxWidth, let maxHeight, let source):
        drawn = nil
        do throws(PageRasterError) {
          let onPaper = try pageOnPaper(book, page, maxWidth, maxHeight, source: source)
          let (layout, halves) = DrawnLayout.measure(onPaper.image)
          drawn = request.drawnPicture.map { ($0, onPaper, layout, halves) }
          return .layout(layout)
        } catch {
          return .refused(error)
        }
      case .readDrawn(let book, let page, let maxWidth, let maxHeight, let half, let source):
        follow(book)
        if let drawn, drawn.key == request.drawnPicture {
          let image = half.map { drawn.halves?[$0.rawValue] } ?? drawn.onPaper.image
          guard let image, let layout = drawn.layout.layout(of: half) else {
            return .refused(.unreadable)
          }
          // The page's balloons, once counted, stay with the kept picture for its other half.
          var onPaper = drawn.onPaper
          let reply = readDrawn(image, onPaper: &onPaper, layout: layout)
          self.drawn?.onPaper.balloons = onPaper.balloons
          return reply
        }
        // Another worker drew it: drawn again, the same picture.
        do throws(PageRasterError) {
          var onPaper = try pageOnPaper(book, page, maxWidth, maxHeight, source: source)
          var image = onPaper.image
          if let half {
            guard let halves = FacingPages.halves(image) else { return .refused(.unreadable) }
            image = halves[half.rawValue]
          }
          return readDrawn(image, onPaper: &onPaper, layout: nil)
        } catch {
          return .refused(error)
        }
      }
    }

    /// Tesseract's reading of the picture of a page `layout` drew, or of one half of it when
    /// it holds two facing pages (its `layout`, when kept), and what the reading asks measured
    /// on the picture, which does not cross to pdfbind: its close-set rows when read as blackletter,
    /// its text blocks' lines (`TextBlockLines`) when read as Chinese or Japanese on a page
    /// whose marks show no direction, or rows in doubt (`PageScriptEvidence.asksBlockLines`),
    /// and the words or letters Tesseract's recognisers find where the reading asks them
    /// (`WordReaders.recognised`), and the balloons of a page of pictures that may hold them
    /// (`SpeechBalloons`), counted on the whole page as drawn: the crop to the paper may cut
    /// through a comic's panels and the balloons in them. `onPaper`: the page `image` is
    /// taken from, whether it is one scan too small to read surely, and its balloons once
    /// counted (`PageOnPaper.countedBalloons`).
    private mutating func readDrawn(
      _ image: GreyImage, onPaper: inout PageOnPaper, layout: WritingLayout?
    ) -> PageReply {
      let smallScan = onPaper.smallScan
      // A page drawn again here (its picture was kept by another worker) is measured once.
      var layout = layout ?? WritingLayout(image)
      let resolution = PageScriptEvidence.resolution(image)
      let reading: ScriptReading?
      let blockLines: TextBlockLines?
      do throws(RuntimeLibrary.Unavailable) {
        (reading, blockLines) = try ScriptDetectorPool.shared.withDetector { detector in
          let reading = detector.read(image, resolution: resolution)
          guard let reading,
            PageScriptEvidence.asksBlockLines(reading, layout: layout)
          else { return (reading, nil) }
          return (
            reading, detector.textBlockLines(image, resolution: TextBlockLines.resolution)
          )
        }
      } catch {
        return .unavailable(error)
      }
      let recognised =
        reading.map {
          wordReaders.recognised(
            image, resolution: resolution, reading: $0, layout: layout, smallScan: smallScan)
        } ?? .init()
      let balloons =
        PageScriptEvidence.mayHoldBalloons(layout) ? onPaper.countedBalloons() : nil
      guard let reading, reading.orientation == 0,
        PageScriptEvidence.closeSetScripts.contains(reading.script)
      else {
        return .drawnReading(
          reading, closeSetRows: nil, blockLines: blockLines, recognised: recognised,
          balloons: balloons)
      }
      layout.measureCloseSetRows(in: image)
      return .drawnReading(
        reading, closeSetRows: layout.closeSetRows, blockLines: nil, recognised: recognised,
        balloons: balloons)
    }
  }
}

/// A page's picture as its writing is read (`PageWorker.Served.pageOnPaper`), and whether the
/// page is one scan too small to read surely (`PagePictures.fewestPixelsToReadSurely`).
struct PageOnPaper {
  var image: GreyImage
  /// The page as drawn, before the crop.
  var uncropped: GreyImage
  var smallScan: Bool
  /// The balloons on `uncropped`, once counted.
  var balloons: SpeechBalloons?

  /// The balloons on the page as drawn (`SpeechBalloons`), counted on the first of its halves
  /// read that may hold them and kept for the other: both count the whole page.
  mutating func countedBalloons() -> SpeechBalloons {
    if let balloons { return balloons }
    let counted = SpeechBalloons(uncropped)
    balloons = counted
    return counted
  }
}
