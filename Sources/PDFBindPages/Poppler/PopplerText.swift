// Page text for `suggest`, `set --auto` and `check --auto`, read through the one owner of
// poppler: PopplerLibrary.swift loads the library, once per process, and never unloads it; this file
// only uses its functions. get, set and check without --auto never get here, so never load it.
import PDFBindCore
import SystemPackage

/// The text of one page, with the box of each character (one per Unicode scalar of `text`).
struct PageText: Sendable {
  var text: String
  /// Boxes in poppler's page space (y grows downwards), one per scalar of `text`; empty when
  /// poppler gave none.
  var boxes: [(x1: Double, y1: Double, x2: Double, y2: Double)]
  /// The page's width in points (0 when unknown).
  var width = 0.0
}

extension PageText {
  /// LRE, RLE, PDF, LRO, RLO: the directional embeddings poppler puts around right-to-left lines.
  static let embeddings: ClosedRange<UInt32> = 0x202A...0x202E

  /// Pairs poppler's text with its boxes. poppler's selected text marks each right-to-left
  /// line with directional embeddings (U+202A-U+202E) that its text layout gives no box: they
  /// are dropped so that box `i` is the box of scalar `i` again. Boxes that still do
  /// not pair up are left out rather than given to the wrong characters.
  init(poppler text: String, boxes: [(x1: Double, y1: Double, x2: Double, y2: Double)]) {
    var text = text
    if text.unicodeScalars.count != boxes.count {
      var scalars = String.UnicodeScalarView()
      scalars.append(contentsOf: text.unicodeScalars.filter { !Self.embeddings.contains($0.value) })
      text = String(scalars)
    }
    self.init(text: text, boxes: text.unicodeScalars.count == boxes.count ? boxes : [])
  }

  /// This text, then on a line of its own each character of `other` that this one lacks (the
  /// same character in the same place is one character; poppler's word and line separators,
  /// spaces and line feeds, are left out). Without boxes to compare, the longer of the two.
  func adding(_ other: PageText) -> PageText {
    var (base, extra) =
      other.text.unicodeScalars.count > text.unicodeScalars.count ? (other, self) : (self, other)
    base.width = max(width, other.width)
    guard !base.boxes.isEmpty, !extra.boxes.isEmpty else { return base }
    struct Place: Hashable {
      var scalar: UInt32
      var x: Int
      var y: Int
    }
    func place(_ scalar: Unicode.Scalar, _ box: (x1: Double, y1: Double, x2: Double, y2: Double))
      -> Place
    {
      Place(scalar: scalar.value, x: Int((box.x1 * 10).rounded()), y: Int((box.y1 * 10).rounded()))
    }
    let known = Set(zip(base.text.unicodeScalars, base.boxes).map(place))
    var scalars = base.text.unicodeScalars
    var boxes = base.boxes
    var separated = false
    for (scalar, box) in zip(extra.text.unicodeScalars, extra.boxes)
    where scalar.value > 0x20 && !known.contains(place(scalar, box)) {
      if !separated {
        scalars.append("\n")
        boxes.append((box.x1, box.y1, box.x1, box.y1))
        separated = true
      }
      scalars.append(scalar)
      boxes.append(box)
    }
    return PageText(text: String(scalars), boxes: boxes, width: base.width)
  }
}

extension PopplerDocument {
  /// Opens `path` for reading text; nil when poppler cannot open it (the caller has already
  /// read it with qpdf, so this only lowers the evidence). Throws only when poppler-glib
  /// cannot be loaded.
  static func openForText(path: FilePath, password: String?) throws(BindingError)
    -> PopplerDocument?
  {
    do {
      return try PopplerDocument(path: path, password: password)
    } catch {
      if case .unavailable = error { throw error }
      return nil
    }
  }

  /// The text of page `index` (0-based) with its character boxes, or nil when poppler cannot
  /// read that page. poppler selects a page's text from one corner to the other in the
  /// direction of the lines it meets: from the top left (poppler_page_get_text) it loses most
  /// lines of a right-to-left page, and a right-to-left column beside a left-to-right one. When
  /// the first reading holds right-to-left lines (poppler marks them with embeddings) or no
  /// letter, the page is read again from the top right and the characters only that reading
  /// found are added.
  func pageText(_ index: Int) -> PageText? {
    withPage(index) { page -> PageText? in
      var width = 0.0
      var height = 0.0
      library.pageSize(page, &width, &height)
      guard var forward = selection(page, [0, 0, width, height]) else { return nil }
      forward.text.width = width
      let letterless = !forward.text.text.unicodeScalars.contains { $0.properties.isAlphabetic }
      guard forward.marked || letterless, let backward = selection(page, [width, 0, 0, height])
      else {
        return forward.text
      }
      return forward.text.adding(backward.text)
    } ?? nil
  }

  /// The glyph-style selection over `corners` (x1, y1, x2, y2: from the first corner to the
  /// second) with its boxes, and whether poppler marked right-to-left lines in it.
  private func selection(_ page: OpaquePointer, _ corners: [Double]) -> (
    text: PageText, marked: Bool
  )? {
    var area = corners
    guard let raw = library.selectedText(page, 0, &area) else { return nil }
    // Copy, then free: the string belongs to us (the selected text is "transfer full").
    let text = String(cString: raw)
    library.free(raw)
    var rectangles: UnsafeMutablePointer<Double>? = nil
    var count: UInt32 = 0
    var boxes: [(x1: Double, y1: Double, x2: Double, y2: Double)] = []
    if library.textLayoutForArea(page, &area, &rectangles, &count) != 0, let rectangles {
      boxes.reserveCapacity(Int(count))
      // PopplerRectangle is four gdoubles: x1, y1, x2, y2.
      for item in 0..<Int(count) {
        let base = rectangles + 4 * item
        boxes.append((base[0], base[1], base[2], base[3]))
      }
    }
    library.free(rectangles)
    let marked = text.unicodeScalars.contains { PageText.embeddings.contains($0.value) }
    return (PageText(poppler: text, boxes: boxes), marked)
  }
}
