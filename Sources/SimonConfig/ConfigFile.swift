import SystemPackage

/// Reads a configuration file's bytes: a regular file, or anything else that can be read
/// to its end, such as `/dev/null` or a pipe (`--config <(...)`), up to `limit` bytes.
public enum ConfigFile {
  /// The most a configuration file may hold; far more than any real one.
  public static let limit = 1 << 20

  /// Why a configuration file could not be read.
  public enum Failure: Error, Equatable, Sendable {
    /// Nothing at the path.
    case missing
    /// It could not be opened or read; the system's reason.
    case unreadable(String)
    /// It is a directory.
    case directory
    /// It holds more than `limit` bytes.
    case tooLarge
  }

  /// The file's bytes, or why they could not be read.
  public static func read(_ path: String) -> Result<[UInt8], Failure> {
    do {
      let file = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
      return try file.closeAfter { () throws -> Result<[UInt8], Failure> in
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
          let count = try chunk.withUnsafeMutableBytes { try file.read(into: $0) }
          if count == 0 { return .success(bytes) }
          bytes += chunk[..<count]
          if bytes.count > limit { return .failure(.tooLarge) }
        }
      }
    } catch let code as Errno {
      switch code {
      case .noSuchFileOrDirectory: return .failure(.missing)
      case .isDirectory: return .failure(.directory)
      default: return .failure(.unreadable(code.description))
      }
    } catch {
      return .failure(.unreadable("\(error)"))
    }
  }
}
