internal import CQPDF
import Glibc

extension QPDFDocument {
  /// Content streams longer than this draw more than one image: not read.
  private static let largestPlainContent: Int64 = 1_024
  /// Image data larger than this is not read as a scan: poppler draws it, or, over the
  /// megapixels poppler is let decode, nothing does (a 50-megapixel image compresses to less;
  /// a 200-megapixel page in JPEG at quality 80 took 8 MB).
  private static let largestScanBytes: Int64 = 64 << 20

  /// Page `index` (from 0) as a `WholePageScan`, or nil when it is anything else: turned
  /// other than by quarter turns, cropped, annotated, drawing more than the one image or the
  /// image not over the whole page, or an image whose pixels need more than a decoder
  /// (`scan`). Never throws: what qpdf cannot read is nil, and its error is cleared.
  package func wholePageScan(_ index: Int) -> WholePageScan? {
    defer { discardError() }
    let page = qpdf_get_page_n(raw, index)
    guard qpdf_has_error(raw) == QPDF_FALSE, qpdf_oh_is_dictionary(raw, page) == QPDF_TRUE,
      let box = pageBox(page), let turns = quarterTurns(page),
      qpdf_oh_is_null(raw, qpdf_oh_get_key(raw, page, "/UserUnit")) == QPDF_TRUE,
      qpdf_oh_get_array_n_items(raw, qpdf_oh_get_key(raw, page, "/Annots")) == 0,
      let drawn = drawnImage(page),
      Self.covers(drawn.matrix, box)
    else { return nil }
    let objects = qpdf_oh_get_key(raw, inherited("/Resources", of: page), "/XObject")
    let image = scan(
      entry([UInt8(ascii: "/")] + drawn.name, in: objects),
      pageSize: (box[2] - box[0], box[3] - box[1]), quarterTurns: turns)
    // The image's bytes are copied out: a book of scans read through the mapping would
    // otherwise hold the whole file in memory by its end.
    releaseMappedPages()
    return image
  }

  /// The page's box as poppler draws it (`/CropBox`, which must be `/MediaBox` or absent:
  /// poppler clips to the intersection of the two), lower left corner first.
  private func pageBox(_ page: qpdf_oh) -> [Double]? {
    guard let media = rectangle(inherited("/MediaBox", of: page)) else { return nil }
    let crop = inherited("/CropBox", of: page)
    if qpdf_oh_is_null(raw, crop) == QPDF_FALSE {
      guard let crop = rectangle(crop), zip(crop, media).allSatisfy({ abs($0 - $1) < 0.01 })
      else { return nil }
    }
    return media
  }

  /// The quarter turns clockwise `/Rotate` shows the page turned by (0 to 3), or nil when it
  /// is anything but a whole multiple of 90 (poppler reads a real number, or an odd angle,
  /// its own way): those pages are poppler's to draw.
  private func quarterTurns(_ page: qpdf_oh) -> Int? {
    let rotate = inherited("/Rotate", of: page)
    if qpdf_oh_is_null(raw, rotate) == QPDF_TRUE { return 0 }
    guard qpdf_oh_is_integer(raw, rotate) == QPDF_TRUE else { return nil }
    let degrees = qpdf_oh_get_int_value(raw, rotate) % 360
    guard degrees % 90 == 0 else { return nil }
    return Int((degrees + 360) % 360 / 90)
  }

  /// Four numbers, normalised so that the lower left corner comes first.
  private func rectangle(_ array: qpdf_oh) -> [Double]? {
    guard qpdf_oh_is_array(raw, array) == QPDF_TRUE,
      qpdf_oh_get_array_n_items(raw, array) == 4
    else { return nil }
    var numbers: [Double] = []
    for item in 0..<Int32(4) {
      let number = qpdf_oh_get_array_item(raw, array, item)
      guard qpdf_oh_is_number(raw, number) == QPDF_TRUE else { return nil }
      numbers.append(qpdf_oh_get_numeric_value(raw, number))
    }
    return [
      min(numbers[0], numbers[2]), min(numbers[1], numbers[3]),
      max(numbers[0], numbers[2]), max(numbers[1], numbers[3]),
    ]
  }

