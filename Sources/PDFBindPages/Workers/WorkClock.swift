import Glibc

/// Page work's time, allowed or spent: `processorSeconds` of a worker's processor time (what a
/// page costs, the same on a busy machine as on an idle one), and `waitingSeconds` it spent
/// neither computing nor waiting for a processor (asleep, stuck on a lock, blocked). Neither
/// depends on how busy the machine is, so a loaded machine decides as an idle one does.
struct WorkTime: Equatable, Sendable {
  var processorSeconds: Double
  var waitingSeconds: Double

  static let zero = WorkTime(processorSeconds: 0, waitingSeconds: 0)

  static func - (left: WorkTime, right: WorkTime) -> WorkTime {
    WorkTime(
      processorSeconds: left.processorSeconds - right.processorSeconds,
      waitingSeconds: left.waitingSeconds - right.waitingSeconds)
  }

  static func += (left: inout WorkTime, right: WorkTime) {
    left.processorSeconds += right.processorSeconds
    left.waitingSeconds += right.waitingSeconds
  }

  /// Whether either part is used up.
  var isSpent: Bool { processorSeconds <= 0 || waitingSeconds <= 0 }
}

/// One exchange's time, read while the worker runs: its processor time (all its threads, the
/// kernel's clock of the process), and the clock's time less what its threads ran or waited on
/// a run queue for (/proc), which is what it spent waiting for something other than a
/// processor. The worker's activity is read when the exchange ends, and while it runs only
/// every `checkEvery` or when its time would be up: each reading opens a file in /proc per
/// thread, and a batch's exchanges are mostly a few milliseconds long.
final class WorkClock {
  let worker: pid_t
  let time: WorkTime
  private let startedAt = Monotonic.now
  private let start: Activity
  /// What the exchange has used, as last read.
  private(set) var used = WorkTime.zero
  /// When `used` was read: the exchange's start until it is read.
  private var readAt: Double

  /// How often the worker's time is read while the answer is awaited.
  static let checkEvery = 0.1

  /// `since`: the worker's activity at the end of its last exchange, when it has had one; it
  /// has waited for this request since (its heap given back after an answer counts here).
  init(worker: pid_t, time: WorkTime, since last: Activity?) {
    self.worker = worker
    self.time = time
    start = last ?? Activity(of: worker)
    readAt = startedAt
  }

  /// Reads what the worker has used so far (its clock, /proc), into `used`; the activity read.
  @discardableResult
  func readUsed() -> Activity {
    let now = Activity(of: worker)
    readAt = Monotonic.now
    let processor = max(0, (now.processorSeconds ?? 0) - (start.processorSeconds ?? 0))
    // Time a thread ran or was ready to run on a busy machine; the processor time where the
    // kernel keeps no run-queue time (its waits on a busy machine then count as waiting).
    let active = max(
      processor, (now.scheduledSeconds ?? 0) - (start.scheduledSeconds ?? 0))
    used.processorSeconds = max(used.processorSeconds, processor)
    // Not the most seen: a thread's wait on a run queue is counted only once it runs.
    used.waitingSeconds = max(0, readAt - startedAt - active)
    return now
  }

  /// Whether what the worker used, as last read, is past its time.
  var isOver: Bool { usedItsProcessorTime || used.waitingSeconds >= time.waitingSeconds }

  /// What the exchange used, read once more at its end, and the worker's activity then: the
  /// start of its next exchange.
  func finish() -> (used: WorkTime, end: Activity) {
    let end = readUsed()
    return (used, end)
  }

  /// Whether the worker used all its processor time, as last read; work that is over
  /// without it waited too long.
  var usedItsProcessorTime: Bool { used.processorSeconds >= time.processorSeconds }

  /// Seconds to wait for the answer before reading the time again; nil when it is over. The
  /// time is read again once `checkEvery` has passed since the last reading, or sooner when
  /// what is left of either part is less (neither part grows faster than the clock, on one
  /// processor).
  func nextWait() -> Double? {
    if Monotonic.now - readAt >= untilNextReading {
      readUsed()
      if isOver { return nil }
    }
    return max(0.001, readAt + untilNextReading - Monotonic.now)
  }

  private var untilNextReading: Double {
    min(
      Self.checkEvery, time.waitingSeconds - used.waitingSeconds,
      time.processorSeconds - used.processorSeconds)
  }

  /// What a worker's threads have used so far; nil where the kernel does not say.
  struct Activity {
    /// User and system seconds, all threads, living and ended (the process's clock).
    var processorSeconds: Double?
    /// Seconds the threads have run or waited on a run queue, summed
    /// (/proc/PID/task/TID/schedstat, its first two fields).
    var scheduledSeconds: Double?

    init(of pid: pid_t) {
      processorSeconds = Self.processorSeconds(of: pid)
      scheduledSeconds = Self.scheduledSeconds(of: pid)
    }

    static func processorSeconds(of pid: pid_t) -> Double? {
      var clock = clockid_t()
      var time = timespec()
      guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &time) == 0 else {
        return nil
      }
      return time.seconds
    }

    static func scheduledSeconds(of pid: pid_t) -> Double? {
      guard let tasks = opendir("/proc/\(pid)/task") else { return nil }
      defer { closedir(tasks) }
      var nanoseconds: Double?
      while let entry = readdir(tasks) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
          String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard name.first != ".", let bytes = read("/proc/\(pid)/task/\(name)/schedstat")
        else { continue }
        let fields = bytes.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }
        guard fields.count >= 2, let running = number(fields[0]), let queued = number(fields[1])
        else { continue }
        nanoseconds = (nanoseconds ?? 0) + running + queued
      }
      return nanoseconds.map { $0 / 1e9 }
    }

    static func read(_ path: String) -> ArraySlice<UInt8>? {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      defer { Glibc.close(descriptor) }
      var bytes = [UInt8](repeating: 0, count: 1024)
      let count = Glibc.read(descriptor, &bytes, bytes.count)
      return count > 0 ? bytes[..<count] : nil
    }

    static func number(_ digits: ArraySlice<UInt8>) -> Double? {
      Double(String(decoding: digits, as: UTF8.self))
    }
  }
}

/// Seconds on the monotonic clock, which no change of the date moves.
enum Monotonic {
  static var now: Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.seconds
  }
}

extension timespec {
  /// The time in seconds.
  fileprivate var seconds: Double { Double(tv_sec) + Double(tv_nsec) / 1e9 }
}
