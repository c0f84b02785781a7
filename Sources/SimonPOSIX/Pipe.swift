import CSimonPOSIX
import SystemPackage

/// A pipe whose ends are close-on-exec from the moment they exist, so a child that
/// another thread spawns meanwhile never inherits one (and never holds its end of file
/// back for as long as that child lives).
public struct Pipe: Sendable {
  /// The end to read from.
  public let readEnd: FileDescriptor
  /// The end to write to.
  public let writeEnd: FileDescriptor

  /// Makes the pipe (pipe2); both ends non-blocking when `nonBlocking`.
  /// - Throws: the `Errno` when the system refuses one.
  public static func make(nonBlocking: Bool = false) throws(Errno) -> Pipe {
    var ends: [Int32] = [-1, -1]
    guard csimonposix_pipe(&ends, nonBlocking ? 1 : 0) == 0 else { throw POSIX.lastError }
    return Pipe(
      readEnd: FileDescriptor(rawValue: ends[0]), writeEnd: FileDescriptor(rawValue: ends[1]))
  }

  /// Closes both ends.
  public func close() {
    try? readEnd.close()
    try? writeEnd.close()
  }
}
