import Foundation
import PDFBindCore
import PDFBindPages

extension DecisionCache {
  /// review's small pictures of the pages `key` (`"1 2 3"`) of `file`, as `remember(pictures:)`
  /// kept them for these bytes; nil when they were not kept, or the cache cannot be read.
  func pictures(for file: FileIdentity, key: String) -> [UInt8]? {
    guard let store = open(), let data = try? store.pictures(for: file, pages: key) else {
      return nil
    }
    return Array(data)
  }

  /// Keeps review's pictures of the pages `key` of `file` (drawn without a warning).
  func remember(pictures: [UInt8], key: String, for file: FileIdentity) {
    guard open() != nil else { return }
    write(.pictures(Data(pictures), file, pages: key, now: Self.now))
  }
}
