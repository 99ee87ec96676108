internal import CQPDF
import Glibc

// MARK: - What suggest reads

/// What the catalog and the fonts of the first pages say about a document's binding.
package struct BindingHints: Equatable, Sendable {
  /// The catalog's `/Lang`, as text.
  package var lang: String?
  /// The catalog's XMP packet (`/Metadata`), decoded, at most 1 MB.
  package var xmp: String?
  /// The non-standard `/PageDirection` name (catalog or `/ViewerPreferences`), without slash.
  package var pageDirection: String?
  /// Fonts on the first pages that write vertically: `BaseFont (CMap)`.
  package var verticalFonts: [String] = []
  /// How many pages the fonts were read from.
  package var pagesRead = 0
  /// The `/ToUnicode` CMaps of subset fonts (`ABCDEF+Name`) on the first pages: a subset font
  /// maps only the characters the document uses.
  package var subsetToUnicode: [String] = []
}

/// An image's size in pixels, as its dictionary declares it.
package struct ImageSize: Equatable, Sendable {
  package var width: Int
  package var height: Int

  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  package var pixels: Int {
    width.multipliedReportingOverflow(by: height).overflow ? .max : width * height
  }
}

extension QPDFDocument {
  /// Reads `/Lang`, XMP, `/PageDirection` and the fonts of the first `pages` pages. Never
  /// throws: whatever qpdf cannot read is left out, and its error is cleared.
  package func bindingHints(firstPages pages: Int) -> BindingHints {
    var hints = BindingHints()
    defer { discardError() }
    guard let root = readableRoot else { return hints }
    let lang = qpdf_oh_get_key(raw, root, "/Lang")
    if qpdf_oh_is_string(raw, lang) == QPDF_TRUE {
      hints.lang = String(cString: qpdf_oh_get_utf8_value(raw, lang))
    }
    hints.xmp = streamText(qpdf_oh_get_key(raw, root, "/Metadata"), limit: 1 << 20)
    for holder in [root, qpdf_oh_get_key(raw, root, "/ViewerPreferences")] {
      if let name = nameText(qpdf_oh_get_key(raw, holder, "/PageDirection")) {
        hints.pageDirection = name
      }
    }
    let count = qpdf_get_num_pages(raw)
    guard count > 0 else { return hints }
    hints.pagesRead = min(Int(count), pages)
    var seen = Set<Int>()
    for index in 0..<hints.pagesRead {
      let page = qpdf_get_page_n(raw, index)
      guard qpdf_has_error(raw) == QPDF_FALSE else { break }
      let resources = inherited("/Resources", of: page)
      collectFonts(in: resources, depth: 0, seen: &seen, into: &hints)
    }
    return hints
  }

  /// The largest image each of the first `pages` pages draws, directly or through form
  /// XObjects (two levels deep); nil for a page with none. Read before a page is drawn:
  /// poppler decodes an image whole, whatever size it is drawn at.
  package func largestImages(firstPages pages: Int) -> [ImageSize?] {
    defer { discardError() }
    let count = min(Int(qpdf_get_num_pages(raw)), pages)
    guard count > 0 else { return [] }
    var walk = ImageWalk()
    return (0..<count).map { index in
      let page = qpdf_get_page_n(raw, index)
      guard qpdf_has_error(raw) == QPDF_FALSE else { return nil }
      return largestImage(in: inherited("/Resources", of: page), depth: 0, walk: &walk)
    }
  }

  /// What a walk over the pages' XObjects has seen: each form's largest image (by object
  /// number; a form met again is not walked again), and how many more XObjects it may look at.
  /// pdf.js's issue6961.pdf shares forms of thousands of forms: walked without these, one
  /// page's two levels were billions of visits, and qpdf's handles grew past 2 GB.
  private struct ImageWalk {
    var forms: [Int: ImageSize?] = [:]
    var budget = ImageWalk.visits
    /// XObjects looked at in all: a 200-page scan has 200, a page of tiles a few thousand.
    static let visits = 20_000
  }

