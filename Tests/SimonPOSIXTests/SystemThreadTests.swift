import Foundation
import Glibc
import SimonPOSIX
import Synchronization
import Testing

@Suite("System threads")
struct SystemThreadTests {
  /// The name is the thread's own from its first instruction of `body` on.
  @Test func aThreadRunsUnderItsName() throws {
    let seen = Mutex("")
    let thread = try #require(
      SystemThread.start(named: "simon-named") {
        let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        seen.withLock { $0 = comm }
      })
    thread.join()
    #expect(seen.withLock { $0 } == "simon-named\n")
  }

  @Test func theLongestNameFitsTheKernelsLimit() throws {
    let name = String(repeating: "n", count: SystemThread.longestName)
    let seen = Mutex("")
    let thread = try #require(
      SystemThread.start(named: name) {
        let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        seen.withLock { $0 = comm }
      })
    thread.join()
    #expect(seen.withLock { $0 } == name + "\n")
  }
}
