import CSimonPOSIX
import Glibc
import SystemPackage

/// Waiting on descriptors with a timeout to the nanosecond.
public enum Poll {
  /// Waits until a descriptor is ready or the timeout has passed (ppoll); nil waits without
  /// one. Fills in each descriptor's `revents`.
  /// - Returns: how many descriptors are ready (0 on timeout), or -1 with errno (EINTR
  ///   when a signal came first).
  public static func wait(_ descriptors: inout [pollfd], timeoutNanoseconds: Int64?) -> Int32 {
    csimonposix_ppoll(&descriptors, nfds_t(descriptors.count), timeoutNanoseconds ?? -1)
  }

  /// Blocks the calling thread until `descriptor` has something to read or has closed
  /// (ppoll, without a timeout, resumed after a signal).
  public static func waitUntilReadable(_ descriptor: FileDescriptor) {
    var entry = [pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)]
    while wait(&entry, timeoutNanoseconds: nil) < 0 && errno == EINTR {}
  }
}
