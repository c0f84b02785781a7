import SystemPackage

/// Standard error, written unbuffered: the one writer of the cabinet's programs.
///
/// Each call hands its text to one write(2) where the system takes it whole (a line to a
/// pipe or the journal, under 4 KB, is never interleaved with another thread's), retries
/// on EINTR and writes the rest of a partial write. It does not flush standard output
/// first: a caller that prints to both flushes it (`POSIX.flushStandardOutput()`) before.
public enum StandardError {
  /// Writes `text` as it is. A closed or broken standard error drops the rest silently:
  /// there is nowhere left to report that.
  public static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      _ = try? FileDescriptor.standardError.writeAll(UnsafeRawBufferPointer(bytes))
    }
  }

  /// Writes `line` and a newline, in one write(2).
  public static func writeLine(_ line: String) {
    write(line + "\n")
  }
}
