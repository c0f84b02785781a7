import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Waiting for Ctrl-C (SIGINT) or SIGTERM instead of dying of it.
enum Interrupt {
  /// Suspends until SIGINT or SIGTERM arrives and returns its number.
  static func wait() async -> Int32 {
    let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
    let sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { continuation.yield(number) }
      source.resume()
      return source
    }
    defer {
      for source in sources { source.cancel() }
    }
    for await number in signals { return number }
    return SIGINT
  }
}
