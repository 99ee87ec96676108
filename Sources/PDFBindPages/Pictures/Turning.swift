/// Pictures of pages shown turned by `/Rotate`, made as the page lies and then turned.
enum Turning {
  /// The size of the picture of a page as it lies, for a picture of `width`×`height` shown
  /// turned by `quarterTurns` clockwise.
  static func lying(width: Int, height: Int, quarterTurns: Int) -> (width: Int, height: Int) {
    quarterTurns % 2 == 0 ? (width, height) : (height, width)
  }

  /// `pixels` (`width`×`height`, row by row from the top left) turned clockwise by
  /// `quarterTurns` (0 to 3): a quarter turn brings the top left corner to the top right.
  static func clockwise<Pixel>(_ pixels: [Pixel], width: Int, height: Int, by quarterTurns: Int)
    -> [Pixel]
  {
    guard quarterTurns % 4 != 0 else { return pixels }
    let shown = lying(width: width, height: height, quarterTurns: quarterTurns)
    return [Pixel](unsafeUninitializedCapacity: width * height) { turned, count in
      pixels.withUnsafeBufferPointer { source in
        for y in 0..<shown.height {
          for x in 0..<shown.width {
            // The pixel of the lying picture shown at (x, y).
            let (column, row) =
              switch quarterTurns % 4 {
              case 1: (y, height - 1 - x)
              case 2: (width - 1 - x, height - 1 - y)
              default: (width - 1 - y, x)
              }
            (turned.baseAddress! + y * shown.width + x).initialize(to: source[row * width + column])
          }
        }
      }
      count = width * height
    }
  }
}
