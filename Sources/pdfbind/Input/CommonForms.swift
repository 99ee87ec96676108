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

/// The everyday command lines of `get`, `set` and `check` (flags, options with a separate
/// value, files), read without ArgumentParser: building its parser reflects every command and
/// option type, and each first dynamic cast scans all ~4,000 protocol conformances, which is
/// most of a small run's time. Anything else (`--`, `--name=value`, combined short flags, a
/// value that starts with '-', help, an option given twice, a mistake) is declined and goes to
/// ArgumentParser, which stays the definition: a property test checks that every command line
/// read here gives what ArgumentParser gives.
enum CommonForms {
  static func parse(_ arguments: [String]) -> CommandRequest? {
    guard let command = arguments.first, ["get", "set", "check"].contains(command) else {
      return nil
    }
    var report = ReportStyle()
    var input = InputSelection()
    var filename: FilenameMode?
    var binding: PageBinding?
    var arrangement: PageArrangement?
    var destination = DestinationChoice()
    var (auto, dryRun, force, repair) = (false, false, false, false)
    var given: UInt32 = 0  // a bit for each Group
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if isPlain(argument) {
        input.files.append(argument)
        continue
      }
      // One option of each group at most: a repeated or conflicting one is ArgumentParser's.
      guard let group = group(of: argument, in: command), given & group.bit == 0 else {
        return nil
      }
      given |= group.bit
      if group.takesValue {
        guard index < arguments.count, isPlain(arguments[index]) else { return nil }
        let value = arguments[index]
        index += 1
        switch group {
        case .filesFrom: input.filesFrom = value
        case .password: input.password = value
        case .output: destination.output = value
        default:
          // ArgumentParser reads Int(value), which also takes a sign: digits only here.
          guard value.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let jobs = Int(value)
          else { return nil }
          input.jobs = jobs
        }
        continue
      }
      switch argument {
      case "--json": report.json = true
      case "-q", "--quiet": report.quiet = true
      case "-r", "--recursive": input.recursive = true
      case "-0", "--null": input.nullSeparated = true
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

  /// A file, or an option's value: anything but an option's name ('-' is standard input).
  private static func isPlain(_ argument: String) -> Bool {
    argument == "-" || argument.utf8.first != UInt8(ascii: "-")
  }

  /// The options of one kind, at most one of which a command line may give.
  private enum Group: UInt32 {
    case json, quiet, recursive, filename, binding, auto, arrangement, inPlace, dryRun, force
    case repair, nullSeparated, filesFrom, password, jobs, output
    var bit: UInt32 { 1 << rawValue }
    var takesValue: Bool {
      switch self {
      case .filesFrom, .password, .jobs, .output: true
      default: false
      }
    }
  }

  /// The group of a flag `command` accepts here, or nil. A switch, not a dictionary: a
  /// dictionary's first use costs a runtime conformance lookup, the cost this file avoids.
  private static func group(of flag: String, in command: String) -> Group? {
    switch flag {
    case "--json": .json
    case "-q", "--quiet": .quiet
    case "-r", "--recursive": .recursive
    case "-0", "--null": .nullSeparated
    case "--files-from": .filesFrom
    case "--password": .password
    case "-j", "--jobs": .jobs
    case "-o": command == "set" ? .output : nil
    case "-H", "--with-filename", "--no-filename": command == "get" ? .filename : nil
    case "--left-edge", "--right-edge", "--unknown": command == "get" ? nil : .binding
    case "--auto": command == "get" ? nil : .auto
    case "--cover", "--no-cover", "--single": command == "get" ? nil : .arrangement
    case "--in-place": command == "set" ? .inPlace : nil
    case "--dry-run": command == "set" ? .dryRun : nil
    case "--force": command == "set" ? .force : nil
    case "--repair": command == "set" ? .repair : nil
    default: nil
    }
  }
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
