import PDFBindCore
import Synchronization

/// One book's pages as pdfbind's page workers draw and read them: the parent side of page
/// work. Every call runs in a worker under the page's deadline and what is left of the book's;
/// a failure is the page's alone (`PageWorkFailure`), noted for its evidence line.
final class BookPages: Sendable {
  let book: BookKey
  /// The pages poppler found, which may be fewer than the page tree's /Count says.
  let pageCount: Int
  private let workers: PageWorkers
  /// The time the book's work has cost so far, for its deadline.
  private let spent: Mutex<WorkTime>
  private let failures = Mutex<[(page: Int, work: String, failure: PageWorkFailure)]>([])

  private init(book: BookKey, pageCount: Int, workers: PageWorkers, opening: WorkTime) {
    self.book = book
    self.pageCount = pageCount
    self.workers = workers
    spent = Mutex(opening)
  }

  /// How opening a book ended without pages.
  enum NotOpened: Error {
    /// poppler cannot open the file.
    case poppler
    /// Opening it ran past a deadline or crashed its worker.
    case stopped(PageWorkFailure)
  }

  /// Opens `book` in a worker; the book's deadline starts now.
  static func open(_ book: BookKey, workers: PageWorkers = .shared) -> Result<BookPages, NotOpened>
  {
    let limits = workers.limits
    let time = limits.pageTime(within: limits.bookTime)
    let (result, cost) = workers.perform(.open(book), within: time)
    switch result {
    case .success(.opened(let count?)):
      return .success(BookPages(book: book, pageCount: count, workers: workers, opening: cost))
    case .success: return .failure(.poppler)
    case .failure(let failure): return .failure(.stopped(failure))
    }
  }

  /// Opens `book` to show its pages (preview, review): an error that says why not.
  static func opened(_ book: BookKey) throws(BindingError) -> BookPages {
    switch open(book) {
    case .success(let pages): return pages
    case .failure(.poppler):
      // The worker does not say why; the file was read with qpdf before.
      throw BindingError.damaged(.popplerCannotOpen(detail: nil))
    case .failure(.stopped(let failure)):
      throw BindingError.picture(.stopped(failure))
    }
  }

  /// Runs `request` for page `page` (from 1, for the note), within the page's time and what
  /// is left of the book's.
  /// `lent`: the worker to run it on (`lendDrawn`), given back if it is not run.
  private func perform(_ request: PageRequest, page: Int, on lent: WorkerProcess? = nil)
    -> Result<PageReply, PageWorkFailure>
  {
    let limits = workers.limits
    let left = limits.bookTime - spent.withLock { $0 }
    let result: Result<PageReply, PageWorkFailure>
    if left.isSpent {
      lent.map(workers.giveBack)
      result = .failure(limits.failure(within: left, waiting: left.processorSeconds > 0))
    } else {
      let (answer, cost) = workers.perform(request, within: limits.pageTime(within: left), on: lent)
      spent.withLock { $0 += cost }
      result = answer
    }
    if case .failure(let failure) = result {
      failures.withLock { $0.append((page, request.unfinished, failure)) }
    }
    return result
  }

  /// The text of page `index` (from 0), or nil when poppler cannot read it or its worker failed.
  func text(_ index: Int) -> PageText? {
    if case .success(.text(let text)) = perform(.text(book, page: index), page: index + 1) {
      return text
    }
    return nil
  }

  /// Page `index` (from 0) in grey levels, fitted in `maxWidth`×`maxHeight`.
  func picture(_ index: Int, maxWidth: Int, maxHeight: Int) throws(PageRasterError) -> GreyImage {
    let request = PageRequest.picture(book, page: index, maxWidth: maxWidth, maxHeight: maxHeight)
    guard case .picture(let image) = try drawn(request, page: index) else { throw .unreadable }
    return image
  }

  /// The writing layout of page `index` (from 0) in grey levels fitted in
  /// `maxWidth`×`maxHeight` (of each of two facing pages its picture holds), measured in the
  /// worker that draws it, which keeps the picture for `readDrawn`.
  func layout(_ index: Int, maxWidth: Int, maxHeight: Int, source: PictureSource)
    throws(PageRasterError) -> DrawnLayout
  {
    let request = PageRequest.layout(
      book, page: index, maxWidth: maxWidth, maxHeight: maxHeight, source: source)
    guard case .layout(let layout) = try drawn(request, page: index) else { throw .unreadable }
    return layout
  }

