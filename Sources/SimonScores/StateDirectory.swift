/// The directory holding scores, players and settings.
public enum StateDirectory {
  /// Where the state lives when nothing else says: `/var/lib/simon-cabinet`.
  public static let defaultPath = "/var/lib/simon-cabinet"

  /// Makes sure the directory exists (creating it and its parents, mode 0755, when
  /// missing) and is a directory.
  ///
  /// Every store calls it before writing; the daemon may call it at start to fail early.
  /// - Throws: `StateError` of kind `.directory`, naming the path that could not be
  ///   created or is not a directory, and why.
  public static func prepare(_ path: String) throws {
    if path.isEmpty {
      throw StateError(kind: .directory, path: path, reason: "the path is empty")
    }
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += "/" + component
      do {
        if let status = try fileStatus(prefix) {
          if !status.isDirectory {
            throw StateError(kind: .directory, path: prefix, reason: "it is not a directory")
          }
          continue
        }
        try makeDirectory(prefix, mode: 0o755)
        if let status = try fileStatus(prefix), !status.isDirectory {
          throw StateError(kind: .directory, path: prefix, reason: "it is not a directory")
        }
      } catch let error as SystemError {
        let action = somethingExists(at: prefix) ? "" : "cannot create it: "
        throw StateError(
          kind: .directory, path: path, reason: action + error.reason, errno: error.errno)
      }
    }
  }

  /// The path of a file in a directory.
  static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
