import Foundation
import PDFBindTestSupport
import Testing

/// The command line itself: --help for every command, usage errors (status 64), and the man
/// page and shell completions that `make install` lays out, generated here from the command
/// definitions and required to mention every option of every command.
@Suite("Help, usage errors, man page and completions")
struct HelpAndInstallTests {
  /// Every option of each command ("" is pdfbind itself) as the command definitions declare
  /// them, from `pdfbind --experimental-dump-help` (what generate-manual reads): "--json", "-q".
  static func declaredOptions() throws -> [String: Set<String>] {
    let dump = try PDFBindRunner.run("--experimental-dump-help")
    try #require(dump.status == 0)
    let root = try #require(
      (try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])?["command"]
        as? [String: Any])
    func options(_ command: [String: Any]) -> Set<String> {
      var names: Set<String> = []
      for argument in command["arguments"] as? [[String: Any]] ?? [] {
        guard argument["shouldDisplay"] as? Bool != false else { continue }
        for name in argument["names"] as? [[String: String]] ?? [] {
          switch name["kind"] {
          case "long": names.insert("--" + (name["name"] ?? ""))
          case "short": names.insert("-" + (name["name"] ?? ""))
          default: break
          }
        }
      }
      return names
    }
    var result = ["": options(root)]
    for command in root["subcommands"] as? [[String: Any]] ?? [] {
      guard let name = command["commandName"] as? String, name != "help" else { continue }
      result[name] = options(command)
    }
    return result
  }

  /// What SPEC promises each command takes, so the declared lists above cannot be short.
  static let specOptions: [String: Set<String>] = [
    "get": [
      "--json", "-H", "--with-filename", "--no-filename", "--files-from", "-0", "--null",
      "--password", "--jobs", "--help", "--version", "-r", "--recursive",
    ],
    "set": [
      "--left-edge", "--right-edge", "--unknown", "-o", "--in-place", "--dry-run", "--json", "-q",
      "--quiet", "--force", "--files-from", "-0", "--null", "--password", "--jobs", "--help",
      "--version", "--auto", "-r", "--recursive", "--no-cache",
    ],
    "check": [
      "--left-edge", "--right-edge", "--unknown", "--json", "-q", "--quiet", "--files-from", "-0",
      "--null", "--password", "--jobs", "--help", "--version", "--auto", "-r", "--recursive",
      "--no-cache",
    ],
    "suggest": [
      "--json", "--pages", "-q", "--quiet", "--files-from", "-0", "--null", "--password",
      "--jobs", "--help", "--version", "-r", "--recursive", "--no-cache",
    ],
    "spreads": [
      "--as", "--cover", "--no-cover", "--json", "-q", "--quiet", "-H", "--with-filename",
      "--no-filename", "--files-from", "-0", "--null", "--password", "--jobs", "--help",
      "--version", "-r", "--recursive",
    ],
    "preview": [
      "--as", "--cover", "--no-cover", "--spreads", "--height", "-o", "--password", "-q",
      "--quiet", "--help", "--version",
    ],
    "history": [
      "--json", "-q", "--quiet", "--files-from", "-0", "--null", "--password", "--jobs", "--help",
      "--version",
    ],
    "revert": [
      "-o", "--in-place", "--dry-run", "--json", "-q", "--quiet", "--files-from", "-0", "--null",
      "--password", "--jobs", "--help", "--version",
    ],
    "review": [
      "-r", "--recursive", "--pages", "-o", "-q", "--quiet", "--files-from", "-0", "--null",
      "--password", "--jobs", "--help", "--version", "--no-cache",
    ],
    "doctor": ["--json", "--help", "--version"],
    "cache": ["--clear", "--help", "--version"],
    "": ["--help", "--version"],
  ]

  @Test("The command definitions declare every option SPEC names")
  func definitionsCoverSpec() throws {
    let declared = try Self.declaredOptions()
    #expect(
      Set(declared.keys) == [
        "", "get", "set", "check", "spreads", "preview", "suggest", "history", "revert", "review",
        "doctor", "cache",
      ])
    for (command, options) in Self.specOptions {
      let missing = options.subtracting(declared[command] ?? [])
      #expect(missing.isEmpty, "pdfbind \(command) lacks \(missing.sorted())")
    }
  }

  @Test("--help for pdfbind and each command exits 0 and shows every option")
  func help() throws {
    for (command, options) in try Self.declaredOptions() {
      for arguments in [[command, "--help"], ["help", command], [command, "-h"]] {
        let result = try PDFBindRunner.run(arguments.filter { !$0.isEmpty })
        #expect(result.status == 0, "\(arguments)")
        #expect(result.err == "", "\(arguments)")
        #expect(result.out.contains("USAGE: pdfbind"), "\(arguments)")
        let words = Self.words(result.out)
        for option in options { #expect(words.contains(option), "\(arguments): \(option)") }
      }
    }
    let root = try PDFBindRunner.run("--help")
    for command in ["get", "set", "check"] { #expect(Self.words(root.out).contains(command)) }
    #expect(root.out.contains("64 the"), "the exit statuses are explained")
    let version = try PDFBindRunner.run("--version")
    #expect((version.status, version.out, version.err) == (0, "pdfbind 0.2.0\n", ""))
  }

  private static func words(_ text: String) -> Set<String> {
    Set(
      text.split(whereSeparator: { " \n\t,[]()|<>".contains($0) }).map(String.init))
  }

  @Test(
    "A wrong command line exits 64, prints nothing on stdout and says what is wrong",
    arguments: [
      (["set", "x.pdf"], "Missing one of: '--left-edge', '--right-edge', '--unknown', '--auto'"),
      (["check", "x.pdf"], "Missing one of: '--left-edge', '--right-edge', '--unknown', '--auto'"),
      (["set", "--left-edge", "--right-edge", "x.pdf"], "had already been set with flag"),
      (["check", "--unknown", "--right-edge", "x.pdf"], "had already been set with flag"),
      (["set", "--auto", "--right-edge", "x.pdf"], "--auto cannot be combined with --left-edge"),
      (["check", "--unknown", "--auto", "x.pdf"], "--auto cannot be combined with --left-edge"),
      (["set", "--right-edge", "-o", "out.pdf", "a.pdf", "b.pdf"], "-o takes exactly one input"),
      (["set", "--right-edge", "-o", "out.pdf", "--files-from", "list"], "-o takes exactly one"),
      (
        ["set", "--right-edge", "-o", "out.pdf", "--in-place", "x.pdf"], "-o and --in-place cannot"
      ),
      (["set", "--right-edge", "--in-place", "-"], "--in-place cannot append to standard input"),
      (["get", "--bogus", "x.pdf"], "Unknown option '--bogus'"),
      (["set", "--right-edge", "--bogus", "x.pdf"], "Unknown option '--bogus'"),
      (["frob"], "Unexpected argument 'frob'"),
      (["get"], "No input files."),
      (["set", "--right-edge"], "No input files."),
      (["get", "-0", "x.pdf"], "-0/--null applies to --files-from LIST"),
      (["get", "-", "-"], "Standard input ('-') can be read only once."),
      (["get", "--files-from", "-", "-"], "Standard input ('-') can be read only once."),
      (["get", "--jobs", "0", "x.pdf"], "--jobs must be at least 1."),
      (["get", "--jobs", "many", "x.pdf"], "The value 'many' is invalid for '--jobs <N>'"),
      (["get", "--files-from"], "Missing value for '--files-from <LIST>'"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try PDFBindRunner.run(arguments)
    #expect(result.status == 64)
    #expect(result.out == "")
    #expect(result.err.hasPrefix("Error: "))
    #expect(result.err.contains(message))
    #expect(result.err.contains("Usage: pdfbind"))
  }

  @Test("The man page names every option of every command, in that command's section")
  func manPage() throws {
    let tool = try Self.generateManualTool()
    let generated = try runProcess(tool, [PDFBindRunner.executable, "--output-directory", "-"])
    #expect(generated.status == 0, "\(generated.err)")
    let page = generated.out
    #expect(page.hasPrefix(#".\" "Generated by swift-argument-parser""#))
    #expect(page.contains(".Dt PDFBIND 1"))
    for (command, options) in try Self.declaredOptions() {
      let section = try #require(Self.manSection(page, command), "no section for \(command)")
      // mdoc: ".It Fl q , -quiet", ".It Fl -files-from Ar LIST", ".It Fl o Ar OUT".
      var listed: Set<String> = []
      for line in section.split(separator: "\n") where line.hasPrefix(".It Fl ") {
        let names = line.dropFirst(".It Fl ".count).components(separatedBy: " Ar ")[0]
        for name in names.components(separatedBy: " , ") { listed.insert("-" + name) }
      }
      #expect(listed == options, "man page, \(command.isEmpty ? "pdfbind" : command)")
    }
  }

  /// The lines of the man page that describe `command`: for pdfbind itself, those before the
  /// first subcommand; for a subcommand, its item up to the end of its option list.
  private static func manSection(_ page: String, _ command: String) -> String? {
    if command.isEmpty { return page.components(separatedBy: "\n.It Em ").first }
    guard let start = page.range(of: "\n.It Em \(command)\n") else { return nil }
    let rest = page[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n.El\n")?.lowerBound ?? rest.endIndex)])
  }

  @Test(
    "The bash, zsh and fish completions offer every option of every command",
    arguments: ["bash", "zsh", "fish"])
  func completions(shell: String) throws {
    let script = try PDFBindRunner.run("--generate-completion-script", shell)
    #expect(script.status == 0)
    #expect(script.err == "")
    for (command, options) in try Self.declaredOptions() {
      let function = command.isEmpty ? "_pdfbind" : "_pdfbind_\(command)"
      for option in options {
        let offered: Bool
        switch shell {
        case "bash":
          // _pdfbind_set() { … non_repeating_flags=(--left-edge …) … }
          offered =
            Self.function(function, in: script.out).map { Self.words($0).contains(option) } ?? false
        case "zsh":
          // '--json[…]' or '(--quiet -q)'{--quiet,-q}'[…]'
          offered =
            Self.function(function, in: script.out).map {
              $0.contains("'\(option)[") || $0.contains("{\(option),") || $0.contains(",\(option)}")
            } ?? false
        default:
          // complete -c 'pdfbind' -n '… "pdfbind set" …' -s 'o' / -l 'json'
          let condition = "\"pdfbind\(command.isEmpty ? "" : " " + command)\""
          let flag =
            option.hasPrefix("--") ? "-l '\(option.dropFirst(2))'" : "-s '\(option.dropFirst())'"
          offered = script.out.split(separator: "\n").contains {
            $0.hasPrefix("complete ") && $0.contains(condition) && $0.contains(flag)
          }
        }
        #expect(offered, "\(shell): pdfbind \(command) \(option)")
      }
    }
  }

  /// The body of the shell function `name` in a completion script.
  private static func function(_ name: String, in script: String) -> String? {
    guard let start = script.range(of: "\n\(name)() {\n") else { return nil }
    let rest = script[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n}\n")?.lowerBound ?? rest.endIndex)])
  }

  /// swift-argument-parser's generate-manual, which `make docs` runs through its plugin.
  /// `make docs` (and so `make test`) builds it into the tests' own build folder; otherwise it
  /// is built here from that folder's checkout of swift-argument-parser, into a scratch folder
  /// of its own: SwiftPM holds a lock on the tests' build folder while they run, so a build
  /// there would wait forever.
  static func generateManualTool() throws -> String {
    let binaries = Bundle.main.bundleURL
    let prebuilt = binaries.appendingPathComponent("generate-manual-tool").path
    if FileManager.default.isExecutableFile(atPath: prebuilt) { return prebuilt }
    // .build/x86_64-unknown-linux-gnu/debug or .build/debug: the checkouts are in .build.
    var scratch = binaries
    var package: URL?
    for _ in 0..<3 {
      scratch = scratch.deletingLastPathComponent()
      let candidate = scratch.appendingPathComponent("checkouts/swift-argument-parser")
      if FileManager.default.fileExists(
        atPath: candidate.appendingPathComponent("Package.swift").path)
      {
        package = candidate
        break
      }
    }
    let source = try #require(package, "no checkout of swift-argument-parser near \(binaries.path)")
    let swift = try #require(which("swift"), "swift is not on PATH")
    let arguments = [
      "build", "--package-path", source.path, "--product", "generate-manual", "--scratch-path",
      FileManager.default.temporaryDirectory.appendingPathComponent("pdfbind-generate-manual").path,
    ]
    let build = try runProcess(swift, arguments)
    try #require(build.status == 0, "building generate-manual failed: \(build.out)\(build.err)")
    let bin = try runProcess(swift, arguments + ["--show-bin-path"])
    return bin.out.trimmingCharacters(in: .whitespacesAndNewlines) + "/generate-manual"
  }
}
