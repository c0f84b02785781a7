/// The lost-edge policy: when an input line's level is read again after its edges, and
/// what a level that disagrees with the last edge means.
///
/// The kernel can lose an edge: an edge interrupt stays masked while the kernel's
/// threaded handler of the edge before runs, and an edge in that time is dropped
/// (gpio-sim drops it; the BCM283x pin controller stops detecting while masked). A
/// bouncing switch whose last bounce falls there would otherwise leave its pad pressed,
/// or released, until its next edge, and the debouncer would report a release in the
/// middle of a press. So after a line's last edge its level is read at once, 5 ms and
/// 15 ms later (past most of a switch's bounce, before the default 20 ms debounce window
/// closes), and a level that is not where the last edge left it counts as an edge, made
/// at the time of the read.
struct LostEdgeCheck: Sendable {
  /// When the level is read again, in nanoseconds after a line's last edge was read.
  static let readsAfterLastEdge: [UInt64] = [0, 5_000_000, 15_000_000]

  private struct Pending: Sendable {
    /// The line's level as its last edge, or the last read, left it.
    var rising: Bool
    /// When the line's last edge was read.
    var since: UInt64
    /// Which of `readsAfterLastEdge` comes next.
    var next: Int

    var due: UInt64 { since + LostEdgeCheck.readsAfterLastEdge[next] }
  }

  private var pending: [LineID: Pending] = [:]

  /// Notes edges read at `now`: their lines are read again from now on.
  mutating func saw(_ edges: [RawEdge], at now: UInt64) {
    for edge in edges { pending[edge.line] = Pending(rising: edge.rising, since: now, next: 0) }
  }

  /// When the next read is due, if any is.
  var nextDue: UInt64? { pending.values.map(\.due).min() }

  /// Reads the level of each line whose read is due by `now` and returns an edge, made
  /// `now`, for each one whose level is not where its last edge left it; in line order.
  /// - Parameter level: reads a line's level now; nil when it cannot be read.
  mutating func check(dueBy now: UInt64, level: (LineID) -> Bool?) -> [RawEdge] {
    var edges: [RawEdge] = []
    let due = pending.filter { $0.value.due <= now }.keys.sorted {
      ($0.chip, $0.offset) < ($1.chip, $1.offset)
    }
    for line in due {
      guard var check = pending[line] else { continue }
      if let level = level(line), level != check.rising {
        check.rising = level
        edges.append(RawEdge(line: line, rising: level, nanoseconds: now))
      }
      check.next += 1
      pending[line] = check.next < Self.readsAfterLastEdge.count ? check : nil
    }
    return edges
  }
}