  /// Whether an image drawn with `matrix` (`a b c d e f`: the unit square's image) fills
  /// `box` exactly, upright (to a hundredth of a point).
  private static func covers(_ matrix: [Double], _ box: [Double]) -> Bool {
    let expected = [box[2] - box[0], 0, 0, box[3] - box[1], box[0], box[1]]
    return expected[0] > 0 && expected[3] > 0
      && zip(matrix, expected).allSatisfy { abs($0 - $1) < 0.01 }
  }

  /// The one image the page's content draws and the matrix it draws it with, when the
  /// content is exactly `q a b c d e f cm /Name Do Q` (the `q` and `Q` optional).
  private func drawnImage(_ page: qpdf_oh) -> (name: [UInt8], matrix: [Double])? {
    guard contentLength(page).map({ $0 <= Self.largestPlainContent }) == true else {
      return nil
    }
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    var length = 0
    let status = qpdf_oh_get_page_content_data(raw, page, &buffer, &length)
    defer { free(buffer) }
    guard status & QPDF_ERRORS == 0, let buffer else { return nil }
    return ContentOfOneImage.parse(UnsafeRawBufferPointer(start: buffer, count: length))
  }

  /// The raw length of the page's content streams together; nil when `/Contents` is neither
  /// a stream nor an array of streams.
  private func contentLength(_ page: qpdf_oh) -> Int64? {
    let contents = qpdf_oh_get_key(raw, page, "/Contents")
    let streams: [qpdf_oh]
    if qpdf_oh_is_array(raw, contents) == QPDF_TRUE {
      let count = qpdf_oh_get_array_n_items(raw, contents)
      guard count <= 8 else { return nil }
      streams = (0..<count).map { qpdf_oh_get_array_item(raw, contents, $0) }
    } else {
      streams = [contents]
    }
    var total: Int64 = 0
    for stream in streams {
      guard qpdf_oh_is_stream(raw, stream) == QPDF_TRUE else { return nil }
      var length: Int64 = 0
      guard
        qpdf_oh_get_value_as_longlong(
          raw, qpdf_oh_get_key(raw, qpdf_oh_get_dict(raw, stream), "/Length"), &length)
          == QPDF_TRUE
      else { return nil }
      total += max(0, length)
    }
    return total
  }

