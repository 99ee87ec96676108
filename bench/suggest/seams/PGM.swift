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