  /// Page `index` (from 0) as the spread detector reads it, taken from `source`.
  func spinePicture(
    _ index: Int, maxWidth: Int, maxHeight: Int, edges: Int, source: PictureSource
  ) throws(PageRasterError) -> SpinePicture {
    let request = PageRequest.spine(
      book, page: index, maxWidth: maxWidth, maxHeight: maxHeight, edges: edges,
      source: source)
    guard case .spine(let picture) = try drawn(request, page: index) else { throw .unreadable }
    return picture
  }

  /// The reply to `request`, which draws page `index` (from 0): the worker's refusal, or its
  /// failure, thrown as why the page has no picture.
  private func drawn(_ request: PageRequest, page index: Int) throws(PageRasterError)
    -> PageReply
  {
    switch perform(request, page: index + 1) {
    case .success(.refused(let error)): throw error
    case .success(let reply): return reply
    case .failure(let failure): throw .stopped(failure)
    }
  }

  /// The worker that keeps the picture of page `index` (from 0) `layout` drew at
  /// `maxWidth`×`maxHeight`, taken from the idle ones until `readDrawn` runs on it (or
  /// `giveBack`); nil when none is idle.
  func lendDrawn(_ index: Int, maxWidth: Int, maxHeight: Int) -> WorkerProcess? {
    workers.lend(
      holding: PageRequest.drawnPicture(
        book, page: index, maxWidth: maxWidth, maxHeight: maxHeight))
  }

  /// Gives back a worker `lendDrawn` lent and no reading ran on.
  func giveBack(_ worker: WorkerProcess) { workers.giveBack(worker) }

  /// Tesseract's reading of the picture of page `index` (from 0) that `layout` drew at
  /// `maxWidth`×`maxHeight` (of one `half` of it, when it holds two facing pages), on `lent`
  /// (`lendDrawn`) when given, with no script when it finds too little writing; nil when its
  /// worker was stopped (noted for the evidence line: `failed`). With it, the page's close-set
  /// rows and its text blocks' lines when the reading asks for them (`PageReply.drawnReading`).
  func readDrawn(
    _ index: Int, half: FacingPages.Half?, maxWidth: Int, maxHeight: Int,
    source: PictureSource, on lent: WorkerProcess? = nil
  ) throws(RuntimeLibrary.Unavailable) -> PageScriptEvidence.DrawnReading? {
    let request = PageRequest.readDrawn(
      book, page: index, maxWidth: maxWidth, maxHeight: maxHeight, half: half, source: source)
    switch perform(request, page: index + 1, on: lent) {
    case .success(
      .drawnReading(let reading, let rows, let blockLines, let recognised, let balloons)):
      return (reading, rows, blockLines, recognised, balloons)
    case .success(.unavailable(let why)): throw why
    case .success: return (nil, nil, nil, .init(), nil)
    // Stopped (a deadline, a crash): `failed` keeps what happened, for the page's note.
    case .failure: return nil
    }
  }

  /// The sizes of pages `indices` (from 0), in points; a page poppler cannot load, or whose
  /// worker failed, has none.
  func sizes(_ indices: [Int]) -> [Int: PageSize] {
    guard case .success(.sizes(let sizes)) = perform(.sizes(book, indices: indices), page: 0),
      sizes.count == indices.count
    else { return [:] }
    var found: [Int: PageSize] = [:]
    for (index, size) in zip(indices, sizes) { found[index] = size }
    return found
  }

  /// How a page that preview or review shows was not drawn.
  enum NotDrawn: Error {
    /// poppler cannot load or draw the page.
    case poppler
    /// Its worker ran past a deadline or crashed.
    case stopped(PageWorkFailure)
  }

  /// Page `index` (from 0) in colour, `width`×`height` pixels.
  func drawing(_ index: Int, width: Int, height: Int) -> Result<RGBPixels, NotDrawn> {
    let request = PageRequest.drawing(book, page: index, width: width, height: height)
    switch perform(request, page: index + 1) {
    case .success(.drawing(let pixels)) where pixels.width == width && pixels.height == height:
      return .success(pixels)
    case .success: return .failure(.poppler)
    case .failure(let failure): return .failure(.stopped(failure))
    }
  }

  /// Whether some page's work failed for a reason of this run, not of the page
  /// (`PageWorkFailure.isTransient`): another run may find more.
  var failedTransiently: Bool { failures.withLock { $0.contains { $0.failure.isTransient } } }

  /// The pages (from 1) whose `work` failed in a worker, in page order, each with what
  /// happened: `not read: the reader crashed (signal 11)`.
  func failed(_ work: String) -> [(page: Int, what: String)] {
    failures.withLock { $0 }.filter { $0.work == work }.sorted { $0.page < $1.page }.map {
      ($0.page, "\(work): \($0.failure)")
    }
  }
}
