import CSimonPOSIX
import Glibc

/// Waiting on descriptors with a timeout to the nanosecond.
public enum Poll {
  /// Waits until a descriptor is ready or the timeout has passed (ppoll); nil waits without
  /// one. Fills in each descriptor's `revents`.
  /// - Returns: how many descriptors are ready (0 on timeout), or -1 with errno (EINTR
  ///   when a signal came first).
  public static func wait(_ descriptors: inout [pollfd], timeoutNanoseconds: Int64?) -> Int32 {
    csimonposix_ppoll(&descriptors, nfds_t(descriptors.count), timeoutNanoseconds ?? -1)
  }
}
