import SimonCabinetConfig
import SimonDaemon
import Testing

@Suite("The installed simond.toml")
struct InstalledConfigTests {
  /// `make install` and the Debian package put `systemd/simond.toml` in /etc: it must
  /// say exactly what having no file says.
  @Test func itIsTheBuiltInDefaults() throws {
    let config = try ConfigLoader.load(path: "\(repositoryRoot)/systemd/simond.toml")
    #expect(config == .defaults)
  }
}
