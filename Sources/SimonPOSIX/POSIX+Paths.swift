import Glibc
import SystemPackage

/// Paths: what a path allows, what is at it, and making, moving and removing files and
/// directories (swift-system's FilePath does not touch the file system).
extension POSIX {
  /// What `path` lets this process do (access).
  public enum Access: Sendable {
    /// The path exists (F_OK).
    case exists
    /// The path may be read (R_OK).
    case read
    /// The path may be executed (X_OK).
    case execute
  }

  /// Whether this process may do `access` with `path` (access); false when the path is
  /// not there either.
  public static func allows(_ access: Access, _ path: String) -> Bool {
    let mode: Int32 =
      switch access {
      case .exists: F_OK
      case .read: R_OK
      case .execute: X_OK
      }
    return Glibc.access(path, mode) == 0
  }

  /// Why this process may not do `access` with `path` (access), or nil when it may.
  public static func refusal(_ access: Access, _ path: String) -> Errno? {
    allows(access, path) ? nil : lastError
  }

  /// Whether `path` is a directory, following symbolic links (stat).
  public static func isDirectory(_ path: String) -> Bool {
    fileKind(at: path) == .directory
  }

  /// What kind of file is at a path.
  public enum FileKind: Equatable, Sendable {
    /// Nothing (or a directory on the way is missing).
    case missing
    /// A Unix socket.
    case socket
    /// A directory.
    case directory
    /// Anything else: a regular file, a device, a FIFO, a symbolic link not followed.
    case other
  }

  /// What is at `path` (stat; lstat when not `followingLinks`, so a link is `.other`).
  public static func fileKind(at path: String, followingLinks: Bool = true) -> FileKind {
    var status = stat()
    guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else {
      return .missing
    }
    switch status.st_mode & S_IFMT {
    case S_IFSOCK: return .socket
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// Sets the permission bits of `path` (chmod).
  /// - Throws: the `Errno` when the system refuses.
  public static func changeMode(of path: String, to mode: UInt32) throws(Errno) {
    guard chmod(path, mode_t(mode)) == 0 else { throw lastError }
  }

  /// Removes the file, socket or link at `path` (unlink); nothing when it is not there.
  public static func removeFile(_ path: String) {
    _ = unlink(path)
  }

  /// Removes the empty directory at `path` (rmdir); nothing when it is not there or not
  /// empty.
  public static func removeDirectory(_ path: String) {
    _ = rmdir(path)
  }

  /// Makes a new directory only this user may enter, named `prefix` followed by six
  /// random characters (mkdtemp).
  /// - Returns: its path.
  /// - Throws: the `Errno` when the system refuses.
  public static func makeTemporaryDirectory(prefix: String) throws(Errno) -> String {
    var template = Array((prefix + "XXXXXX").utf8CString)
    // mkdtemp fills in the template and returns a pointer into it: the name is read from
    // the array, whose storage the call's pointer outlives no further than the call (an
    // optimized build freed it first, and the name's copy landed where it had been).
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
    guard made else { throw lastError }
    return String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The names in a directory but `.` and `..`, in the order the system gives them
  /// (opendir, readdir); empty when it cannot be read.
  public static func directoryEntries(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The name of the group that owns `path` (stat, getgrgid), or nil when either fails.
  public static func groupName(owning path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0, let group = getgrgid(status.st_gid) else { return nil }
    return String(cString: group.pointee.gr_name)
  }

  /// The path with every symbolic link and `.`/`..` resolved (realpath), or nil when
  /// some part of it is not there.
  public static func canonicalPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
