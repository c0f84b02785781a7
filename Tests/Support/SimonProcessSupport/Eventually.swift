/// Waits until `condition` holds, checking it every `interval` (50 ms unless told)
/// without holding a thread (Swift Testing runs tests on a small pool of them; a
/// `.realTime` test's own thread times the checks); false after `timeout` seconds or when
/// the task is cancelled.
public func eventually(
  timeout: Double, every interval: Duration = .milliseconds(50),
  _ condition: () throws -> Bool
) async rethrows -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
  while ContinuousClock.now < deadline {
    if try condition() { return true }
    await pause(for: interval)
    if Task.isCancelled { break }
  }
  return try condition()
}