  /// The image stream as a `WholePageScan` when a decoder alone draws it as poppler would:
  /// one filter, `/DCTDecode` or `/FlateDecode` (with no predictor or a PNG one, `flate`),
  /// 8 bits of grey or RGB (`scanChannels`), no `/Decode`, mask or soft mask; drawn over a
  /// page of `pageSize` points shown turned by `quarterTurns`.
  private func scan(
    _ image: qpdf_oh, pageSize: (width: Double, height: Double), quarterTurns: Int
  ) -> WholePageScan? {
    guard qpdf_oh_is_stream(raw, image) == QPDF_TRUE else { return nil }
    let dictionary = qpdf_oh_get_dict(raw, image)
    func key(_ name: String) -> qpdf_oh { qpdf_oh_get_key(raw, dictionary, name) }
    func absent(_ name: String) -> Bool { qpdf_oh_is_null(raw, key(name)) == QPDF_TRUE }
    var (filter, parameters) = (key("/Filter"), key("/DecodeParms"))
    if qpdf_oh_is_array(raw, filter) == QPDF_TRUE {
      guard qpdf_oh_get_array_n_items(raw, filter) == 1 else { return nil }
      filter = qpdf_oh_get_array_item(raw, filter, 0)
      if qpdf_oh_is_array(raw, parameters) == QPDF_TRUE {
        guard qpdf_oh_get_array_n_items(raw, parameters) == 1 else { return nil }
        parameters = qpdf_oh_get_array_item(raw, parameters, 0)
      }
    }
    var width: Int64 = 0
    var height: Int64 = 0
    var bits: Int64 = 0
    var length: Int64 = 0
    guard qpdf_oh_is_name_and_equals(raw, key("/Subtype"), "/Image") == QPDF_TRUE,
      let channels = scanChannels(key("/ColorSpace")),
      qpdf_oh_get_value_as_longlong(raw, key("/Width"), &width) == QPDF_TRUE,
      qpdf_oh_get_value_as_longlong(raw, key("/Height"), &height) == QPDF_TRUE,
      qpdf_oh_get_value_as_longlong(raw, key("/BitsPerComponent"), &bits) == QPDF_TRUE,
      width > 0, height > 0, bits == 8,
      absent("/Decode"), absent("/SMask"), absent("/Mask"),
      qpdf_oh_get_bool_value(raw, key("/ImageMask")) == QPDF_FALSE,
      qpdf_oh_get_value_as_longlong(raw, key("/Length"), &length) == QPDF_TRUE,
      length <= Self.largestScanBytes
    else { return nil }
    let encoding: WholePageScan.Encoding
    if qpdf_oh_is_name_and_equals(raw, filter, "/DCTDecode") == QPDF_TRUE,
      qpdf_oh_is_null(raw, parameters) == QPDF_TRUE
    {
      encoding = .jpeg
    } else if qpdf_oh_is_name_and_equals(raw, filter, "/FlateDecode") == QPDF_TRUE,
      let predicted = flate(parameters, columns: width, colours: Int64(channels))
    {
      encoding = .flate(pngPredicted: predicted)
    } else {
      return nil
    }
    var filtered: QPDF_BOOL = QPDF_FALSE
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    var count = 0
    let status = qpdf_oh_get_stream_data(raw, image, qpdf_dl_none, &filtered, &buffer, &count)
    defer { free(buffer) }
    guard status & QPDF_ERRORS == 0, let buffer, count > 0 else { return nil }
    return WholePageScan(
      data: Array(UnsafeBufferPointer(start: buffer, count: count)), encoding: encoding,
      width: Int(width), height: Int(height), inColour: channels == 3,
      pageWidth: pageSize.width, pageHeight: pageSize.height, quarterTurns: quarterTurns)
  }

  /// Whether a Flate image's rows are PNG-predicted, from its `/DecodeParms`: false for none
  /// or `/Predictor 1`, true for 10 to 15 that match the image (`/Colors`, 8
  /// `/BitsPerComponent`, `/Columns` its width); nil for anything else (TIFF's predictor 2).
  private func flate(_ parameters: qpdf_oh, columns: Int64, colours: Int64) -> Bool? {
    if qpdf_oh_is_null(raw, parameters) == QPDF_TRUE { return false }
    guard qpdf_oh_is_dictionary(raw, parameters) == QPDF_TRUE else { return nil }
    func value(_ name: String, or fallback: Int64) -> Int64? {
      let item = qpdf_oh_get_key(raw, parameters, name)
      if qpdf_oh_is_null(raw, item) == QPDF_TRUE { return fallback }
      var number: Int64 = 0
      return qpdf_oh_get_value_as_longlong(raw, item, &number) == QPDF_TRUE ? number : nil
    }
    switch value("/Predictor", or: 1) {
    case 1: return false
    case .some(10...15):
      guard value("/Colors", or: 1) == colours, value("/BitsPerComponent", or: 8) == 8,
        value("/Columns", or: 1) == columns
      else { return nil }
      return true
    default: return nil
    }
  }
}

