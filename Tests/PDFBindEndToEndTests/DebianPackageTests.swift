import Foundation
import PDFBindTestSupport
import Testing

/// The Debian package `make deb` builds (and `make test` builds before the tests run):
/// installed with dpkg into a scratch root of its own, its binary run on a fixture, its man
/// page and completions where Debian keeps them, then purged without a file left behind.
@Suite("make deb: the Debian package")
struct DebianPackageTests {
  /// `pdfbind_VERSION-N_ARCH.deb` in the repository for the version the tested binary has.
  static let package: String? = {
    guard let version = try? PDFBindRunner.run("--version").out,
      let upstream = version.split(separator: " ").last?.split(separator: "\n").first,
      let names = try? FileManager.default.contentsOfDirectory(atPath: Fixture.repository.path)
    else { return nil }
    return names.filter { $0.hasPrefix("pdfbind_\(upstream)-") && $0.hasSuffix(".deb") }.sorted()
      .last.map { Fixture.repository.appendingPathComponent($0).path }
  }()
  static let dpkg = which("dpkg")
  static let canInstall = package != nil && dpkg != nil

  static let installed = [
    "/usr/bin/pdfbind", "/usr/share/man/man1/pdfbind.1.gz",
    "/usr/share/bash-completion/completions/pdfbind",
    "/usr/share/zsh/vendor-completions/_pdfbind",
    "/usr/share/fish/vendor_completions.d/pdfbind.fish", "/usr/share/doc/pdfbind/copyright",
    "/usr/share/doc/pdfbind/changelog.Debian.gz", "/usr/libexec/pdfbind/pdfbind-cache",
  ]

  static func field(_ name: String) throws -> String {
    let result = try runProcess("/usr/bin/dpkg-deb", ["-f", try #require(package), name])
    #expect(result.status == 0, "\(result.err)")
    return result.out.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test(
    "Depends is what the binary links, Recommends what it loads at run time",
    .enabled(if: canInstall, "no pdfbind_VERSION-N_ARCH.deb in the repository: make deb builds it"))
  func fields() throws {
    #expect(try Self.field("Package") == "pdfbind")
    let version = try PDFBindRunner.run("--version").out.dropFirst("pdfbind ".count)
    #expect(try Self.field("Version").hasPrefix(version.dropLast() + "-"))
    let depends = try Self.field("Depends").components(separatedBy: ", ").map {
      String($0.prefix { $0 != " " })
    }
    #expect(Set(depends).isSuperset(of: ["libc6", "libnettle8", "zlib1g"]), "\(depends)")
    #expect(depends.contains { $0.hasPrefix("libqpdf") }, "\(depends)")
    // The Swift runtime is linked in (make release: --static-swift-stdlib).
    #expect(!depends.contains { $0.contains("swift") || $0.contains("dispatch") }, "\(depends)")
    #expect(
      try Self.field("Recommends").components(separatedBy: ", ") == [
        "libpoppler-glib8", "libcairo2", "libtesseract5", "tesseract-ocr-osd",
        "tesseract-ocr-eng", "tesseract-ocr-heb", "tesseract-ocr-urd", "tesseract-ocr-syr",
        "tesseract-ocr-kat", "tesseract-ocr-hye", "tesseract-ocr-mya", "tesseract-ocr-bod",
        "libturbojpeg0",
        "fonts-dejavu-core",
      ])
    let listing = try runProcess("/usr/bin/dpkg-deb", ["--contents", try #require(Self.package)])
    let files = listing.out.split(separator: "\n").filter { !$0.hasPrefix("d") }.map {
      String($0.split(separator: " ").last!.dropFirst())
    }
    #expect(files.sorted() == Self.installed.sorted())
  }

  @Test(
    "dpkg installs it into a scratch root, the binary there works, and purge leaves nothing",
    .enabled(if: canInstall, "no pdfbind_VERSION-N_ARCH.deb in the repository: make deb builds it"))
  func installAndPurge() throws {
    let root = try Fixture.temporaryDirectory().path
    for folder in ["var/lib/dpkg/info", "var/lib/dpkg/updates", "var/log"] {
      try FileManager.default.createDirectory(
        atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    try #require(
      FileManager.default.createFile(atPath: root + "/var/lib/dpkg/status", contents: nil),
      "the scratch root's dpkg status file")
    let dpkg = try #require(Self.dpkg)
    // The scratch root's database holds no libc6 or libqpdf: this machine's libraries serve.
    let install = try runProcess(
      dpkg,
      ["--root=" + root, "--force-not-root", "--force-depends", "-i", try #require(Self.package)])
    #expect(install.status == 0, "\(install.out)\(install.err)")
    let listed = try runProcess(dpkg, ["--root=" + root, "-L", "pdfbind"])
    for file in Self.installed {
      #expect(listed.out.split(separator: "\n").contains(Substring(file)), "\(file)")
      #expect(FileManager.default.fileExists(atPath: root + file), "\(file)")
    }
    let binary = root + "/usr/bin/pdfbind"
    let get = try runProcess(binary, ["get", Fixture.path("right-edge.pdf")])
    #expect((get.status, get.out, get.err) == (0, "right-edge\n", ""))
    let copy = try Fixture.copy("unknown.pdf")
    let set = try runProcess(binary, ["set", "--right-edge", copy])
    #expect(set.status == 0, "\(set.err)")
    #expect(try IndependentReaders.pikepdfEntries(copy).direction == "/R2L")
    // The installed pdfbind finds its cache's keeper in /usr/libexec/pdfbind.
    let cache = ["XDG_CACHE_HOME": try Fixture.temporaryDirectory().path, "PDFBIND_CACHE": "on"]
    let book = Fixture.path("suggest/arabic.pdf")
    for _ in 1...2 {
      let suggest = try runProcess(binary, ["suggest", book], environment: cache)
      #expect(suggest.status == 0 && suggest.err.isEmpty, "\(suggest.err)")
      #expect(suggest.out.hasPrefix("\(book): right-edge"))
    }
    let kept = try runProcess(binary, ["cache"], environment: cache)
    #expect(kept.out.contains(": 1 file, "), "\(kept.out)\(kept.err)")
    #expect(kept.out.contains("answers remembered: 1, found by reading: 1"), "\(kept.out)")
    let doctor = try runProcess(binary, ["doctor"])
    #expect(doctor.status == 0 && doctor.out.hasPrefix("poppler-glib: "), "\(doctor.out)")
    let manual = try runProcess("/bin/sh", ["-c", "gzip -dc \"$0\"", root + Self.installed[1]])
    #expect(manual.out.contains(".Dt PDFBIND 1"))
    #expect(manual.out.contains("doctor"))
    let completion = try String(contentsOfFile: root + Self.installed[2], encoding: .utf8)
    #expect(
      completion.contains("complete -o filenames -F _pdfbind pdfbind"), "\(completion.prefix(200))")
    let purge = try runProcess(dpkg, ["--root=" + root, "--force-not-root", "--purge", "pdfbind"])
    #expect(purge.status == 0, "\(purge.err)")
    let left = try #require(FileManager.default.enumerator(atPath: root)).compactMap {
      $0 as? String
    }.filter { !$0.hasPrefix("var") }
    #expect(left.isEmpty, "\(left)")
  }
}
