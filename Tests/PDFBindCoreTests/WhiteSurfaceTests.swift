import Foundation
import PDFBindTestSupport
import SystemPackage
import Testing

@testable import PDFBindCore
@testable import PDFBindPages

/// The pages `suggest` measures are drawn on a surface made white (`CairoSurface(white:)`),
/// not cleared by cairo and painted white: the same pixels, one pass over them fewer.
@Suite("Pages drawn on a surface made white")
struct WhiteSurfaceTests {
  static let poppler = (try? PopplerLibrary.shared.get()) != nil

  @Test(
    "The same pixels as a surface cairo clears and draw() paints white",
    .enabled(if: poppler),
    arguments: [
      "pictures/album.pdf", "pictures/arabic-scan.pdf", "pictures/pictures-spread-rtl-cover.pdf",
    ])
  func samePixels(fixture: String) throws {
    let path = Fixture.path(fixture)
    try #require(FileManager.default.fileExists(atPath: path), "\(fixture) is a fixture")
    let library = try PopplerLibrary.shared.get()
    let document = try PopplerDocument(path: FilePath(path), password: nil)
    let size = try #require(document.pageSize(0))
    let (width, height) = PagePictures.fitted(
      width: size.width, height: size.height, maxWidth: 400, maxHeight: 400)
    let rect = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    let strips = [
      Rect(x: 0, y: 0, width: 16, height: Double(height)),
      Rect(x: Double(width - 16), y: 0, width: 16, height: Double(height)),
    ]
    for parts in [nil, strips] {
      let painted = try CairoSurface(width: width, height: height, library: library)
      #expect(document.draw(0, on: painted, in: rect, only: parts))
      let white = try CairoSurface(width: width, height: height, library: library, white: true)
      #expect(document.draw(0, on: white, in: rect, only: parts, onWhite: true))
      #expect(white.greyImage().pixels == painted.greyImage().pixels)
      #expect(
        white.spinePicture(edgeColumns: 16).colours == painted.spinePicture(edgeColumns: 16).colours
      )
    }
  }

  @Test("A surface made white is white to the last pixel", .enabled(if: poppler))
  func white() throws {
    let library = try PopplerLibrary.shared.get()
    let surface = try CairoSurface(width: 37, height: 5, library: library, white: true)
    #expect(surface.greyImage().pixels == [UInt8](repeating: 255, count: 37 * 5))
  }
}
