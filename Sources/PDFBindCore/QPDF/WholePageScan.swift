/// A page that is one image drawn over the whole of it and nothing else, as scanners,
/// img2pdf and comic converters write them: its picture is the image, scaled to the page.
/// The image is a JPEG file, or rows of 8-bit samples compressed with zlib (as img2pdf
/// stores a PNG), that a decoder alone turns into the pixels poppler would draw.
package struct WholePageScan {
  package enum Encoding: Equatable {
    /// `/DCTDecode`: `data` is a JPEG file.
    case jpeg
    /// `/FlateDecode`: `data` is a zlib stream of the image's rows, top first; with
    /// `pngPredicted` (`/Predictor` 10 to 15), each row led by its PNG filter type.
    case flate(pngPredicted: Bool)
  }

  /// The image's bytes as the file holds them (after decryption).
  package let data: [UInt8]
  package let encoding: Encoding
  package let width: Int
  package let height: Int
  /// RGB (`/DeviceRGB`, or a profile of three components) rather than grey: decoded to red,
  /// green and blue.
  package let inColour: Bool
  /// The page's size in points, as its box says (before `/Rotate` turns it).
  package let pageWidth: Double
  package let pageHeight: Double
  /// Quarter turns clockwise the page is shown turned by (`/Rotate` 90 is 1): a phone's
  /// photograph stored sideways, with the way to show it in the page.
  package let quarterTurns: Int

  package init(
    data: [UInt8], encoding: Encoding, width: Int, height: Int, inColour: Bool,
    pageWidth: Double, pageHeight: Double, quarterTurns: Int = 0
  ) {
    self.data = data
    self.encoding = encoding
    self.width = width
    self.height = height
    self.inColour = inColour
    self.pageWidth = pageWidth
    self.pageHeight = pageHeight
    self.quarterTurns = quarterTurns
  }

  /// The page's size in points as it is shown, turned.
  package var shownSize: (width: Double, height: Double) {
    quarterTurns % 2 == 0 ? (pageWidth, pageHeight) : (pageHeight, pageWidth)
  }

  /// Bytes a pixel: 3 in colour, 1 in grey.
  package var channels: Int { inColour ? 3 : 1 }
}
