import CSimonPOSIX

/// A pipe whose ends are close-on-exec from the moment they exist, so a child that
/// another thread spawns meanwhile never inherits one (and never holds its end of file
/// back for as long as that child lives).
public struct Pipe: Sendable {
  /// The end to read from.
  public let readEnd: Int32
  /// The end to write to.
  public let writeEnd: Int32

  /// Makes the pipe; both ends non-blocking when `nonBlocking`.
  /// - Returns: nil with errno set when the system refuses one.
  public static func make(nonBlocking: Bool = false) -> Pipe? {
    var ends: [Int32] = [-1, -1]
    guard csimonposix_pipe(&ends, nonBlocking ? 1 : 0) == 0 else { return nil }
    return Pipe(readEnd: ends[0], writeEnd: ends[1])
  }
}
