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

  /// Creates the folder if needed and removes the pictures an earlier run left in it (only
  /// names review writes: `N-page-P.png`, and `N-left-edge.png`, `N-right-edge.png` from
  /// before pictures were one per page); other files stay.
  /// Throws `.pageIsDirectory` before anything is written when `page` names a directory.
  public func prepare() throws(PreparationError) {
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
    var stale: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if Self.isPictureName(name) { stale.append(name) }
    }
    for name in stale { FileIO.remove(folder.appending(name)) }
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
