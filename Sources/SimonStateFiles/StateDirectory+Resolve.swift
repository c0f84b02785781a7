extension StateDirectory {
  /// Picks the state directory (docs/design.md section 6): the command line, else
  /// `$STATE_DIRECTORY` (systemd sets it; the first of a colon-separated list), else the
  /// configuration's `state_dir`, else `/var/lib/simon-cabinet`.
  public static func resolve(
    option: String?, environment: [String: String], configured: String?
  ) -> String {
    if let option, !option.isEmpty { return option }
    if let fromSystemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first {
      return String(fromSystemd)
    }
    if let configured, !configured.isEmpty { return configured }
    return defaultPath
  }
}
