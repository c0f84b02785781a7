import SimonPOSIX
import Synchronization
import SystemPackage
import Testing

/// What SimonPOSIX adds to swift-system for the stores: locks, sync, modes, directories
/// and renames, against real files.
@Suite("File calls")
struct FileCallsTests {
  /// A fresh directory, and a file in it opened twice: two open file descriptions, as two
  /// processes would have.
  private struct Scratch {
    let directory: String
    var file: String { directory + "/file" }

    init() throws { directory = try POSIX.makeTemporaryDirectory(prefix: "/tmp/simon-files-") }

    func open() throws -> FileDescriptor {
      try FileDescriptor.open(
        FilePath(file), .readOnly, options: [.create, .closeOnExec], permissions: .ownerReadWrite)
    }

    /// A scratch file opened twice, the first opening holding its lock.
    static func locked() throws -> (Scratch, holder: FileDescriptor, waiter: FileDescriptor) {
      let scratch = try Scratch()
      let holder = try scratch.open()
      let waiter = try scratch.open()
      #expect(try holder.tryLockExclusive())
      return (scratch, holder, waiter)
    }

    func remove(closing descriptor: FileDescriptor? = nil) {
      try? descriptor?.close()
      for name in ["file", "moved", "dir"] {
        POSIX.removeFile("\(directory)/\(name)")
        POSIX.removeDirectory("\(directory)/\(name)")
      }
      POSIX.removeDirectory(directory)
    }
  }

  @Test func aHeldLockRefusesAnotherOpenFileUntilItsHolderCloses() throws {
    let (scratch, holder, waiter) = try Scratch.locked()
    defer { scratch.remove(closing: waiter) }
    #expect(try holder.tryLockExclusive(), "the holder may take its own lock again")
    #expect(try !waiter.tryLockExclusive())
    #expect(try !waiter.lockExclusive(waitingAtMost: .milliseconds(20)))
    try holder.close()
    // Not at once: a child that another test is spawning holds a copy of the holder's
    // descriptor, and with it the lock, until its exec closes it (close-on-exec).
    #expect(try waiter.lockExclusive(waitingAtMost: .seconds(10)))
  }

  @Test func aWaiterGetsTheLockWhenItsHolderLetsGo() async throws {
    let (scratch, holder, waiter) = try Scratch.locked()
    defer { scratch.remove(closing: waiter) }
    let inode = try FilePath(scratch.file).stat().inode.rawValue
    // The wait blocks its thread: a thread of its own, not one of the test pool's, where it
    // would hold up every other test until the lock came.
    let got = Mutex<Result<Bool, Errno>?>(nil)
    let thread = SystemThread.start(named: "simon-test") {
      let result = Result { () throws(Errno) in
        try waiter.lockExclusive(waitingAtMost: .seconds(30))
      }
      got.withLock { $0 = result }
    }
    #expect(thread != nil)
    // The holder lets go only once the kernel lists a blocked waiter on the file.
    var listed = false
    for _ in 0..<3000 where !listed {
      listed = try Self.blockedLocks().contains { $0.hasSuffix(":\(inode)") }
      if !listed { try await Task.sleep(for: .milliseconds(10)) }
    }
    #expect(listed, "the waiter never blocked on the lock")
    try holder.close()
    for _ in 0..<3000 where got.withLock({ $0 }) == nil {
      try await Task.sleep(for: .milliseconds(10))
    }
    thread?.join()
    #expect(try got.withLock { $0 }?.get() == true)
  }

  /// The device:inode of every blocked lock request in /proc/locks ("-> FLOCK ...").
  private static func blockedLocks() throws -> [Substring] {
    let locks = try FileDescriptor.open("/proc/locks", .readOnly, options: .closeOnExec)
    defer { try? locks.close() }
    var text: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = try chunk.withUnsafeMutableBytes { try locks.read(into: $0) }
      if count == 0 { break }
      text += chunk[0..<count]
    }
    return String(decoding: text, as: UTF8.self).split(separator: "\n")
      .filter { $0.contains("->") }
      .compactMap { $0.split(separator: " ").dropFirst(6).first }
  }

  @Test func syncChangeModeMakeDirectoryAndRename() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = try FileDescriptor.open(
      FilePath(scratch.file), .writeOnly, options: [.create, .closeOnExec],
      permissions: .ownerReadWrite)
    _ = try file.writeAll(Array("saved".utf8))
    try file.sync()
    try file.changeMode(to: 0o640)
    try file.close()
    #expect(try FilePath(scratch.file).stat().permissions.rawValue & 0o777 == 0o640)

    try POSIX.makeDirectory(scratch.directory + "/dir", mode: 0o755)
    try POSIX.makeDirectory(scratch.directory + "/dir", mode: 0o755)
    #expect(POSIX.isDirectory(scratch.directory + "/dir"), "made once; a second time is no error")

    try POSIX.rename(scratch.file, to: scratch.directory + "/moved")
    #expect(POSIX.fileKind(at: scratch.file) == .missing)
    #expect(try FilePath(scratch.directory + "/moved").stat().size == 5)
    #expect(throws: Errno.noSuchFileOrDirectory) {
      try POSIX.rename(scratch.file, to: scratch.directory + "/moved")
    }
  }
}
