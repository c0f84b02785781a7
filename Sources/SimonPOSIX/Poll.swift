import CSimonPOSIX
import Glibc
import SystemPackage

/// Waiting on descriptors, with a timeout to the nanosecond (ppoll).
public enum Poll {
  /// What a descriptor is watched for, or was found ready for.
  public struct Events: OptionSet, Sendable {
    /// The raw `poll` bits.
    public let rawValue: Int16

    /// Makes the set from raw `poll` bits.
    public init(rawValue: Int16) { self.rawValue = rawValue }

    /// Data waits to be read, or the peer has closed (POLLIN).
    public static let readable = Events(rawValue: Int16(POLLIN))
    /// Room to write (POLLOUT).
    public static let writable = Events(rawValue: Int16(POLLOUT))
    /// An error on the descriptor (POLLERR); only ever found, never asked for.
    public static let error = Events(rawValue: Int16(POLLERR))
    /// The peer hung up (POLLHUP); only ever found, never asked for.
    public static let hangUp = Events(rawValue: Int16(POLLHUP))
    /// The descriptor is not open (POLLNVAL); only ever found, never asked for.
    public static let invalid = Events(rawValue: Int16(POLLNVAL))
  }

  /// One descriptor to watch and, after `wait`, what it was found ready for.
  public struct Entry: Sendable {
    /// The descriptor; nil keeps the entry's place but watches nothing.
    public var descriptor: FileDescriptor?
    /// What to watch it for.
    public var events: Events
    /// What it was found ready for by the last `wait`; empty when nothing.
    public var found: Events = []

    /// An entry watching `descriptor` for `events`.
    public init(_ descriptor: FileDescriptor?, for events: Events = .readable) {
      self.descriptor = descriptor
      self.events = events
    }
  }

  /// Waits until an entry's descriptor is ready or `timeoutNanoseconds` have passed (nil
  /// waits without a timeout), and fills in each entry's `found`.
  /// - Returns: how many entries are ready; 0 on timeout.
  /// - Throws: `.interrupted` when a signal came first; another `Errno` on failure.
  public static func wait(_ entries: inout [Entry], timeoutNanoseconds: Int64?) throws(Errno)
    -> Int
  {
    let ready = withUnsafeTemporaryAllocation(of: pollfd.self, capacity: entries.count) {
      descriptors in
      for (index, entry) in entries.enumerated() {
        descriptors.initializeElement(
          at: index,
          to: pollfd(
            fd: entry.descriptor?.rawValue ?? -1, events: entry.events.rawValue, revents: 0))
      }
      let ready = csimonposix_ppoll(
        descriptors.baseAddress, nfds_t(entries.count), timeoutNanoseconds ?? -1)
      for index in entries.indices {
        entries[index].found = Events(rawValue: descriptors[index].revents)
      }
      return ready
    }
    guard ready >= 0 else { throw POSIX.lastError }
    return Int(ready)
  }

  /// Blocks the calling thread until `descriptor` has something to read or has closed
  /// (without a timeout, resumed after a signal).
  public static func waitUntilReadable(_ descriptor: FileDescriptor) {
    var entries = [Entry(descriptor)]
    while true {
      do {
        _ = try wait(&entries, timeoutNanoseconds: nil)
        return
      } catch {
        if error != .interrupted { return }
      }
    }
  }
}
