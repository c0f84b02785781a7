/// The version of every program and package of the cabinet: simond, simonctl,
/// simon-venue and simon-web say it with `--version`, simond in its hello, the bridge to
/// Home Assistant, and `scripts/build-deb` gives it to the packages. `scripts/release`
/// checks it against the tag and CHANGELOG.md.
public enum SimonVersion {
  /// "MAJOR.MINOR.PATCH".
  public static let current = "0.1.0"
}
