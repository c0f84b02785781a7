import SimonControl
import SimonGame
import SimonTerminal

/// Where the terminal cabinet reads a table's top ten: simond, through the control
/// socket's `tables` request, as the cabinet screen does (never the state files).
enum TopTenSource {
  /// The games of `table`, best first, or why simond could not tell them. Blocks until it
  /// answers, at most `PlayControl.answerLimit`; connects afresh, so it may run on any
  /// thread.
  static func read(_ table: TableKey, controlPath: String) -> TerminalCabinet.TopTenAnswer {
    do {
      let client = try ControlClient(path: controlPath)
      try client.greet(within: PlayControl.answerLimit)
      let result = try client.request(.tables, within: PlayControl.answerLimit)
      let found = result.tables?.first {
        $0.mode == table.mode && $0.difficulty == table.difficulty
      }
      return .records(found?.records ?? [])
    } catch {
      return .failed("cannot ask simond for the top ten on \(controlPath): \(error)")
    }
  }
}
