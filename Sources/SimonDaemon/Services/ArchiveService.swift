import ServiceLifecycle

/// The archivist at work: takes the game's requests until graceful shutdown, which
/// reaches it after the runner has stopped (the group stops its services in reverse
/// order, and this one is listed before the runner), so the game a shutdown ends is
/// stored, or logged whole.
struct ArchiveService: Service {
  let archivist: Archivist
  let requests: AsyncStream<ArchiveRequest>
  let inbox: AsyncStream<ArchiveRequest>.Continuation

  func run() async throws {
    await withGracefulShutdownHandler {
      await archivist.run(requests)
    } onGracefulShutdown: {
      inbox.finish()
    }
  }
}
