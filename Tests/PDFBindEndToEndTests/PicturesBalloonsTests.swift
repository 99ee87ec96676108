import Foundation
import PDFBindTestSupport
import Testing

/// A manga's balloons are drawn tall around its vertical lettering, and a translation lettered
/// into them keeps them so; a western comic's are wide (SuggestRules 69). Through the binary:
/// the page worker counts them on a page of pictures, and the book's page-script line decides
/// by them where the lettering's script says nothing. The pages are drawn here (panels, grey
/// tone, balloons holding marks the size of letters); the real pages the limits rest on are
/// the real bench's (bench/suggest/README.md, "Speech balloons").
@Suite("suggest from speech balloons")
struct PicturesBalloonsTests {
  /// Draws a comic page of four panels whose balloons are `tall` or `wide` (argv[1]) into a
  /// one-page PDF (argv[2]) with Pillow.
  static let comicPage = """
    import sys
    from PIL import Image, ImageDraw
    shape, path = sys.argv[1], sys.argv[2]
    page = Image.new("L", (1100, 1600), 240)
    draw = ImageDraw.Draw(page)
    panels = [(40, 40, 1060, 560), (40, 600, 540, 1560), (580, 600, 1060, 1080),
              (580, 1120, 1060, 1560)]
    for left, top, right, bottom in panels:
        draw.rectangle((left, top, right, bottom), outline=0, width=6)
        # Tone across the panel's lower half, as a drawing's shading.
        for y in range((top + bottom) // 2, bottom - 6, 6):
            for x in range(left + 8, right - 6, 6):
                draw.rectangle((x, y, x + 2, y + 2), fill=60)
    centres = [(200, 250), (520, 300), (850, 260), (290, 900), (820, 840), (820, 1330)]
    across, down = (60, 130) if shape == "tall" else (150, 60)
    for cx, cy in centres:
        draw.ellipse((cx - across, cy - down, cx + across, cy + down), fill=255, outline=0,
                     width=5)
        for y in range(cy - down * 6 // 10, cy + down * 6 // 10 - 9, 16):
            for x in range(cx - across * 6 // 10, cx + across * 6 // 10 - 7, 13):
                draw.rectangle((x, y, x + 6, y + 9), fill=20)
    page.save(path, "PDF", resolution=150)
    """

  @Test("A comic page whose balloons are tall decides right-edge by them")
  func tallBalloons() throws {
    let pictures = PicturesTests()
    let book = try pictures.madeBook("tall-balloons.pdf", by: Self.comicPage, "tall")
    let object = try pictures.suggestJSON(book)
    #expect(object["decision"] as? String == "right-edge", "\(object)")
    let script = try #require(pictures.evidence(object, "page-script").first)
    #expect(script["says"] as? String == "right-edge")
    let detail = script["detail"] as? String ?? ""
    #expect(
      detail.contains(
        "speech balloons taller than wide, as vertical lettering leaves them (6 tall, 0 wide)"),
      "\(detail)")
  }

  @Test("The same page with wide balloons says nothing by them")
  func wideBalloons() throws {
    let pictures = PicturesTests()
    let book = try pictures.madeBook("wide-balloons.pdf", by: Self.comicPage, "wide")
    let object = try pictures.suggestJSON(book)
    #expect(object["decision"] as? String != "right-edge", "\(object)")
    let script = try #require(pictures.evidence(object, "page-script").first)
    #expect(script["says"] as? String == nil, "\(script)")
    #expect((script["detail"] as? String)?.contains("balloons") == false, "\(script)")
  }
}
