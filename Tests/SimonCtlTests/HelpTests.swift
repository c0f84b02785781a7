import ArgumentParser
import ScoresTestSupport
import Testing

@testable import simonctl
@testable import simond

/// Every command's `--help`, word for word, at 80 columns: a change to any option, its
/// help or an exit code shows here as a difference in the text people read.
@Suite("The exact help of simonctl and simond")
struct HelpTests {
  @Test(arguments: HelpSnapshot.simonctl)
  func eachSimonctlCommandPrintsExactlyItsSnapshot(_ snapshot: HelpSnapshot) throws {
    let command = try #require(Self.simonctlCommands[snapshot.command])
    #expect(SimonCtl.helpMessage(for: command, columns: 80) == snapshot.text)
  }

  @Test func everySimonctlCommandHasOneSnapshotAndNoSnapshotIsLeftOver() {
    let names = HelpSnapshot.simonctl.map(\.command)
    #expect(Set(names) == Set(Self.simonctlCommands.keys))
    #expect(names.count == Set(names).count)
  }

  @Test func simondPrintsExactlyItsSnapshot() {
    #expect(Simond.helpMessage(columns: 80) == HelpSnapshot.simond.text)
  }

  @Test(arguments: [["scores", "reset"], ["players", "sign-in"], []])
  func theProgramPrintsTheSameTextAtEightyColumns(_ path: [String]) async throws {
    let finished = try await ChildProcess.run(
      "simonctl", path + ["--help"], environment: ["COLUMNS": "80"])
    #expect(finished.status == 0)
    #expect(finished.error == "")
    let name = (["simonctl"] + path).joined(separator: " ")
    let snapshot = try #require(HelpSnapshot.simonctl.first { $0.command == name })
    // The program prints the message as a line of its own: one more newline.
    #expect(finished.output == snapshot.text + "\n")
  }

  @Test func simondPrintsTheSameTextAtEightyColumns() async throws {
    let finished = try await ChildProcess.run("simond", ["--help"], environment: ["COLUMNS": "80"])
    #expect(finished.status == 0)
    #expect(finished.output == HelpSnapshot.simond.text + "\n")
  }

  /// Help is read by people: a string literal's escape that slipped through (a `\\` or
  /// an interpolation written `\\(…)`) shows as a stray backslash.
  @Test(arguments: HelpSnapshot.simonctl + [HelpSnapshot.simond])
  func noHelpShowsABackslash(_ snapshot: HelpSnapshot) {
    #expect(!snapshot.text.contains("\\"))
  }

  /// Every command of simonctl by its full name ("simonctl players add").
  static let simonctlCommands: [String: any ParsableCommand.Type] = {
    var commands: [String: any ParsableCommand.Type] = [:]
    func add(_ command: any ParsableCommand.Type, under parent: String?) {
      let name = [parent, command._commandName].compactMap { $0 }.joined(separator: " ")
      commands[name] = command
      for subcommand in command.configuration.subcommands { add(subcommand, under: name) }
    }
    add(SimonCtl.self, under: nil)
    return commands
  }()
}

/// One command's whole help text.
struct HelpSnapshot: Sendable, CustomTestStringConvertible {
  /// The command's full name: "simonctl players add".
  let command: String
  /// What `--help` prints, to the last newline.
  let text: String

  init(_ command: String, _ text: String) {
    self.command = command
    self.text = text
  }

  var testDescription: String { command }
}
