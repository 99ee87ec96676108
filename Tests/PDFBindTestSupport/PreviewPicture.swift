import Foundation
import Testing

/// An 8-bit RGB pixel read back from a PNG.
public struct RGB: Equatable, Sendable, CustomStringConvertible {
  public var red: Int
  public var green: Int
  public var blue: Int

  public init(_ red: Int, _ green: Int, _ blue: Int) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The largest difference in any channel.
  public func distance(to other: RGB) -> Int {
    max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
  }

  public var description: String { "(\(red), \(green), \(blue))" }
}

/// One spread found in a preview picture, read by Pillow without any knowledge of pdfbind's
/// layout code: a spine mark is a vertical run of at least 20 pixels of exactly the spine
/// colour (20, 20, 20); the pages are the non-background runs either side of it, a quarter of
/// the way down the mark.
public struct PictureSpread: Equatable, Sendable {
  /// The colour in the middle of the page left of the spine, nil when no page is there.
  public var left: RGB?
  public var right: RGB?
  /// The colour 3 pixels from the spine mark on each side.
  public var leftNearSpine: RGB?
  public var rightNearSpine: RGB?
  /// Widths in pixels of the page runs (the mark covers one pixel of each page).
  public var leftWidth: Int
  public var rightWidth: Int
  /// The mark's length in pixels: the page height plus its overhang above and below.
  public var markHeight: Int
}

public enum PreviewPictureReader {
  static let script = #"""
    import json, re, sys
    from PIL import Image, ImageChops
    image = Image.open(sys.argv[1]).convert("RGB")
    width, height = image.size
    pixels = image.load()
    SPINE, BACKGROUND = (20, 20, 20), (236, 236, 236)
    channels = ImageChops.difference(image, Image.new("RGB", image.size, SPINE)).split()
    mask = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    mask = mask.point(lambda v: 255 if v == 0 else 0)
    runs = {}
    for x in range(width):
        column = mask.crop((x, 0, x + 1, height)).tobytes()
        for m in re.finditer(b"\xff{20,}", column):
            runs.setdefault((m.start(), m.end()), []).append(x)
    marks = []
    for (top, bottom), xs in runs.items():
        xs.sort()
        group = [xs[0]]
        for x in xs[1:] + [None]:
            if x is not None and x == group[-1] + 1:
                group.append(x)
                continue
            marks.append((top, group[0], group[-1], bottom))
            if x is not None:
                group = [x]
    marks.sort()
    out = []
    for top, x0, x1, bottom in marks:
        y = top + (bottom - top) // 4
        a = x0 - 1
        while a >= 0 and pixels[a, y] != BACKGROUND:
            a -= 1
        b = x1 + 1
        while b < width and pixels[b, y] != BACKGROUND:
            b += 1
        left_width, right_width = x0 - 1 - a, b - x1 - 1
        def at(x):
            return list(pixels[x, y])
        out.append({
            "left": at((a + x0) // 2) if left_width > 4 else None,
            "right": at((x1 + b) // 2) if right_width > 4 else None,
            "leftNear": at(x0 - 3) if left_width > 4 else None,
            "rightNear": at(x1 + 3) if right_width > 4 else None,
            "leftWidth": left_width, "rightWidth": right_width, "markHeight": bottom - top,
        })
    print(json.dumps({"width": width, "height": height, "spreads": out}))
    """#

  /// The spreads of the preview picture at `path`, in reading order (rows top to bottom,
  /// left to right within a row), with the picture's size.
  public static func read(_ path: String) throws -> (
    width: Int, height: Int, spreads: [PictureSpread]
  ) {
    let result = try IndependentReaders.runPython(script, path)
    try #require(result.status == 0, "Pillow could not read \(path): \(result.err)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    func rgb(_ value: Any?) -> RGB? {
      guard let array = value as? [Int], array.count == 3 else { return nil }
      return RGB(array[0], array[1], array[2])
    }
    let spreads = (object["spreads"] as? [[String: Any]] ?? []).map { entry in
      PictureSpread(
        left: rgb(entry["left"]), right: rgb(entry["right"]),
        leftNearSpine: rgb(entry["leftNear"]), rightNearSpine: rgb(entry["rightNear"]),
        leftWidth: entry["leftWidth"] as? Int ?? 0, rightWidth: entry["rightWidth"] as? Int ?? 0,
        markHeight: entry["markHeight"] as? Int ?? 0)
    }
    return (object["width"] as? Int ?? 0, object["height"] as? Int ?? 0, spreads)
  }
}
