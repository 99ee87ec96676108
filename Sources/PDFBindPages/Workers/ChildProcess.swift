import CSystemShims
import Glibc
import PDFBindCore

/// Starting a process of pdfbind's own (a page worker, the cache's keeper) with one end of a
/// socket pair as its descriptor `socket`: standard input from /dev/null, standard output as
/// `Output` says (whatever the libraries print must not mix with pdfbind's output), and no
/// Swift backtrace (a crashed child is one line of pdfbind's, not seconds of a backtrace).
package enum ChildProcess {
  /// Where a child's standard output and standard error go.
  package enum Output {
    /// Both onto pdfbind's standard error: a child whose words are pdfbind's (the keeper).
    case standardError
    /// Both to /dev/null: a child whose only output is the C libraries' chatter about the
    /// file it reads (libjpeg's `Corrupt JPEG data`), which a page worker's failure already
    /// says in pdfbind's own words (`page 3 not read: ...`).
    case discarded
  }

  /// Why a child did not start: the system's words (`No such file or directory`).
  package struct NotStarted: Error {
    package var reason: String
  }

  /// Starts `executable` with `arguments` (the first is its name) and `environment` added to
  /// pdfbind's, its output where `output` says; the child's pid and pdfbind's end of the
  /// socket (close-on-exec), or why not.
  package static func start(
    _ executable: String, arguments: [String], socket: Int32, environment added: [String],
    output: Output
  ) -> Result<(pid: pid_t, socket: Int32), NotStarted> {
    guard let pair = socketPair() else {
      return .failure(NotStarted(reason: String(cString: strerror(errno))))
    }
    let ours = pair.ours
    var theirs = pair.theirs
    // dup2 onto the descriptor it already is would keep close-on-exec set.
    if theirs == socket {
      let moved = fcntl(theirs, F_DUPFD_CLOEXEC, 10)
      Glibc.close(theirs)
      theirs = moved
    }
    defer { Glibc.close(theirs) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, theirs, socket)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    switch output {
    case .standardError:
      posix_spawn_file_actions_adddup2(&actions, 2, 1)
    case .discarded:
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    // Nothing else the parent has open reaches the child, close-on-exec or not: a pipe of the
    // program's own (its Process's output, read until every writer closes it) would otherwise
    // stay open in a worker that outlives it, and the program wait for ever.
    _ = CSystemShims_spawn_close_from(&actions, socket + 1)
    var argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var environment = ([strdup("SWIFT_BACKTRACE=enable=no")] + added.map { strdup($0) })
    var entry = environ
    while let variable = entry.pointee {
      if strncmp(variable, "SWIFT_BACKTRACE=", 16) != 0 { environment.append(strdup(variable)) }
      entry += 1
    }
    environment.append(nil)
    defer { environment.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, &environment)
    guard spawned == 0 else {
      Glibc.close(ours)
      return .failure(NotStarted(reason: String(cString: strerror(spawned))))
    }
    return .success((pid, ours))
  }

  /// A connected pair of stream sockets, both ends close-on-exec; nil (and `errno`) when the
  /// system gives none.
  package static func socketPair() -> (ours: Int32, theirs: Int32)? {
    var ends: [Int32] = [-1, -1]
    let made = socketpair(
      AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends)
    return made == 0 ? (ends[0], ends[1]) : nil
  }

  /// Waits for child `pid` to end, through signals that interrupt the wait: how it ended and
  /// its peak resident kilobytes; nil when `pid` is no child of this process (any more).
  package static func waitForEnd(of pid: pid_t) -> (ending: ChildEnding, peakKilobytes: Int)? {
    var status: Int32 = 0
    var usage = rusage()
    var waited: pid_t
    repeat { waited = wait4(pid, &status, 0, &usage) } while waited < 0 && errno == EINTR
    return waited == pid ? (ChildEnding(status: status), usage.ru_maxrss) : nil
  }

  /// The folder of the running program (`/proc/self/exe`), where its own helpers are looked
  /// for; nil when the kernel does not say.
  package static var ownFolder: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
    guard length > 0 else { return nil }
    let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return String(path[..<slash])
  }
}

/// How a child process ended, read from its wait status (`WIFSIGNALED`, `WTERMSIG` and
/// `WEXITSTATUS` are macros Swift does not import).
package struct ChildEnding: Equatable, Sendable, CustomStringConvertible {
  /// The status as `wait` gives it.
  package var status: Int32

  package init(status: Int32) { self.status = status }

  /// The signal that ended it; nil when it exited.
  package var signal: Int32? {
    let signal = status & 0x7F
    return signal != 0 && signal != 0x7F ? signal : nil
  }

  /// The status it exited with (meaningful when `signal` is nil).
  package var exitStatus: Int32 { (status >> 8) & 0xFF }

  /// `signal 11` or `status 3`, as pdfbind's messages say it.
  package var description: String {
    signal.map { "signal \($0)" } ?? "status \(exitStatus)"
  }
}
