import ScoresTestSupport
import SimonScores
import Testing

@Suite final class SettingsCommandTests {
  let directory = TemporaryDirectory("ctl")

  deinit { directory.remove() }

  @Test func showsAndChangesSettings() async throws {
    defer { directory.remove() }
    #expect(
      try await ctl(["settings"], in: directory)
        == Finished(
          status: 0,
          output: """
            [audio]
            enabled = true
            volume = 60
            tones = "classic"

            [game]
            mode = "classic"
            difficulty = "medium"
            players = 1
            skill_target = 0

            [haptics]
            enabled = true

            """, error: ""))
    let saved =
      "Saved in settings.json (simond is not running on \(directory.path)): "
      + "simond applies it when it starts or reloads.\n"
    #expect(
      try await ctl(["settings", "set", "volume", "35"], in: directory)
        == Finished(status: 0, output: "volume = 35\n" + saved, error: ""))
    #expect(
      try await ctl(["settings", "set", "sound", "off"], in: directory).output
        == "enabled = false\n" + saved)
    #expect(
      try await ctl(["settings", "set", "game.mode", "coop"], in: directory).output
        == "mode = \"coop\"\n" + saved)
    #expect(
      try await ctl(["settings", "set", "haptics.enabled", "off"], in: directory).output
        == "haptics = false\n" + saved)
    #expect(
      try await ctl(["settings"], in: directory).output == """
        [audio]
        enabled = false  # changed
        volume = 35  # changed
        tones = "classic"

        [game]
        mode = "coop"  # changed
        difficulty = "medium"
        players = 1
        skill_target = 0

        [haptics]
        enabled = false  # changed

        """)
    #expect(
      try await ctl(["settings", "--json"], in: directory).output == """
        {
          "audio" : {
            "enabled" : false,
            "tones" : "classic",
            "volume" : 35
          },
          "game" : {
            "difficulty" : "medium",
            "mode" : "coop",
            "players" : 1,
            "skill_target" : 0
          },
          "haptics" : {
            "enabled" : false
          }
        }

        """)
  }

  @Test func refusesBadValuesAndKeys() async throws {
    defer { directory.remove() }
    #expect(
      try await ctl(["settings", "set", "volume", "101"], in: directory)
        == Finished(
          status: 65, output: "",
          error: "Error: volume: 101 is out of range; it is a percentage from 0 to 100\n"))
    #expect(
      try await ctl(["settings", "set", "skill_target", "9"], in: directory)
        == Finished(
          status: 65, output: "", error: "Error: skill_target: 9 is not one of 0, 8, 14, 20, 31\n"))
    #expect(
      try await ctl(["settings", "set", "difficulty", "insane"], in: directory)
        == Finished(
          status: 65, output: "", error: "Error: difficulty: 'insane' is not easy, medium, hard\n"))
    let unknown = try await ctl(["settings", "set", "colour", "red"], in: directory)
    #expect(unknown.status == 64)
    #expect(unknown.error.hasPrefix("Error: The value 'colour' is invalid for '<key>'"))
    #expect(try SettingsStore(directory: directory.path).load() == StoredSettings())
  }

  @Test func directionalWithoutAJoystickIsRefusedWithConfigChecksWords() async throws {
    defer { directory.remove() }
    #expect(
      try await ctl(["settings", "set", "mode", "directional"], in: directory)
        == Finished(
          status: 65, output: "",
          error: "Error: mode: directional needs [inputs.joystick] with up, down, left and right\n")
    )
    #expect(try SettingsStore(directory: directory.path).load().storedKeys == [])
  }

  @Test func resetLetsOneSettingOrAllFollowTheConfigurationAgain() async throws {
    defer { directory.remove() }
    _ = try await ctl(["settings", "set", "volume", "35"], in: directory)
    _ = try await ctl(["settings", "set", "mode", "coop"], in: directory)
    let reset = try await ctl(["settings", "reset", "volume"], in: directory)
    #expect(reset.status == 0)
    #expect(reset.output.hasPrefix("volume follows the configuration again.\n"))
    #expect(try SettingsStore(directory: directory.path).load().storedKeys == [.mode])
    #expect(try await ctl(["settings", "reset", "--all"], in: directory).status == 0)
    #expect(try SettingsStore(directory: directory.path).load().storedKeys == [])
    #expect(try await ctl(["settings", "reset"], in: directory).status == 64)
    #expect(try await ctl(["settings", "reset", "volume", "--all"], in: directory).status == 64)
  }
}
