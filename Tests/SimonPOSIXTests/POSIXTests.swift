import Glibc
import SimonPOSIX
import SystemPackage
import Testing

/// The process facts the programs read through `POSIX`, against what the system says.
@Suite("Process facts and paths")
struct POSIXTests {
  /// A fresh directory under /tmp, removed with everything in it by `remove`.
  private struct Scratch {
    let path: String
    init() throws {
      path = try POSIX.makeTemporaryDirectory(prefix: "/tmp/simon-posix-")
    }
    func remove() {
      for name in ["file", "link", "dir"] {
        _ = unlink("\(path)/\(name)")
        _ = rmdir("\(path)/\(name)")
      }
      _ = rmdir(path)
    }
  }

  @Test func aChildsEndIsItsExitCodeOrTheSignalAsAShellReportsIt() throws {
    let exited = try POSIX.spawn(["/bin/sh", "-c", "exit 3"], output: .null)
    let signalled = try POSIX.spawn(["/bin/sh", "-c", "kill -TERM $$"], output: .null)
    let exitedEnd = try #require(POSIX.reap(exited, waiting: true))
    let signalledEnd = try #require(POSIX.reap(signalled, waiting: true))
    #expect(exitedEnd == .exited(3))
    #expect(exitedEnd.shellStatus == 3)
    #expect(exitedEnd.description == "exit 3")
    #expect(signalledEnd == .signalled(SIGTERM))
    #expect(signalledEnd.shellStatus == 128 + SIGTERM)
    #expect(signalledEnd.description == "killed by signal \(SIGTERM)")
  }

  @Test func whatAPathAllowsAndWhyNot() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = "\(scratch.path)/file"
    let fd = open(file, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
    #expect(fd >= 0)
    close(fd)
    #expect(POSIX.allows(.exists, file))
    #expect(POSIX.allows(.read, file))
    #expect(POSIX.refusal(.read, file) == nil)
    #expect(!POSIX.allows(.execute, file))
    #expect(!POSIX.allows(.exists, "\(scratch.path)/missing"))
    #expect(POSIX.refusal(.read, "\(scratch.path)/missing") == .noSuchFileOrDirectory)
  }

  @Test func aDirectoryAndALinkResolved() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let directory = "\(scratch.path)/dir"
    #expect(mkdir(directory, 0o700) == 0)
    #expect(symlink(directory, "\(scratch.path)/link") == 0)
    #expect(POSIX.isDirectory(directory))
    #expect(POSIX.isDirectory("\(scratch.path)/link"))
    #expect(!POSIX.isDirectory("\(scratch.path)/missing"))
    let canonical = try #require(POSIX.canonicalPath(scratch.path))
    #expect(POSIX.canonicalPath("\(scratch.path)/link/../link") == "\(canonical)/dir")
    #expect(POSIX.canonicalPath("\(scratch.path)/missing") == nil)
  }

  @Test func aDirectorysEntriesAndAFilesGroup() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    #expect(POSIX.directoryEntries(scratch.path) == [])
    let fd = open("\(scratch.path)/file", O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
    close(fd)
    #expect(mkdir("\(scratch.path)/dir", 0o700) == 0)
    #expect(POSIX.directoryEntries(scratch.path).sorted() == ["dir", "file"])
    #expect(POSIX.directoryEntries("\(scratch.path)/missing") == [])
    let group = try #require(getgrgid(getegid()))
    #expect(
      POSIX.groupName(owning: "\(scratch.path)/file") == String(cString: group.pointee.gr_name))
    #expect(POSIX.groupName(owning: "\(scratch.path)/missing") == nil)
  }

  @Test func whoAndWhereThisProcessIs() throws {
    #expect(POSIX.userID == getuid())
    let executable = try #require(POSIX.executablePath)
    #expect(executable.hasPrefix("/"))
    #expect(POSIX.allows(.execute, executable))
    var buffer = [CChar](repeating: 0, count: 256)
    #expect(gethostname(&buffer, 255) == 0)
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #expect(POSIX.hostName == (name.isEmpty ? nil : name))
    #expect(!POSIX.isTerminal(FileDescriptor(rawValue: -1)))
  }

  @Test func theEnvironmentAsTheCLibrarySeesIt() throws {
    let path = try #require(getenv("PATH"))
    #expect(POSIX.environmentEntries.contains("PATH=\(String(cString: path))"))
    #expect(Environment.current["PATH"] == String(cString: path))
  }

  @Test func aTerminalsRawModeAndSize() throws {
    // A pseudo-terminal, opened as ptsname(3) and unlockpt(3) would (TIOCSPTLCK,
    // TIOCGPTN: the same on x86_64 and arm64), which the C library does not export here.
    let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    #expect(controller >= 0)
    defer { close(controller) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    #expect(ioctl(controller, UInt(0x4004_5431), &unlock) == 0)
    #expect(ioctl(controller, UInt(0x8004_5430), &number) == 0)
    let fd = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    #expect(fd >= 0)
    defer { close(fd) }
    let terminal = FileDescriptor(rawValue: fd)
    #expect(POSIX.isTerminal(terminal))
    var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    #expect(ioctl(fd, UInt(TIOCSWINSZ), &size) == 0)
    #expect(POSIX.terminalSize(terminal)! == (100, 30))

    let original = try POSIX.TerminalSettings.current(of: terminal)
    try original.raw.apply(to: terminal)
    var now = termios()
    #expect(tcgetattr(fd, &now) == 0)
    #expect(now.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
    try original.apply(to: terminal)
    #expect(tcgetattr(fd, &now) == 0)
    #expect(now.c_lflag & tcflag_t(ICANON) != 0)

    #expect(throws: Errno.badFileDescriptor) {
      try POSIX.TerminalSettings.current(of: FileDescriptor(rawValue: -1))
    }
    #expect(POSIX.terminalSize(FileDescriptor(rawValue: -1)) == nil)
  }

  @Test func theSystemsWordsForAnError() {
    #expect(POSIX.errorText(ENOENT) == "No such file or directory")
    errno = EACCES
    #expect(POSIX.lastError == .permissionDenied)
  }

  @Test func theMonotonicClockNeverGoesBack() {
    let first = POSIX.monotonicNanoseconds
    #expect(POSIX.monotonicNanoseconds >= first)
    #expect(POSIX.monotonicResolutionNanoseconds > 0)
  }
}
