import ScoresTestSupport
import SimonScores
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite final class StateDirectoryTests {
  let directory = TemporaryDirectory("ctl")

  deinit { directory.remove() }

  @Test func usesStateDirectoryFromTheEnvironment() async throws {
    defer { directory.remove() }
    let finished = try await ctl(
      ["players", "add", "Alice", "--code", "1111"], in: nil,
      environment: ["STATE_DIRECTORY": directory.path + ":/elsewhere"])
    #expect(finished.status == 0)
    #expect(try PlayerStore(directory: directory.path).list().map(\.name) == ["Alice"])
  }

  @Test func anEmptyStateDirectoryVariableLeavesItToTheConfiguration() async throws {
    defer { directory.remove() }
    let config = directory.file("simond.toml")
    put("state_dir = \"\(directory.file("state"))\"\n", at: config)
    let finished = try await ctl(
      ["players", "add", "Alice", "--code", "1111", "--config", config], in: nil,
      environment: ["STATE_DIRECTORY": ""])
    #expect(finished.status == 0, "\(finished.error)")
    #expect(try PlayerStore(directory: directory.file("state")).list().map(\.name) == ["Alice"])
  }

  @Test func createsAMissingDirectoryAndSaysWhenItCannot() async throws {
    defer { directory.remove() }
    #expect(
      try await ChildProcess.run(
        "simonctl", ["settings", "set", "volume", "5", "--state-dir", directory.file("new/state")]
      ).status == 0)
    put("x", at: directory.file("file"))
    #expect(
      try await ChildProcess.run(
        "simonctl", ["settings", "set", "volume", "5", "--state-dir", directory.file("file/state")])
        == Finished(
          status: 73, output: "",
          error:
            "Error: cannot use the state directory \(directory.file("file")): it is not a directory\n"
        ))
  }

  @Test func warnsOfACorruptFileAndGoesOn() async throws {
    defer { directory.remove() }
    put("{\"version\": 1, \"players\": [", at: directory.file("players.json"))
    let finished = try await ctl(["players"], in: directory)
    #expect(finished.status == 0)
    #expect(finished.output == "No players registered in \(directory.path).\n")
    let prefix =
      "Warning: \(directory.file("players.json")) is corrupt (line 1, column 28: unexpected end of data); moved it to \(directory.file("players.json.corrupt-20"))"
    #expect(finished.error.hasPrefix(prefix))
    #expect(finished.error.hasSuffix("Z and started a fresh one\n"))
  }

  @Test func helpNamesTheExitCodes() async throws {
    for command in [
      ["scores"], ["scores", "reset"], ["players", "add"], ["name-latest"], ["settings", "set"],
    ] {
      let help = try await ChildProcess.run("simonctl", command + ["--help"])
      #expect(help.status == 0)
      let text = help.output.split(separator: "\n").joined(separator: " ")
      #expect(text.contains("Exit codes: 0 done; 1 nothing to do or declined"), "\(command)")
      #expect(text.contains("75 the state is locked by another simond or simonctl"), "\(command)")
    }
  }
}

/// Writes a file.
func put(_ text: String, at path: String) {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  precondition(descriptor >= 0)
  var text = text
  text.withUTF8 { _ = write(descriptor, $0.baseAddress, $0.count) }
  close(descriptor)
}

@Suite struct NothingFoundTests {
  @Test func aStateDirectoryNamedThatDoesNotExistIsAnErrorForReadingCommands() async throws {
    let missing = TemporaryDirectory("typo")
    missing.remove()
    for command in [["scores"], ["scores", "--recent"], ["players", "list"]] {
      let finished = try await ChildProcess.run(
        "simonctl", command + ["--state-dir", missing.path, "--config", "/dev/null"])
      #expect(finished.status == 66, "\(command)")
      #expect(
        finished.error
          == "Error: the state directory \(missing.path) does not exist (--state-dir)\n",
        "\(command)")
    }
  }

  @Test func aRefusedSettingCreatesNothing() async throws {
    let missing = TemporaryDirectory("refused")
    missing.remove()
    let finished = try await ChildProcess.run(
      "simonctl",
      [
        "settings", "set", "difficulty", "hrad", "--state-dir", missing.path, "--config",
        "/dev/null",
      ])
    #expect(finished.status == 65, "\(finished.error)")
    #expect(access(missing.path, F_OK) != 0, "no directory, no lock file")
  }

  @Test func withoutStateDirItSaysWhichDirectoryItReadAndWhereElseToLook() async throws {
    let directory = TemporaryDirectory("nothing")
    defer { directory.remove() }
    let finished = try await ChildProcess.run(
      "simonctl", ["scores"], environment: ["STATE_DIRECTORY": directory.path])
    #expect(
      finished.output
        == "No games recorded in \(directory.path).\n(simonctl read \(directory.path); give --state-dir to read another, such as the one of scripts/play: ~/.local/state/simon-cabinet)\n"
    )
  }
}
