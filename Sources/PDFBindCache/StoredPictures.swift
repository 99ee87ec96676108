import Foundation
import PDFBindCore
import SystemPackage

/// review's small pictures of a book, as the cache keeps them: each page's number, size and
/// PNG bytes, so a second review of a library draws only the books that changed.
struct StoredPicture: Codable {
  var page: Int
  var width: Int
  var height: Int
  var png: Data
}

extension DecisionCache {
  /// The pictures of `pages` of the file at `path`: remembered when its bytes are the ones
  /// they were drawn from, otherwise drawn by `draw` and kept when it warned of nothing.
  public func thumbnails(
    _ path: FilePath, pages: [Int],
    draw: () throws(BindingError) -> ([Thumbnails.Thumbnail], [BindingWarning])
  ) throws(BindingError) -> ([Thumbnails.Thumbnail], [BindingWarning]) {
    let key = pages.map(String.init).joined(separator: " ")
    let file = FileIdentity(path: path)
    if let file, let store = open(),
      let data = try? store.pictures(for: file, pages: key),
      let stored = try? JSONDecoder().decode([StoredPicture].self, from: data)
    {
      return (
        stored.map {
          Thumbnails.Thumbnail(
            page: $0.page, png: Array($0.png), width: $0.width, height: $0.height)
        }, []
      )
    }
    let (thumbnails, warnings) = try draw()
    guard let file, warnings.isEmpty, FileIdentity(path: path) == file, let store = open(),
      let data = try? JSONEncoder().encode(
        thumbnails.map {
          StoredPicture(page: $0.page, width: $0.width, height: $0.height, png: Data($0.png))
        })
    else { return (thumbnails, warnings) }
    write { try store.remember(pictures: data, pages: key, for: file, now: Self.now) }
    return (thumbnails, warnings)
  }
}