extension QPDFDocument {
  /// The channels (1: grey, 3: RGB) of an image's colour space a decoder draws alone:
  /// `/DeviceGray`, `/DeviceRGB`, or `/ICCBased` with an RGB profile (3 components, and `RGB `
  /// its data's colour space in the profile's header: three components may be Lab), whose
  /// transform is not applied. poppler applies it, pixel by pixel at the image's full size: a
  /// 33-megapixel photograph of a manuscript with an Adobe RGB profile (the real bench's
  /// `probe-kotenios-spread-2`) took it 7.5 s to draw, its page 9 to 10 s in a worker against
  /// the 10 s a page is given, and 0.9 s with `/DeviceRGB`. Phones, scanners and img2pdf
  /// embed such profiles; drawn without them, the real bench's RGB ones differ from poppler's
  /// pictures by nothing (sRGB), up to 8 to 20 levels (Display P3, Adobe RGB) and up to 47 (a
  /// scanner's), and decide as they did (bench/suggest/README.md, "Scans with colour
  /// profiles"; its Flate scans alike: "Scans stored as Flate rows"). A grey profile's tone
  /// curve moves every level: poppler draws those.
  func scanChannels(_ space: qpdf_oh) -> Int? {
    switch nameText(space) {
    case "DeviceGray": return 1
    case "DeviceRGB": return 3
    case .some: return nil
    case nil: break
    }
    guard qpdf_oh_is_array(raw, space) == QPDF_TRUE, qpdf_oh_get_array_n_items(raw, space) == 2,
      nameText(qpdf_oh_get_array_item(raw, space, 0)) == "ICCBased"
    else { return nil }
    let profile = qpdf_oh_get_array_item(raw, space, 1)
    var components: Int64 = 0
    guard qpdf_oh_is_stream(raw, profile) == QPDF_TRUE,
      qpdf_oh_get_value_as_longlong(
        raw, qpdf_oh_get_key(raw, qpdf_oh_get_dict(raw, profile), "/N"), &components)
        == QPDF_TRUE,
      components == 3,
      let header = streamData(profile, limit: Self.largestProfileBytes), header.count >= 20,
      Array(header[16..<20]) == Array("RGB ".utf8)
    else { return nil }
    return 3
  }

  /// A colour profile longer than this is not read (display and camera profiles are a few
  /// kilobytes; a printer's, with its tables, a megabyte or two).
  private static let largestProfileBytes = 4 << 20
}

/// The content of a page that draws one image: `q a b c d e f cm /Name Do Q`, the `q` and
/// `Q` optional, nothing else.
enum ContentOfOneImage {
  static func parse(_ bytes: UnsafeRawBufferPointer) -> (name: [UInt8], matrix: [Double])? {
    var lexer = Lexer(bytes: bytes)
    var tokens: [Token] = []
    while tokens.count < 16 {
      let token = lexer.next()
      if token.kind == .end { break }
      tokens.append(token)
    }
    guard lexer.next().kind == .end else { return nil }
    var saves = 0
    while saves < tokens.count, lexer.isKeyword(tokens[saves], "q") { saves += 1 }
    var restores = 0
    while restores < tokens.count - saves,
      lexer.isKeyword(tokens[tokens.count - 1 - restores], "Q")
    {
      restores += 1
    }
    let body = tokens[saves..<(tokens.count - restores)]
    guard saves == restores, body.count == 9,
      lexer.isKeyword(body[body.startIndex + 6], "cm"),
      body[body.startIndex + 7].kind == .name,
      lexer.isKeyword(body[body.startIndex + 8], "Do")
    else { return nil }
    var matrix: [Double] = []
    for token in body.prefix(6) {
      switch token.kind {
      case .integer(let value): matrix.append(Double(value))
      case .real:
        guard let value = Double(String(decoding: bytes[token.range], as: UTF8.self)) else {
          return nil
        }
        matrix.append(value)
      default: return nil
      }
    }
    return (lexer.nameBytes(body[body.startIndex + 7]), matrix)
  }
}
