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

  /// Makes sure files can be created in the directory: creates a probe file there and
  /// removes it. The daemon calls it at start, so a directory it may not write (or a
  /// read-only or full file system) stops it with a reason instead of every game being
  /// lost later. A probe that a power cut left behind (its removal not yet on the disk)
  /// is used again, never a reason to stop.
  /// - Throws: `StateError` of kind `.directory` naming the directory and why.
  public static func checkWritable(_ path: String) throws {
    // One name, not created exclusively: after a power cut the same process id (a boot
    // is much like the last) found its probe there and the cabinet never started again.
    let probe = join(path, probeName)
    do {
      try withOpenFile(probe, OpenFlags.createTruncate, mode: 0o600) {
        (file) throws(SystemError) in try file.sync()
      }
      removeFile(probe)
    } catch {
      removeFile(probe)
      throw StateError(
        kind: .directory, path: path, reason: "cannot write in it: " + error.reason,
        errno: error.errno)
    }
  }

  /// The probe file `checkWritable` creates and removes.
  package static let probeName = ".write-check"

  /// The path of a file in a directory.
  package static func join(_ directory: String, _ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }
}
