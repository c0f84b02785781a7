/// The version of every program and package of the cabinet: simond, simonctl,
/// simon-venue and simon-web say it with `--version`, simond in its hello, the bridge to
/// Home Assistant, and `scripts/build-deb` gives it to the packages. `scripts/release`
/// checks it against the tag and CHANGELOG.md.
public enum SimonVersion {
  /// "MAJOR.MINOR.PATCH" at a release; between releases the next one with "-dev"
  /// ("0.2.0-dev", packaged as 0.2.0~dev: after 0.1.0 and before 0.2.0 for apt).
  public static let current = "0.2.0-dev"
}
