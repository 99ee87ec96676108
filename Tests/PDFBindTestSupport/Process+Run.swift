import Foundation

/// What a finished process left: its status and both output streams, kept apart.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var stdout: Data
  public var stderr: Data
  public var out: String { String(decoding: stdout, as: UTF8.self) }
  public var err: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs a program to completion, feeding `input` to its standard input, in
/// `currentDirectory` when given.
public func runProcess(
  _ executable: String, _ arguments: [String], input: Data? = nil,
  environment: [String: String]? = nil, currentDirectory: URL? = nil
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.currentDirectoryURL = currentDirectory
  if let environment {
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  }
  // Both streams go to files, so a full pipe can never block the child.
  let directory = FileManager.default.temporaryDirectory
  let outURL = directory.appendingPathComponent("pdfbind-out-\(UUID().uuidString)")
  let errURL = directory.appendingPathComponent("pdfbind-err-\(UUID().uuidString)")
  guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
  else { throw CocoaError(.fileWriteUnknown) }
  defer {
    try? FileManager.default.removeItem(at: outURL)
    try? FileManager.default.removeItem(at: errURL)
  }
  let outHandle = try FileHandle(forWritingTo: outURL)
  let errHandle = try FileHandle(forWritingTo: errURL)
  process.standardOutput = outHandle
  process.standardError = errHandle
  let inPipe = Pipe()
  process.standardInput = input == nil ? FileHandle.nullDevice : inPipe
  try process.run()
  if let input {
    try? inPipe.fileHandleForWriting.write(contentsOf: input)
    try? inPipe.fileHandleForWriting.close()
  }
  process.waitUntilExit()
  try? outHandle.close()
  try? errHandle.close()
  let outData = try Data(contentsOf: outURL)
  let errData = try Data(contentsOf: errURL)
  return ProcessResult(status: process.terminationStatus, stdout: outData, stderr: errData)
}

/// The full path of a program on PATH, for the independent readers.
public func which(_ program: String) -> String? {
  for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
  {
    let candidate = "\(directory)/\(program)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}
