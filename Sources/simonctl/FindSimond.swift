import SimonPOSIX

/// Where the simond to start is: beside this simonctl (installed together, or in one
/// build directory), else the first `simond` on PATH; nil when there is none.
func findSimond(path: String?) -> String? {
  var candidates: [String] = []
  if let own = POSIX.executablePath, let slash = own.lastIndex(of: "/") {
    candidates.append(String(own[..<slash]) + "/simond")
  }
  for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
    candidates.append("\(directory)/simond")
  }
  return candidates.first { POSIX.allows(.execute, $0) }
}
