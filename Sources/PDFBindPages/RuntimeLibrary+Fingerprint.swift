import Glibc
import PDFBindCore

extension SuggestRules {
  /// What a remembered answer is kept under (the cache's `rules`): the rules' `version`, the
  /// page work's limits (`PageWorkLimits.fromEnvironment`) and the page tools this machine has
  /// (`RuntimeLibrary.pageTools`), as the first 8 bytes of their SHA-256. An upgraded poppler or
  /// Tesseract draws or reads a page differently, and a page stopped at 10 s may be read in
  /// full with 60, so none of them changes without every answer being found again.
  package static func rememberedUnder() -> Int64 {
    let limits = PageWorkLimits.fromEnvironment
    let lines =
      ["rules \(version)"]
      + ["limits \(limits.pageSeconds) \(limits.bookSeconds) \(limits.workerMegabytes)"]
      + RuntimeLibrary.pageTools()
    let text = lines.joined(separator: "\n")
    return Ciphers.digest(.sha256, Array(text.utf8)).prefix(8).reduce(0) { $0 << 8 | Int64($1) }
  }
}

extension RuntimeLibrary {
  /// The page tools, a line each: the path, size, inode and modification time of every shared
  /// library that loading poppler, cairo, Tesseract and TurboJPEG maps into this process, and of
  /// Tesseract's script data and its English and Hebrew data (`WordReader`), in path order. A
  /// library that cannot be loaded is absent: installing it changes the lines too. Loads the
  /// libraries, as a page worker does (no script data is read).
  package static func pageTools() -> [String] {
    let before = mappedFiles()
    _ = PopplerLibrary.loader.result
    _ = TesseractLibrary.loader.result
    _ = TurboJPEGLibrary.loader.result
    // Only the shared libraries the page libraries brought: not the program itself, nor what
    // it had loaded already (an upgraded pdfbind with the same rules keeps its cache), nor
    // other files another thread maps meanwhile (the cache keeper's own database).
    var files = mappedFiles().subtracting(before).filter {
      $0.split(separator: "/").last?.contains(".so") == true
    }
    for role in [Role.scriptData] + WordReader.Language.allCases.map(\.data) {
      if let directory = try? TesseractLibrary.dataDirectory(for: role), let file = role.dataFile {
        files.insert(directory + "/" + file)
      }
    }
    return files.sorted().map { file in
      var status = stat()
      guard stat(file, &status) == 0 else { return file + " absent" }
      let time = status.st_mtim
      return "\(file) \(status.st_size) \(status.st_ino) \(time.tv_sec).\(time.tv_nsec)"
    }
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
