import SimonGame
import SimonHardware
import Testing

@Suite("Debouncer")
struct DebouncerTests {
  let t0 = Duration.seconds(50)

  @Test func theFirstEdgeIsReportedAtOnceAndBouncesInsideTheWindowAreDropped() {
    var debouncer = Debouncer()
    var outputs: [Debouncer.Output] = []
    // Ten edges inside 5 ms, ending down.
    for edge in 0..<10 {
      let (reported, _) = debouncer.edge(
        .green, pressed: edge % 2 == 0 ? true : false, at: t0 + .microseconds(500 * edge))
      outputs += reported
    }
    let (last, _) = debouncer.edge(.green, pressed: true, at: t0 + .microseconds(5000))
    outputs += last
    #expect(outputs == [.pressed(.green, at: t0)])
    #expect(debouncer.fire(.settle(.green), at: t0 + .milliseconds(20)).0.isEmpty)
  }

  @Test func aPressThatBouncedBackUpIsReleasedWhenTheWindowCloses() {
    var debouncer = Debouncer()
    let (down, requests) = debouncer.edge(.red, pressed: true, at: t0)
    #expect(down == [.pressed(.red, at: t0)])
    #expect(
      requests == [
        .start(.settle(.red), at: t0 + .milliseconds(20)),
        .start(.stuck(.red), at: t0 + .seconds(10)),
      ])
    #expect(debouncer.edge(.red, pressed: false, at: t0 + .milliseconds(3)).0.isEmpty)
    let (settled, more) = debouncer.fire(.settle(.red), at: t0 + .milliseconds(20))
    #expect(settled == [.released(.red, at: t0 + .milliseconds(20))])
    #expect(more.contains(.cancel(.stuck(.red))))
  }

  @Test func aReleaseDeliveredAfterTheWindowClosedIsNotLostThoughItHappenedInside() {
    // A busy driver can fire the settle timer before it reads an edge that happened
    // earlier: the window has closed, so the edge is news, not a bounce.
    var debouncer = Debouncer()
    _ = debouncer.edge(.green, pressed: true, at: t0)
    #expect(debouncer.fire(.settle(.green), at: t0 + .milliseconds(20)) == ([], []))
    let (late, requests) = debouncer.edge(.green, pressed: false, at: t0 + .milliseconds(5))
    #expect(late == [.released(.green, at: t0 + .milliseconds(20))])
    #expect(
      requests == [
        .start(.settle(.green), at: t0 + .milliseconds(40)), .cancel(.stuck(.green)),
      ])
    // Its bounces inside the new window are still dropped.
    #expect(debouncer.edge(.green, pressed: true, at: t0 + .milliseconds(21)) == ([], []))
  }

  @Test func perInputWindowsApply() {
    var debouncer = Debouncer(window: [.start: .milliseconds(50)])
    _ = debouncer.edge(.start, pressed: true, at: t0)
    #expect(debouncer.edge(.start, pressed: false, at: t0 + .milliseconds(40)).0.isEmpty)
    _ = debouncer.edge(.blue, pressed: true, at: t0)
    #expect(
      debouncer.edge(.blue, pressed: false, at: t0 + .milliseconds(40)).0 == [
        .released(.blue, at: t0 + .milliseconds(40))
      ])
  }

  @Test func aHeldInputIsStuckAfterTenSecondsAndIgnoredUntilReleased() {
    var debouncer = Debouncer()
    _ = debouncer.edge(.yellow, pressed: true, at: t0)
    #expect(
      debouncer.fire(.stuck(.yellow), at: t0 + .seconds(10)).0 == [
        .stuck(.yellow, at: t0 + .seconds(10)), .released(.yellow, at: t0 + .seconds(10)),
      ])
    #expect(debouncer.isStuck(.yellow))
    #expect(debouncer.edge(.yellow, pressed: true, at: t0 + .seconds(11)).0.isEmpty)
    #expect(debouncer.edge(.yellow, pressed: false, at: t0 + .seconds(12)).0.isEmpty)
    #expect(!debouncer.isStuck(.yellow))
    // The release's own bounce is dropped; the next real press counts.
    #expect(
      debouncer.edge(.yellow, pressed: true, at: t0 + .seconds(12) + .milliseconds(5)).0.isEmpty)
    #expect(
      debouncer.edge(.yellow, pressed: false, at: t0 + .seconds(12) + .milliseconds(6)).0.isEmpty)
    _ = debouncer.fire(.settle(.yellow), at: t0 + .seconds(12) + .milliseconds(20))
    #expect(
      debouncer.edge(.yellow, pressed: true, at: t0 + .seconds(13)).0 == [
        .pressed(.yellow, at: t0 + .seconds(13))
      ])
  }

  @Test func aStuckCheckAfterARealReleaseDoesNothing() {
    var debouncer = Debouncer()
    _ = debouncer.edge(.blue, pressed: true, at: t0)
    _ = debouncer.edge(.blue, pressed: false, at: t0 + .seconds(1))
    #expect(debouncer.fire(.stuck(.blue), at: t0 + .seconds(10)).0.isEmpty)
  }
}
