import Foundation
import SimonConfig
import SimonVenue
import Testing

@Suite("The venue bridge's configuration")
struct VenueConfigTests {
  @Test("a full configuration reads into every value; the password comes from its file")
  func full() throws {
    let secret = scratchDirectory() + "/secret"
    _ = FileManager.default.createFile(atPath: secret, contents: Data("s3cret\nignored\n".utf8))
    let config = try VenueConfig.parse(
      """
      venue = "arcade-42"
      cabinet = "pi-3"
      topic_prefix = "games/simon"
      control_socket = "/run/x.sock"
      state_dir = "/tmp/v"

      [broker]
      host = "broker.lan"
      port = 8883
      username = "venue"
      password_file = "\(secret)"
      keepalive_s = 60
      reconnect_max_s = 10

      [home_assistant]
      enabled = false
      prefix = "ha"
      """, path: "venue.toml")
    #expect(config.venue == "arcade-42")
    #expect(config.cabinet == "pi-3")
    #expect(config.topicPrefix == "games/simon")
    #expect(config.broker.host == "broker.lan")
    #expect(config.broker.port == 8883)
    #expect(config.broker.password == "s3cret")
    #expect(config.broker.reconnectMax == 10)
    #expect(!config.homeAssistant.enabled)
    #expect(!config.summary.contains("s3cret"))
    #expect(config.summary.contains("password = (set)"))
  }

  @Test("the example in wiring/examples says the defaults")
  func example() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().path
    let config = try VenueConfig.load(path: root + "/wiring/examples/venue.toml")
    #expect(config == VenueConfig.defaults)
  }

  @Test("a password without a username is refused")
  func passwordNeedsUser() {
    let secret = scratchDirectory() + "/secret"
    _ = FileManager.default.createFile(atPath: secret, contents: Data("pw".utf8))
    #expect {
      try VenueConfig.parse("[broker]\npassword_file = \"\(secret)\"\n", path: "v.toml")
    } throws: { error in
      "\(error)" == "v.toml: line 2: broker.password_file: a password needs a username"
    }
  }

  @Test("a venue's name simond would refuse for the day's challenge is refused here too")
  func venueNameForTheDaysChallenge() {
    #expect {
      try VenueConfig.parse("venue = \"bar\\u0007\"\n", path: "venue.toml")
    } throws: { error in
      (error as? ConfigError)?.description
        == "venue.toml: line 1: venue: a venue's name has no control character"
    }
  }

  @Test("every problem is reported with its line and key, as simond.toml's are")
  func problems() {
    #expect {
      try VenueConfig.parse(
        """
        venue = "a/b"
        cabinet = "pi 3"

        [broker]
        port = 70000
        password_file = "/nonexistent/secret"
        colour = "blue"
        """, path: "venue.toml")
    } throws: { error in
      (error as? ConfigError)?.description == """
        venue.toml: line 1: venue: "a/b" is not a topic level: no /, +, #, $ or spaces
        venue.toml: line 2: cabinet: a cabinet id has only ASCII letters, digits, ".", "_" and "-"
        venue.toml: line 5: broker.port: 70000 is out of range; it is from 1 to 65535
        venue.toml: line 6: broker.password_file: /nonexistent/secret: no such file
        venue.toml: line 7: broker.colour: unknown key; broker takes ca_file, host, keepalive_s, password_file, port, reconnect_max_s, username
        """
    }
  }
}
