import SimonPOSIX
import SimonSystemd
import Testing

@Suite("When systemd's watchdog is asked for")
struct SystemdNotifierTests {
  @Test func withoutWatchdogUsecThereIsNoWatchdog() {
    #expect(SystemdNotifier(environment: [:]).watchdogInterval == nil)
    #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": "/run/x"]).watchdogInterval == nil)
  }

  @Test func theWatchdogIsToldAtHalfItsInterval() {
    let notifier = SystemdNotifier(environment: ["WATCHDOG_USEC": "200000"])
    #expect(notifier.watchdogInterval == .milliseconds(100))
  }

  @Test func aWatchdogForAnotherProcessIsNotThisOnes() {
    let mine = "\(POSIX.processID)"
    let other = "\(POSIX.processID == 1 ? 2 : 1)"
    #expect(
      SystemdNotifier(environment: ["WATCHDOG_USEC": "200000", "WATCHDOG_PID": mine])
        .watchdogInterval == .milliseconds(100))
    #expect(
      SystemdNotifier(environment: ["WATCHDOG_USEC": "200000", "WATCHDOG_PID": other])
        .watchdogInterval == nil)
  }

  @Test(arguments: ["0", "-200000", "", "soon", "2e5"])
  func aWatchdogUsecThatIsNotAPositiveNumberAsksForNone(_ value: String) {
    #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": value]).watchdogInterval == nil)
  }

  @Test func withoutNotifySocketNothingListens() {
    #expect(!SystemdNotifier(environment: [:]).isActive)
    #expect(!SystemdNotifier(environment: ["NOTIFY_SOCKET": ""]).isActive)
    #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": "@simon"]).isActive)
  }
}
