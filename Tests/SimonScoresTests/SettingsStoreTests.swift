import ScoresTestSupport
import SimonGame
import SimonScores
import Testing

@Suite final class SettingsStoreTests {
  let directory = TemporaryDirectory("settings")

  deinit { directory.remove() }

  @Test func storesOnlyWhatChangedOverTheBase() throws {
    defer { directory.remove() }
    let store = SettingsStore(directory: directory.path)
    var base = Settings.defaults
    base.volume = 80
    #expect(try store.settings(base: base) == base)
    try store.set(.mode, to: "coop", base: base)
    try store.set(SettingKey(name: "sound")!, to: "off", base: base)
    let settings = try store.settings(base: base)
    #expect(settings.mode == .coop && !settings.soundOn && settings.volume == 80)
    #expect(try store.load().storedKeys == [.enabled, .mode])
    #expect(
      String(decoding: contents(store.path) ?? [], as: UTF8.self) == """
        {
          "version": 2,
          "audio": {
            "enabled": false
          },
          "game": {
            "mode": "coop"
          },
          "haptics": {}
        }

        """)
  }

  @Test func refusesBadValuesAndChangesNothing() throws {
    defer { directory.remove() }
    let store = SettingsStore(directory: directory.path)
    try store.set(.volume, to: "30", base: .defaults)
    let before = contents(store.path)
    #expect(
      throws: SettingsError.problems([
        "volume: 101 is out of range; it is a percentage from 0 to 100"
      ])
    ) {
      try store.set(.volume, to: "101", base: .defaults)
    }
    #expect(throws: SettingsError.invalidValue(key: .volume, value: "loud")) {
      try store.set(.volume, to: "loud", base: .defaults)
    }
    #expect(throws: SettingsError.problems(["skill_target: 9 is not one of 0, 8, 14, 20, 31"])) {
      try store.set(.skillTarget, to: "9", base: .defaults)
    }
    #expect(throws: SettingsError.invalidValue(key: .tones, value: "jazz")) {
      try store.set(.tones, to: "jazz", base: .defaults)
    }
    #expect(throws: SettingsError.problems(["players: 6 is out of range; it is from 1 to 5"])) {
      try store.set(.players, to: "6", base: .defaults)
    }
    #expect(contents(store.path) == before)
    #expect(
      SettingsError.invalidValue(key: .enabled, value: "maybe").description
        == "enabled: 'maybe' is not true or false (also on/off, yes/no)")
  }

  @Test func storesOnlyWhatTheCabinetChangedSoTheRestFollowsTheConfiguration() throws {
    defer { directory.remove() }
    let store = SettingsStore(directory: directory.path)
    var chosen = Settings.defaults
    chosen.difficulty = .hard
    #expect(try store.record(chosen, over: .defaults) == [.difficulty])
    #expect(try store.load().storedKeys == [.difficulty])
    // The configuration changes its volume and mode: both show through.
    var configured = Settings.defaults
    configured.volume = 30
    configured.mode = .levels
    var expected = configured
    expected.difficulty = .hard
    #expect(try store.settings(base: configured) == expected)
    chosen.volume = -1
    #expect(throws: SettingsError.self) { try store.record(chosen, over: .defaults) }
    #expect(try store.load().storedKeys == [.difficulty])
  }

  @Test func aMenuChangeNeverRevertsAnotherWritersSetting() throws {
    defer { directory.remove() }
    let store = SettingsStore(directory: directory.path)
    // The daemon holds the settings it read at start; then simonctl changes the volume.
    let heldByTheDaemon = try store.settings(base: .defaults)
    try store.set(.volume, to: "20", base: .defaults)
    // The cabinet's menu changes the difficulty over the daemon's older copy.
    var chosen = heldByTheDaemon
    chosen.difficulty = .easy
    try store.record(chosen, over: heldByTheDaemon)
    let now = try store.settings(base: .defaults)
    #expect(now.volume == 20)
    #expect(now.difficulty == .easy)
  }

  @Test func resetsOneKeyOrAll() throws {
    defer { directory.remove() }
    let store = SettingsStore(directory: directory.path)
    try store.set(.mode, to: "coop", base: .defaults)
    try store.set(.volume, to: "20", base: .defaults)
    #expect(try store.reset(.mode))
    #expect(try !store.reset(.mode))
    #expect(try store.load().storedKeys == [.volume])
    try store.reset()
    #expect(try store.load() == StoredSettings())
  }

  @Test func aWholeFileOfVersionOneKeepsOnlyWhatDiffersFromTheConfiguration() throws {
    defer { directory.remove() }
    put(
      """
      {"version": 1, "audio": {"enabled": true, "volume": 60, "tones": "classic"},
       "game": {"mode": "coop", "difficulty": "medium", "players": 1, "skill_target": 0}}
      """, at: directory.file("settings.json"))
    let store = SettingsStore(directory: directory.path)
    #expect(
      try store.migrate(base: .defaults) == [
        .enabled, .volume, .tones, .difficulty, .players, .skillTarget,
      ])
    #expect(try store.load().storedKeys == [.mode])
    #expect(try store.migrate(base: .defaults) == [])
    let text = String(decoding: contents(store.path) ?? [], as: UTF8.self)
    #expect(text.contains("\"version\": 2"))
  }

  @Test func aVersionOneFileWithSomeKeysIsLeftAlone() throws {
    defer { directory.remove() }
    put(
      #"{"version": 1, "audio": {"volume": 60}, "game": {}}"#, at: directory.file("settings.json"))
    let store = SettingsStore(directory: directory.path)
    #expect(try store.migrate(base: .defaults) == [])
    #expect(try store.load().storedKeys == [.volume])
  }

  @Test func readsKeysAsTheConfigurationNamesThem() {
    #expect(SettingKey(name: "enabled") == .enabled)
    #expect(SettingKey(name: "audio.enabled") == .enabled)
    #expect(SettingKey(name: "sound") == .enabled)
    #expect(SettingKey(name: "game.skill_target") == .skillTarget)
    #expect(SettingKey(name: "audio.mode") == nil)
    #expect(SettingKey(name: "skillTarget") == nil)
    #expect(SettingKey(name: "haptics") == .haptics)
    #expect(SettingKey(name: "haptics.enabled") == .haptics)
    #expect(SettingKey(name: "game.haptics") == nil)
  }

  @Test func hapticsAreStoredInTheirOwnSectionAndReadBack() throws {
    defer { directory.remove() }
    let store = SettingsStore(directory: directory.path)
    try store.set(.haptics, to: "off", base: .defaults)
    let text = String(decoding: contents(store.path) ?? [], as: UTF8.self)
    #expect(text.contains("\"haptics\": {\n    \"enabled\": false\n  }"), "\(text)")
    #expect(try store.load().storedKeys == [.haptics])
    #expect(try store.settings(base: .defaults).hapticsOn == false)
    #expect(try store.settings(base: .defaults).soundOn, "the sound is another setting")
    #expect(throws: SettingsError.invalidValue(key: .haptics, value: "buzz")) {
      try store.set(.haptics, to: "buzz", base: .defaults)
    }
  }

  @Test func aHapticsValueOfTheWrongKindIsNamed() throws {
    defer { directory.remove() }
    let problems = Problems()
    let store = SettingsStore(directory: directory.path, onProblem: problems.handler)
    put(
      #"{"version": 2, "audio": {}, "game": {}, "haptics": {"enabled": "yes"}}"#, at: store.path)
    #expect(try store.load() == StoredSettings())
    #expect(problems.all.map(\.detail) == ["haptics.enabled: expected true or false"])
  }
}