  private func largestImage(in resources: qpdf_oh, depth: Int, walk: inout ImageWalk)
    -> ImageSize?
  {
    guard qpdf_oh_is_dictionary(raw, resources) == QPDF_TRUE else { return nil }
    var largest: ImageSize?
    let objects = qpdf_oh_get_key(raw, resources, "/XObject")
    for key in keys(of: objects, limit: 4096) {
      guard walk.budget > 0 else { break }
      walk.budget -= 1
      let object = entry(key, in: objects)
      let id = Int(qpdf_oh_get_object_id(raw, object))
      var found: ImageSize?
      if id > 0, let known = walk.forms[id] {
        found = known
      } else {
        guard qpdf_oh_is_stream(raw, object) == QPDF_TRUE else { continue }
        let dictionary = qpdf_oh_get_dict(raw, object)
        let subtype = qpdf_oh_get_key(raw, dictionary, "/Subtype")
        if qpdf_oh_is_name_and_equals(raw, subtype, "/Image") == QPDF_TRUE {
          var width: Int64 = 0
          var height: Int64 = 0
          if qpdf_oh_get_value_as_longlong(
            raw, qpdf_oh_get_key(raw, dictionary, "/Width"), &width) == QPDF_TRUE,
            qpdf_oh_get_value_as_longlong(
              raw, qpdf_oh_get_key(raw, dictionary, "/Height"), &height) == QPDF_TRUE
          {
            found = ImageSize(width: Int(clamping: width), height: Int(clamping: height))
          }
        } else if depth < 2, qpdf_oh_is_name_and_equals(raw, subtype, "/Form") == QPDF_TRUE {
          // Marked before it is walked: a form that draws itself is not walked again.
          if id > 0 { walk.forms[id] = .some(nil) }
          found = largestImage(
            in: qpdf_oh_get_key(raw, dictionary, "/Resources"), depth: depth + 1, walk: &walk)
          if id > 0 { walk.forms[id] = found }
        }
      }
      if let found, found.pixels > largest?.pixels ?? -1 { largest = found }
    }
    return largest
  }

  /// An inheritable attribute of a page (`/Resources`, `/MediaBox`, `/CropBox`, `/Rotate`):
  /// the page's own, or the nearest ancestor's in the page tree; null when none has it.
  func inherited(_ key: String, of page: qpdf_oh) -> qpdf_oh {
    var node = page
    for _ in 0..<32 {
      let value = qpdf_oh_get_key(raw, node, key)
      if qpdf_oh_is_null(raw, value) == QPDF_FALSE { return value }
      node = qpdf_oh_get_key(raw, node, "/Parent")
      guard qpdf_oh_is_dictionary(raw, node) == QPDF_TRUE else { break }
    }
    return qpdf_oh_new_null(raw)
  }

