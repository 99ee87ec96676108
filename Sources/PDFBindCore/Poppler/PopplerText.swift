// Page text for `suggest`, `set --auto` and `check --auto`, read through the one owner of
// poppler: PopplerLibrary.swift loads the library, once per process, and never unloads it; this file
// only uses its functions. get, set and check without --auto never get here, so never load it.
import SystemPackage

/// The text of one page, with the box of each character (one per Unicode scalar of `text`).
struct PageText: Sendable {
  var text: String
  /// Boxes in poppler's page space (y grows downwards), one per scalar of `text`; empty when
  /// poppler gave none.
  var boxes: [(x1: Double, y1: Double, x2: Double, y2: Double)]
}

extension PageText {
  /// Pairs poppler's text with its boxes. poppler_page_get_text marks each right-to-left line
  /// with directional embeddings (U+202A-U+202E) that poppler_page_get_text_layout gives no
  /// box: they are dropped so that box `i` is the box of scalar `i` again. Boxes that still do
  /// not pair up are left out rather than given to the wrong characters.
  init(poppler text: String, boxes: [(x1: Double, y1: Double, x2: Double, y2: Double)]) {
    var text = text
    if text.unicodeScalars.count != boxes.count {
      var scalars = String.UnicodeScalarView()
      scalars.append(contentsOf: text.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) })
      text = String(scalars)
    }
    self.init(text: text, boxes: text.unicodeScalars.count == boxes.count ? boxes : [])
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
      if case .unavailable(.poppler) = error { throw error }
      return nil
    }
  }

  /// The text of page `index` (0-based) with its character boxes, or nil when poppler cannot
  /// read that page.
  func pageText(_ index: Int) -> PageText? {
    withPage(index) { page -> PageText? in
      guard let raw = library.pageText(page) else { return nil }
      // Copy, then free: the string belongs to us (poppler_page_get_text is "transfer full").
      let text = String(cString: raw)
      library.free(raw)
      var rectangles: UnsafeMutablePointer<Double>? = nil
      var count: UInt32 = 0
      var boxes: [(x1: Double, y1: Double, x2: Double, y2: Double)] = []
      if library.pageTextLayout(page, &rectangles, &count) != 0, let rectangles {
        boxes.reserveCapacity(Int(count))
        // PopplerRectangle is four gdoubles: x1, y1, x2, y2.
        for item in 0..<Int(count) {
          let base = rectangles + 4 * item
          boxes.append((base[0], base[1], base[2], base[3]))
        }
      }
      library.free(rectangles)
      return PageText(poppler: text, boxes: boxes)
    } ?? nil
  }
}
