import PDFBindCore
import SystemPackage

/// calibre's `metadata.opf` and `ComicInfo.xml`, looked for beside the file.
enum SidecarEvidence {
  static func evidence(in directory: FilePath) -> [Evidence] {
    var evidence: [Evidence] = []
    if let opf = read(directory.appending("metadata.opf")) {
      let languages = XMLText.elements("dc:language", in: opf).filter { !$0.isEmpty }
      for language in Set(languages).sorted() {
        evidence.append(
          Evidence(source: .metadataOPF, says: LanguageTag.binding(of: language), detail: language))
      }
    }
    if let comic = read(directory.appending("ComicInfo.xml")) {
      for value in Set(XMLText.elements("Manga", in: comic)).sorted() {
        let says: PageBinding? =
          switch value.lowercased() {
          case "yesandrighttoleft": .rightEdge
          case "no": .leftEdge
          default: nil
          }
        evidence.append(Evidence(source: .comicInfo, says: says, detail: "Manga " + value))
      }
    }
    return evidence
  }

  /// The file's text, or nil when it is missing, unreadable or over 1 MB.
  private static func read(_ path: FilePath) -> String? {
    guard let descriptor = try? FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
    else { return nil }
    return try? descriptor.closeAfter {
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65536)
      while bytes.count <= 1 << 20 {
        let count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
        if count == 0 { return String(decoding: bytes, as: UTF8.self) }
        bytes += chunk[..<count]
      }
      return nil
    }
  }
}
