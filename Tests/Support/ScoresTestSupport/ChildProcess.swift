// Test-only: runs the package's executables as child processes, with pipes (or a
// terminal) for their standard streams, and can kill them.

import Foundation
import SimonPOSIX
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// What a finished child process did.
public struct Finished: Equatable, Sendable {
  /// The exit status, or 128 + the signal number when a signal ended it.
  public var status: Int32
  /// Everything it wrote to standard output.
  public var output: String
  /// Everything it wrote to standard error.
  public var error: String

  /// What a test expects a process to do.
  public init(status: Int32, output: String, error: String) {
    self.status = status
    self.output = output
    self.error = error
  }
}

/// A running child process with its standard output and error on pipes.
///
/// One task at a time uses it: `wait()` reads on a thread of its own while the task waits.
public final class ChildProcess: @unchecked Sendable {
  /// The process id.
  public let pid: pid_t
  private var outputFD: Int32
  private var errorFD: Int32
  private var outputBytes: [UInt8] = []
  private var errorBytes: [UInt8] = []
  private var reaped: Int32?

  /// The directory holding the package's built executables: the one holding the test
  /// binary that runs now.
  public static var productsDirectory: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    precondition(count > 0, "cannot read /proc/self/exe")
    let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var directory = path[..<path.lastIndex(of: "/")!]
    // On Linux the test binary is <products>/<package>PackageTests.xctest.
    if directory.hasSuffix(".xctest") { directory = directory[..<directory.lastIndex(of: "/")!] }
    return String(directory)
  }

  /// Starts `executable` (a name in `productsDirectory`, or a path) with `arguments`.
  /// - Parameters:
  ///   - environment: the whole environment of the child, but for the sanitizers' options
  ///     of this process (scripts/sanitize), which it passes on: a sanitized child then
  ///     reports where the suite's own reports go.
  ///   - input: the descriptor for its standard input; nil gives it /dev/null.
  public init(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    input: Int32? = nil
  ) {
    let path = executable.contains("/") ? executable : Self.productsDirectory + "/" + executable
    guard let output = try? Pipe.make(), let error = try? Pipe.make() else {
      preconditionFailure("no pipe for \(executable): errno \(errno)")
    }
    var environment = environment
    for name in Self.sanitizerOptions where environment[name] == nil {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    let spawned = Result { () throws(Errno) in
      try POSIX.spawn(
        [path] + arguments, environment: environment.map { "\($0.key)=\($0.value)" },
        input: input.map { .descriptor(FileDescriptor(rawValue: $0)) } ?? .null,
        output: .descriptor(output.writeEnd), error: .descriptor(error.writeEnd))
    }
    try? output.writeEnd.close()
    try? error.writeEnd.close()
    guard case .success(let child) = spawned else {
      preconditionFailure("cannot start \(path): \(spawned)")
    }
    pid = child
    outputFD = output.readEnd.rawValue
    errorFD = error.readEnd.rawValue
  }

  /// The variables that configure AddressSanitizer, LeakSanitizer and ThreadSanitizer.
  static let sanitizerOptions = ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"]

  deinit {
    if reaped == nil {
      POSIX.kill(pid)
      _ = try? waitBlocking()
    }
    if outputFD >= 0 { close(outputFD) }
    if errorFD >= 0 { close(errorFD) }
  }

  /// Reads standard output until a whole new line is there; nil at end of file.
  public func readLine() -> String? {
    while true {
      if let newline = outputBytes.firstIndex(of: 0x0A) {
        let line = String(decoding: outputBytes[..<newline], as: UTF8.self)
        outputBytes.removeSubrange(...newline)
        return line
      }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(outputFD, &chunk, chunk.count)
      if count <= 0 { return nil }
      outputBytes += chunk[0..<count]
    }
  }

  /// Sends SIGKILL.
  public func killNow() { POSIX.kill(pid) }

  /// Reads both streams to their end and waits for the process to exit, on a thread of
  /// its own (see `offThePool`).
  public func wait() async throws -> Finished {
    try await offThePool { [self] in try waitBlocking() }
  }

  private func waitBlocking() throws -> Finished {
    var fds = [
      pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0),
    ]
    var open = 2
    while open > 0 {
      if poll(&fds, 2, -1) < 0 { if errno == EINTR { continue } else { break } }
      for index in 0..<2 where fds[index].fd >= 0 && fds[index].revents != 0 {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = read(fds[index].fd, &chunk, chunk.count)
        if count > 0 {
          if index == 0 { outputBytes += chunk[0..<count] } else { errorBytes += chunk[0..<count] }
        } else {
          fds[index].fd = -1
          open -= 1
        }
      }
    }
    guard let code = POSIX.reap(pid, waiting: true)?.shellStatus else {
      preconditionFailure("process \(pid) was reaped elsewhere")
    }
    reaped = code
    return Finished(
      status: code, output: String(decoding: outputBytes, as: UTF8.self),
      error: String(decoding: errorBytes, as: UTF8.self))
  }

  /// Runs a program to its end.
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    input: Int32? = nil
  ) async throws -> Finished {
    try await ChildProcess(executable, arguments, environment: environment, input: input).wait()
  }
}

/// A fresh, empty directory for one test, removed by `remove()`.
///
/// It is on /dev/shm (memory) where there is one, so that the many fsync calls of the
/// tests cost nothing; what the tests check (locking, renames, recovery, killed
/// processes) behaves the same there. `onDisk` puts it under /tmp, on the disk.
public struct TemporaryDirectory: Sendable {
  /// Its path.
  public let path: String

  /// Makes one; `label` goes into its name.
  public init(_ label: String = "test", onDisk: Bool = false) {
    let base = !onDisk && access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(base)/simon-scores-test-\(label)-XXXXXX".utf8CString)
    path = template.withUnsafeMutableBufferPointer { buffer in
      guard let result = mkdtemp(buffer.baseAddress!) else { preconditionFailure("mkdtemp failed") }
      return String(cString: UnsafePointer(result))
    }
  }

  /// Deletes it and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// A path inside it.
  public func file(_ name: String) -> String { path + "/" + name }
}
