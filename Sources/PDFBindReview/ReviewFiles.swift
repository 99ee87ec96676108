import Glibc
import PDFBindCore
import PDFBindPages
import SystemPackage

/// Where a review page and its pictures go: `OUT.html` and the folder `OUT_files/` beside it
/// (the name browsers give a saved page's folder). Pictures are files, not part of the page, so
/// the page of 5,000 books stays a few megabytes and the browser reads each picture only when
/// its row comes near view.
public struct ReviewFiles: Sendable {
  public var page: FilePath
  public var folder: FilePath

  /// `OUT` names the page; its folder is `OUT` less a `.html`/`.htm` extension, plus `_files`.
  public init(page: FilePath) {
    self.page = page
    var name = page.lastComponent.map { "\($0.stem)" } ?? "pdfbind-review"
    if let last = page.lastComponent, !["html", "htm"].contains(last.extension?.lowercased()) {
      name = "\(last)"
    }
    folder = page.removingLastComponent().appending(name + "_files")
  }

  /// The folder's name, as the page refers to it (relative, beside the page).
  public var folderName: [UInt8] {
    folder.lastComponent.map { Array("\($0)".utf8) } ?? []
  }

  /// Creates the folder if needed and finds the pictures an earlier run left in it (only
  /// names review writes: `N-page-P.png`, and `N-left-edge.png`, `N-right-edge.png` from
  /// before pictures were one per page); other files stay. A plain file (one link) is kept
  /// for this run to write over, and the names returned, for `removePictures` to take away
  /// those it did not write; any other (a link, a folder) is removed now. Writing over a file
  /// keeps its inode: making a new one was most of `review`'s time in the kernel, and the
  /// filesystem takes one at a time in a folder (5,000 pictures made again: 1.5-2 s of
  /// processor time, 5-8 s by the clock, against 0.3 s written over).
  /// Throws `.pageIsDirectory` before anything is written when `page` names a directory.
  @discardableResult
  public func prepare() throws(PreparationError) -> [String] {
    var info = stat()
    if page.withPlatformString({ stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw .pageIsDirectory
    }
    let created = folder.withPlatformString { mkdir($0, 0o777) }
    if created != 0 && errno != EEXIST {
      throw .folder(
        BindingError(
          creating: Errno(rawValue: errno), operation: .other("creating the pictures folder")))
    }
    guard let directory = folder.withPlatformString({ opendir($0) }) else {
      throw .folder(
        BindingError(
          creating: Errno(rawValue: errno), operation: .other("reading the pictures folder")))
    }
    defer { closedir(directory) }
    var kept: [String] = []
    var removed: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard Self.isPictureName(name) else { continue }
      var info = stat()
      let isPlainFile =
        fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0
        && info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1
      if isPlainFile { kept.append(name) } else { removed.append(name) }
    }
    removePictures(removed)
    return kept
  }

  /// Removes the pictures `names` (of `prepare`) from the folder.
  public func removePictures(_ names: some Sequence<String>) {
    for name in names { FileIO.remove(folder.appending(name)) }
  }

  /// Why the page cannot be written, found before any file is read: which of its two paths,
  /// and why.
  public enum PreparationError: Error {
    /// `page` names a directory.
    case pageIsDirectory
    /// The pictures folder cannot be made or read.
    case folder(BindingError)
  }

  /// The name of the picture of book `number`'s page `page`.
  public static func pictureName(number: Int, page: Int) -> String {
    "\(number)-page-\(page).png"
  }

  static func isPictureName(_ name: String) -> Bool {
    func isNumber(_ text: Substring) -> Bool {
      !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
    guard let dash = name.firstIndex(of: "-") else { return false }
    let rest = name[name.index(after: dash)...]
    guard isNumber(name[..<dash]) else { return false }
    if rest.hasPrefix("page-") && rest.hasSuffix(".png") {
      return isNumber(rest.dropFirst(5).dropLast(4))
    }
    return rest == "left-edge.png" || rest == "right-edge.png"
  }

  public func writePicture(_ png: [UInt8], named name: String) throws(BindingError) {
    try Preview.write(png, to: folder.appending(name))
  }

  /// Writes the page beside its final name and renames it over, so a browser showing the old
  /// page never reads half a new one.
  public func writePage(_ html: [UInt8]) throws(BindingError) {
    let operation = BindingError.Writing.Operation.other("writing the page")
    let directory = page.removingLastComponent()
    do throws(Errno) {
      let (descriptor, temporary) = try FileIO.makeTemporaryFile(
        in: directory.isEmpty ? "." : directory, hint: "review")
      do {
        try FileIO.applyDefaultPermissions(to: descriptor)
        _ = try descriptor.closeAfter { try descriptor.writeAll(html) }
        try FileIO.rename(temporary, to: page)
      } catch {
        FileIO.remove(temporary)
        throw error as? Errno ?? .ioError
      }
    } catch {
      throw BindingError(creating: error, operation: operation)
    }
  }
}
