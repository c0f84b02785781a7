import ScoresTestSupport
import SimonScores
import Testing

@Suite final class SettingsCommandTests {
  let directory = TemporaryDirectory("ctl")

  deinit { directory.remove() }

  @Test func showsAndChangesSettings() throws {
    defer { directory.remove() }
    #expect(
      try ctl(["settings"], in: directory)
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

            """, error: ""))
    #expect(
      try ctl(["settings", "set", "volume", "35"], in: directory)
        == Finished(status: 0, output: "volume = 35\n", error: ""))
    #expect(
      try ctl(["settings", "set", "sound", "off"], in: directory).output == "enabled = false\n")
    #expect(
      try ctl(["settings", "set", "game.mode", "coop"], in: directory).output == "mode = \"coop\"\n"
    )
    #expect(
      try ctl(["settings"], in: directory).output == """
        [audio]
        enabled = false  # changed
        volume = 35  # changed
        tones = "classic"

        [game]
        mode = "coop"  # changed
        difficulty = "medium"
        players = 1
        skill_target = 0

        """)
    #expect(
      try ctl(["settings", "--json"], in: directory).output == """
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
          }
        }

        """)
  }

  @Test func refusesBadValuesAndKeys() throws {
    defer { directory.remove() }
    #expect(
      try ctl(["settings", "set", "volume", "101"], in: directory)
        == Finished(
          status: 65, output: "",
          error: "Error: volume: 101 is out of range; it is a percentage from 0 to 100\n"))
    #expect(
      try ctl(["settings", "set", "skill_target", "9"], in: directory)
        == Finished(
          status: 65, output: "", error: "Error: skill_target: 9 is not one of 0, 8, 14, 20, 31\n"))
    #expect(
      try ctl(["settings", "set", "difficulty", "insane"], in: directory)
        == Finished(
          status: 65, output: "", error: "Error: difficulty: 'insane' is not easy, medium, hard\n"))
    let unknown = try ctl(["settings", "set", "colour", "red"], in: directory)
    #expect(unknown.status == 64)
    #expect(unknown.error.hasPrefix("Error: The value 'colour' is invalid for '<key>'"))
    #expect(try SettingsStore(directory: directory.path).load() == StoredSettings())
  }
}
