import Glibc
import PDFBindCore

extension RuntimeLibrary {
  /// What the page evidence was found with besides pdfbind's own rules: a digest (FNV-1a, 64
  /// bits) of the path, size, inode and modification time of every shared library that loading
  /// poppler, cairo, Tesseract and TurboJPEG maps into this process, and of Tesseract's script
  /// data. An upgraded poppler or Tesseract draws or reads a page differently, so a remembered
  /// answer holds only under the same digest (the cache's keeper keys its rows by it, with
  /// `SuggestRules.version`). A library that cannot be loaded counts as absent: installing it
  /// changes the digest too. Loads the libraries, as a page worker does (no script data is read).
  package static func pageToolsFingerprint() -> UInt64 {
    let before = mappedFiles()
    _ = PopplerLibrary.loader.result
    _ = TesseractLibrary.loader.result
    _ = TurboJPEGLibrary.loader.result
    // Only what the page libraries brought: not the program itself, nor what it had loaded
    // already (an upgraded pdfbind with the same rules keeps its cache).
    var files = mappedFiles().subtracting(before)
    if let directory = try? ScriptDetector.scriptDataDirectory() {
      files.insert(directory + "/" + TesseractLibrary.scriptData)
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ bytes: some Sequence<UInt8>) {
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    for file in files.sorted() {
      var status = stat()
      let found = stat(file, &status) == 0
      mix(file.utf8)
      mix(
        found
          ? "\0\(status.st_size) \(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)\0"
            .utf8 : "\0absent\0".utf8)
    }
    return hash
  }

  /// The files mapped into this process (/proc/self/maps), by path.
  static func mappedFiles() -> Set<String> {
    guard let maps = fopen("/proc/self/maps", "r") else { return [] }
    defer { fclose(maps) }
    var files: Set<String> = []
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    while getline(&line, &capacity, maps) > 0, let line {
      // "start-end perms offset dev inode   /usr/lib/x86_64-linux-gnu/libcairo.so.2.11600.0"
      let path = String(cString: line).drop { $0 != "/" }.dropLast()
      if !path.isEmpty, !path.hasSuffix(" (deleted)") { files.insert(String(path)) }
    }
    return files
  }
}
