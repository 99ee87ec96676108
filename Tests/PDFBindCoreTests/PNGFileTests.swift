import Foundation
import PDFBindTestSupport
import Testing

@testable import PDFBindPages

/// The PNG files preview and review write (`PNGFile`), read back by Pillow, which checks each
/// chunk's CRC and the zlib stream as it decodes.
@Suite("PNG files of pictures")
struct PNGFileTests {
  /// A picture whose rows suit each filter: flat rows (None), a ramp across (Sub), and rows
  /// that repeat the one above with noise across them (Up); then a row of random colours.
  static func pixels(width: Int, height: Int) -> [UInt32] {
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<width).map { _ in UInt32.random(in: 0...0xFF_FFFF, using: &generator) }
    return (0..<height).flatMap { y -> [UInt32] in
      (0..<width).map { x -> UInt32 in
        switch y % 4 {
        case 0: 0x20_4080
        case 1: UInt32(x * 255 / max(1, width - 1)) << 16 | UInt32(y % 256) << 8 | 0x33
        case 2: noise[x]
        default: UInt32.random(in: 0...0xFF_FFFF, using: &generator)
        }
      }
    }
  }

  @Test("Pillow reads back every pixel", arguments: [(1, 1), (2, 5), (90, 120), (301, 17)])
  func roundTrip(width: Int, height: Int) throws {
    let pixels = Self.pixels(width: width, height: height)
    let png = try #require(
      pixels.withUnsafeBufferPointer { buffer in
        PNGFile.encode(width: width, height: height) { buffer.baseAddress! + $0 * width }
      })
    let file = try Fixture.temporaryDirectory().appendingPathComponent("picture.png")
    try Data(png).write(to: file)
    let result = try IndependentReaders.runPython(
      """
      import sys
      from PIL import Image
      image = Image.open(sys.argv[1])
      image.load()
      print(image.mode, image.size[0], image.size[1])
      print(" ".join("%02x%02x%02x" % p for p in image.getdata()))
      """, file.path)
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n")
    #expect(lines.first == "RGB \(width) \(height)")
    let expected = pixels.map { String(format: "%06x", $0) }.joined(separator: " ")
    #expect(lines.dropFirst().first.map(String.init) == expected)
  }
}
