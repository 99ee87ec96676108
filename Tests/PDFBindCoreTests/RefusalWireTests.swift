import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// A page a worker cannot draw or read is refused with the reason, which the evidence line
/// words: every reason a worker gives must cross the wire as it was.
@Suite("Refusals on the worker wire")
struct RefusalWireTests {
  @Test(
    "Each refusal crosses as it was",
    arguments: [
      PageRasterError.unreadable, .cannotDraw("cairo: out of memory"),
      .imageTooLarge(ImageSize(width: 20_000, height: 30_000)),
      .scanTooSmall(ImageSize(width: 244, height: 379)),
    ])
  func roundTrip(_ error: PageRasterError) throws {
    let back = try PageReply.refused(error).acrossTheWire()
    let received: PageRasterError? =
      if case .refused(let received) = back { received } else { nil }
    #expect(try #require(received, "not a refusal: \(back)") == error)
  }

  @Test("A scan too small is not read, and the line says why")
  func scanTooSmallWording() {
    let error = PageRasterError.scanTooSmall(ImageSize(width: 244, height: 379))
    #expect(error.unfinished == "not read")
    #expect(
      "\(error)"
        == "a scan of 244×379 pixels, too few to read writing from (under 400 on its longer side)")
  }
}
