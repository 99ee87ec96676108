import PDFBindCore

/// A parsed `get`, `set` or `check`.
enum CommandRequest: Equatable {
  case get(GetRequest)
  case set(SetRequest)
  case check(CheckRequest)

  func run() throws {
    switch self {
    case .get(let request): try request.run()
    case .set(let request): try request.run()
    case .check(let request): try request.run()
    }
  }
}

/// The everyday command lines of `get`, `set` and `check` (flags and files), read without
/// ArgumentParser: building its parser reflects every command and option type, and each first
/// dynamic cast scans all ~4,000 protocol conformances, which is most of a small run's time.
/// Anything else (an option with a value, `--`, combined short flags, help, a flag given twice,
/// a mistake) is declined and goes to ArgumentParser, which stays the definition: a property
/// test checks that every command line read here gives what ArgumentParser gives.
enum CommonForms {
  static func parse(_ arguments: [String]) -> CommandRequest? {
    guard let command = arguments.first, let accepted = flags[command] else { return nil }
    var report = ReportStyle()
    var input = InputSelection()
    var filename: FilenameMode?
    var binding: PageBinding?
    var arrangement: PageArrangement?
    var destination = DestinationChoice()
    var (auto, dryRun, force, repair) = (false, false, false, false)
    var given: Swift.Set<Group> = []
    for argument in arguments.dropFirst() {
      if argument == "-" || argument.utf8.first != UInt8(ascii: "-") {
        input.files.append(argument)
        continue
      }
      // One flag of each group at most: a repeated or conflicting one is ArgumentParser's.
      guard let group = accepted[argument], given.insert(group).inserted else { return nil }
      switch argument {
      case "--json": report.json = true
      case "-q", "--quiet": report.quiet = true
      case "-r", "--recursive": input.recursive = true
      case "-H", "--with-filename": filename = .withFilename
      case "--no-filename": filename = .noFilename
      case "--left-edge": binding = .leftEdge
      case "--right-edge": binding = .rightEdge
      case "--unknown": binding = .unknown
      case "--auto": auto = true
      case "--cover": arrangement = .cover
      case "--no-cover": arrangement = .noCover
      case "--single": arrangement = .single
      case "--in-place": destination.inPlace = true
      case "--dry-run": dryRun = true
      case "--force": force = true
      case "--repair": repair = true
      default: return nil
      }
    }
    let request: CommandRequest
    switch command {
    case "get":
      request = .get(GetRequest(report: report, filename: filename, input: input))
    case "set":
      request = .set(
        SetRequest(
          binding: binding, auto: auto, arrangement: arrangement, destination: destination,
          dryRun: dryRun, force: force, repair: repair, report: report, input: input))
    default:
      request = .check(
        CheckRequest(
          expected: binding, auto: auto, arrangement: arrangement, report: report, input: input))
    }
    // A command line ArgumentParser would refuse is its to explain.
    do { try request.validate() } catch { return nil }
    return request
  }

  /// The options of one kind, at most one of which a command line may give.
  private enum Group {
    case json, quiet, recursive, filename, binding, auto, arrangement, inPlace, dryRun, force
    case repair
  }

  private static let common: [String: Group] = [
    "--json": .json, "-q": .quiet, "--quiet": .quiet, "-r": .recursive, "--recursive": .recursive,
  ]
  private static let expectations: [String: Group] = [
    "--left-edge": .binding, "--right-edge": .binding, "--unknown": .binding, "--auto": .auto,
    "--cover": .arrangement, "--no-cover": .arrangement, "--single": .arrangement,
  ]

  /// The flags each command accepts here, by command name.
  private static let flags: [String: [String: Group]] = [
    "get": common.merging(
      ["-H": .filename, "--with-filename": .filename, "--no-filename": .filename]) { $1 },
    "set": common.merging(expectations) { $1 }.merging(
      ["--in-place": .inPlace, "--dry-run": .dryRun, "--force": .force, "--repair": .repair]
    ) { $1 },
    "check": common.merging(expectations) { $1 },
  ]
}

extension CommandRequest {
  func validate() throws {
    switch self {
    case .get(let request): try request.validate()
    case .set(let request):
      try request.input.validate()
      try request.validate()
    case .check(let request):
      try request.input.validate()
      try request.validate()
    }
  }
}
