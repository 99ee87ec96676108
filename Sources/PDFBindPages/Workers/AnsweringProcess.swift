import Glibc
import PDFBindCore
import Synchronization

/// A process of pdfbind's own that answers its questions over a socket, one question at a
/// time (the page workers' template, the cache's keeper). A question and its answer are one
/// exchange under one lock, and so is a message that wants no answer (`tell`); whether the
/// process still answers is under another, so a thread that only asks that does not wait for
/// another's exchange. A process that breaks an exchange (ends, answers what cannot be read,
/// or is later than its answers may be) is killed, reaped and forgotten: the run goes on
/// without it, and every later question gets `.gone`.
package final class AnsweringProcess: Sendable {
  private struct Running {
    let pid: pid_t
    let socket: Int32
  }

  /// The process while it answers; nil once it is gone. Held only to look or to forget.
  private let running: Mutex<Running?>
  /// Held for a whole exchange, and for letting go: one question at a time.
  private let exchange = Mutex(())

  /// Why a question got no answer.
  package enum NoAnswer: Error, Equatable {
    /// The process broke this exchange, and was killed and reaped: how it ended, and whether
    /// it was killed for being later than its answers may be.
    case stopped(ChildEnding, late: Bool)
    /// It broke an earlier exchange, or was let go.
    case gone
  }

  /// Takes over child `pid`, asked over `socket` (pdfbind's end), each answer awaited at most
  /// `seconds`: no helper of pdfbind's may hold a run for ever.
  package init(pid: pid_t, socket: Int32, answerWithin seconds: Double) {
    // Every read of the socket (Frames.read, a descriptor's recvmsg) gives up after this.
    let whole = seconds.rounded(.down)
    var limit = timeval(
      tv_sec: Int(whole), tv_usec: Int(((seconds - whole) * 1_000_000).rounded()))
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    // And every write: a process that stopped reading fills the socket, and `tell` waits.
    setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    running = Mutex(Running(pid: pid, socket: socket))
  }

  /// Whether the process still answers (it has not broken an exchange, nor been let go).
  package var isRunning: Bool { running.withLock { $0 != nil } }

  /// Sends `question` and reads its answer with `read`, which is given the answer's bytes
  /// and the socket (for what comes beside them, such as a descriptor) and returns nil when
  /// they do not read back.
  package func ask<Answer>(
    _ question: [UInt8], read: ([UInt8], Int32) -> Answer?
  ) -> Result<Answer, NoAnswer> {
    exchange.withLock { _ -> Result<Answer, NoAnswer> in
      guard let process = running.withLock({ $0 }) else { return .failure(.gone) }
      var late = false
      if Frames.write(question, to: process.socket) {
        errno = 0  // an end of stream leaves errno as it was
        if let bytes = Frames.read(from: process.socket) {
          if let answer = read(bytes, process.socket) { return .success(answer) }
        } else {
          late = Self.ranOut
        }
      } else {
        late = Self.ranOut
      }
      return .failure(stop(process, late: late))
    }
  }

  /// Sends `message`, which wants no answer: the caller goes on while the process works (the
  /// cache's keeper writing what a run found). A process that takes in nothing for as long as
  /// an answer may take is stopped, as in `ask`.
  package func tell(_ message: [UInt8]) -> Result<Void, NoAnswer> {
    exchange.withLock { _ -> Result<Void, NoAnswer> in
      guard let process = running.withLock({ $0 }) else { return .failure(.gone) }
      if Frames.write(message, to: process.socket) { return .success(()) }
      return .failure(stop(process, late: Self.ranOut))
    }
  }

  /// Whether the last read or write of the socket failed because its wait ran out
  /// (SO_RCVTIMEO, SO_SNDTIMEO).
  private static var ranOut: Bool { errno == EAGAIN || errno == EWOULDBLOCK }

  /// Forgets `process`, which broke an exchange, and kills and reaps it; how it ended.
  private func stop(_ process: Running, late: Bool) -> NoAnswer {
    running.withLock { $0 = nil }
    // Killed before its socket closes, which a process still reading would take for its
    // end; a process that crashed keeps the status it ended with: a signal changes nothing.
    kill(process.pid, SIGKILL)
    Glibc.close(process.socket)
    let ending = ChildProcess.waitForEnd(of: process.pid)?.ending ?? ChildEnding(status: 0)
    return .stopped(ending, late: late)
  }

  /// Closes pdfbind's end, which ends the process's loop, and reaps it.
  package func letGo() {
    exchange.withLock { _ in
      guard let process = running.withLock({ $0 }) else { return }
      running.withLock { $0 = nil }
      Glibc.close(process.socket)
      _ = ChildProcess.waitForEnd(of: process.pid)
    }
  }
}