  /// Type0 fonts whose CMap is vertical (`/Encoding` a name ending in `-V`, or a CMap stream
  /// with `/WMode 1`), in `resources` and in the form XObjects it uses (two levels deep).
  /// Also gathers the `/ToUnicode` CMaps of subset fonts.
  private func collectFonts(
    in resources: qpdf_oh, depth: Int, seen: inout Set<Int>, into hints: inout BindingHints
  ) {
    guard qpdf_oh_is_dictionary(raw, resources) == QPDF_TRUE else { return }
    let fonts = qpdf_oh_get_key(raw, resources, "/Font")
    for key in keys(of: fonts, limit: 4096) {
      let font = entry(key, in: fonts)
      let id = Int(qpdf_oh_get_object_id(raw, font))
      if id > 0 { guard seen.insert(id).inserted else { continue } }
      let baseFont = nameText(qpdf_oh_get_key(raw, font, "/BaseFont"))
      if let baseFont, hints.subsetToUnicode.count < 16, Self.isSubsetName(baseFont),
        let map = streamText(qpdf_oh_get_key(raw, font, "/ToUnicode"), limit: 1 << 18)
      {
        hints.subsetToUnicode.append(map)
      }
      guard
        qpdf_oh_is_name_and_equals(raw, qpdf_oh_get_key(raw, font, "/Subtype"), "/Type0")
          == QPDF_TRUE
      else { continue }
      let encoding = qpdf_oh_get_key(raw, font, "/Encoding")
      var cmap: String? = nil
      if let name = nameText(encoding) {
        if name.hasSuffix("-V") { cmap = name }
      } else if qpdf_oh_is_stream(raw, encoding) == QPDF_TRUE, writesVertically(encoding) {
        let dictionary = qpdf_oh_get_dict(raw, encoding)
        let name = nameText(qpdf_oh_get_key(raw, dictionary, "/CMapName")) ?? "embedded CMap"
        cmap = name + ", WMode 1"
      }
      guard let cmap else { continue }
      hints.verticalFonts.append("\(baseFont ?? "a font") (\(cmap))")
    }
    guard depth < 2 else { return }
    let objects = qpdf_oh_get_key(raw, resources, "/XObject")
    for key in keys(of: objects, limit: 4096) {
      let object = entry(key, in: objects)
      let id = Int(qpdf_oh_get_object_id(raw, object))
      if id > 0 { guard seen.insert(id).inserted else { continue } }
      guard qpdf_oh_is_stream(raw, object) == QPDF_TRUE else { continue }
      let dictionary = qpdf_oh_get_dict(raw, object)
      guard
        qpdf_oh_is_name_and_equals(raw, qpdf_oh_get_key(raw, dictionary, "/Subtype"), "/Form")
          == QPDF_TRUE
      else { continue }
      collectFonts(
        in: qpdf_oh_get_key(raw, dictionary, "/Resources"), depth: depth + 1, seen: &seen,
        into: &hints)
    }
  }

  /// Whether an embedded CMap writes vertically: its program says `/WMode 1`, as poppler,
  /// PDFium and Ghostscript read it, and its dictionary's `/WMode`, which ISO 32000-1
  /// (Table 120) says shall be the same and MuPDF reads instead, says 1 or nothing. A public
  /// test file (Ghostscript's bug 696547, in PdfPig's tests) says 1 in its dictionary and 0
  /// in its program: three of those four readers draw its line of Latin across the page.
  private func writesVertically(_ cmap: qpdf_oh) -> Bool {
    let declared = qpdf_oh_get_key(raw, qpdf_oh_get_dict(raw, cmap), "/WMode")
    if qpdf_oh_is_null(raw, declared) == QPDF_FALSE {
      var mode: Int32 = 0
      guard qpdf_oh_get_value_as_int(raw, declared, &mode) == QPDF_TRUE, mode == 1 else {
        return false
      }
    }
    guard let program = streamData(cmap, limit: Self.cmapProgramLimit) else { return false }
    return Self.programWritingMode(program) == 1
  }

  /// The longest of Adobe's CMap programs (poppler-data's UniCNS-UCS2-H) is 326 KB; a longer
  /// program than this says nothing.
  private static let cmapProgramLimit = 4 << 20

  /// The integer after the first `/WMode` name of a CMap program, read as PDF's tokens (its
  /// comments and strings skipped); nil when it says none.
  private static func programWritingMode(_ program: [UInt8]) -> Int? {
    program.withUnsafeBytes { bytes in
      var lexer = Lexer(bytes: bytes)
      let key = Array("WMode".utf8)
      while true {
        let token = lexer.next()
        if token.kind == .end { return nil }
        guard lexer.nameEquals(token, key) else { continue }
        guard case .integer(let mode) = lexer.next().kind else { return nil }
        return Int(mode)
      }
    }
  }

  /// `ABCDEF+Name`: six capital letters and a plus sign (ISO 32000-1 §9.6.4).
  private static func isSubsetName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    return bytes.count > 7 && bytes[6] == UInt8(ascii: "+")
      && bytes[0..<6].allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
  }

  /// A stream's decoded data as UTF-8 text, or nil when it is not a stream, cannot be decoded
  /// or is longer than `limit`.
  private func streamText(_ stream: qpdf_oh, limit: Int) -> String? {
    streamData(stream, limit: limit).map { String(decoding: $0, as: UTF8.self) }
  }
}
