import Foundation

/// A binary PGM (P5) as render_edges.py writes it.
func readPGM(_ path: String) -> GreyImage {
  let data = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
  var fields: [Int] = []
  var index = 2
  while fields.count < 3 {
    while index < data.count, data[index] == 0x20 || data[index] == 0x0A { index += 1 }
    var value = 0
    while index < data.count, data[index] >= 0x30, data[index] <= 0x39 {
      value = value * 10 + Int(data[index] - 0x30)
      index += 1
    }
    fields.append(value)
  }
  index += 1
  let (width, height) = (fields[0], fields[1])
  return GreyImage(
    width: width, height: height, pixels: Array(data[index..<(index + width * height)]))
}

/// The pages render_edges.py drew of one book, in order: each page's grey levels, with its
/// colour differences where the page is in colour.
func readSpinePictures(_ folder: String) -> [SpinePicture] {
  let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  let pages = files.filter { $0.hasSuffix(".pgm") && $0.split(separator: ".").count == 2 }
  return pages.sorted().map { file in
    let name = "\(folder)/\(file.dropLast(4))"
    let colours =
      FileManager.default.fileExists(atPath: name + ".rg.pgm")
      ? OpponentColours(
        redGreen: readPGM(name + ".rg.pgm"), yellowBlue: readPGM(name + ".yb.pgm")) : nil
    return SpinePicture(grey: readPGM(name + ".pgm"), colours: colours)
  }
}
