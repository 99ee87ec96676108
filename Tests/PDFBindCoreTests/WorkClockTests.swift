import Glibc
import Testing

@testable import PDFBindPages

/// How a page worker's time is counted (issue 41, item 1): processor time for what it computes,
/// waiting time for what it spends neither computing nor on a run queue, and an exchange starts
/// where the worker's last one ended. A shell stands in for the worker.
@Suite("Page workers: the time an exchange uses", .serialized)
struct WorkClockTests {
  /// Plenty: no clock here runs out.
  let time = WorkTime(processorSeconds: 100, waitingSeconds: 100)

  /// A shell running `script`, ended and reaped after `body`.
  func withShell(_ script: String, _ body: (pid_t) throws -> Void) throws {
    let started = ChildProcess.start(
      "/bin/sh", arguments: ["sh", "-c", script], socket: 3, environment: [],
      output: .standardError)
    let (pid, socket) = try #require(try? started.get())
    defer {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
      close(socket)
    }
    try body(pid)
  }

  @Test("A worker that computes uses processor time; one that sleeps, waiting time")
  func computingAndSleeping() throws {
    try withShell("while :; do :; done") { pid in
      let clock = WorkClock(worker: pid, time: time, since: nil)
      usleep(400_000)
      let used = clock.finish().used
      // Running or on a run queue the whole time, however crowded the machine.
      #expect(used.processorSeconds > 0.01)
      #expect(used.waitingSeconds < 0.2)
    }
    try withShell("exec sleep 30") { pid in
      let clock = WorkClock(worker: pid, time: time, since: nil)
      usleep(400_000)
      let used = clock.finish().used
      #expect(used.processorSeconds < 0.1)
      #expect(used.waitingSeconds > 0.3)
    }
  }

  @Test("An exchange starts where the worker's last ended: its idle time is not waiting")
  func nextExchangeStartsAtTheLastEnd() throws {
    try withShell("exec sleep 30") { pid in
      let first = WorkClock(worker: pid, time: time, since: nil)
      let end = first.finish().end
      usleep(300_000)
      let next = WorkClock(worker: pid, time: time, since: end)
      let used = next.finish().used
      #expect(used.waitingSeconds < 0.1)
      #expect(used.processorSeconds < 0.1)
    }
    // What the worker computed after its last answer counts to the next exchange.
    try withShell("sleep 0.2; while :; do :; done") { pid in
      let first = WorkClock(worker: pid, time: time, since: nil)
      let end = first.finish().end
      usleep(600_000)
      let used = WorkClock(worker: pid, time: time, since: end).finish().used
      #expect(used.processorSeconds > 0.01)
    }
  }

  @Test("A clock whose time is up says so at the first wait, without waiting")
  func timeUp() throws {
    try withShell("exec sleep 30") { pid in
      let clock = WorkClock(
        worker: pid, time: WorkTime(processorSeconds: 10, waitingSeconds: 0), since: nil)
      #expect(clock.nextWait() == nil)
      #expect(clock.isOver)
      #expect(!clock.usedItsProcessorTime)
    }
  }
}
