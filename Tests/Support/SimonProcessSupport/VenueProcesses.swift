import Foundation
import ScoresTestSupport
import SimonGame
import SimonScores
import SimonVenue
import SimonVenueStore
import Synchronization
import SystemPackage

/// Debian's Mosquitto broker, started by a test on a loopback port of its own, with
/// persistence in the test's directory (as a venue would run it).
public final class BrokerProcess: @unchecked Sendable {
  /// Debian's broker.
  public static let path = "/usr/sbin/mosquitto"
  /// Whether the broker is installed (scripts/install-deps).
  public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

  /// Its configuration, database and log.
  public let directory = makeScratchDirectory()
  /// The loopback port it listens on.
  public let port: Int
  /// The users it requires, with their passwords.
  public let passwords: [String: String]
  private var process: RunningProcess?
  /// Its log file.
  public var logPath: String { directory.appendingPathComponent("mosquitto.log").path }

  /// The CA that signed its certificate, with `tls`.
  public var caFile: String { directory.appendingPathComponent("ca.crt").path }

  /// Mosquitto's `max_queued_messages` here, as in the venue's example configuration
  /// (wiring/examples/mosquitto-venue.conf): with the default 1000, a joining cabinet got
  /// 24,338 of a 50,000-record history on loopback, the rest dropped by the broker.
  public static let maxQueuedMessages = 200_000

  /// A broker; `passwords` are users and passwords it requires (none: anonymous); `acl`
  /// the text of its ACL file; with `tls` it speaks TLS only, with a certificate for
  /// localhost signed by a CA of its own (`caFile`).
  public init(passwords: [String: String] = [:], acl: String? = nil, tls: Bool = false)
    async throws
  {
    port = try freeLoopbackPort()
    self.passwords = passwords
    var config = """
      listener \(port) 127.0.0.1
      persistence true
      persistence_location \(directory.path)/
      max_queued_messages \(Self.maxQueuedMessages)
      log_dest file \(logPath)
      log_type error
      log_type warning
      log_type notice

      """
    if passwords.isEmpty {
      config += "allow_anonymous true\n"
    } else {
      // For the broker's user alone: mosquitto warns of, and later versions refuse, a
      // password file others may read.
      let file = directory.appendingPathComponent("passwords").path
      _ = FileManager.default.createFile(
        atPath: file, contents: nil, attributes: [.posixPermissions: 0o600])
      for (user, password) in passwords {
        try await run("/usr/bin/mosquitto_passwd", ["-b", file, user, password])
      }
      if getuid() == 0, let user = getpwnam("mosquitto") {
        chown(file, user.pointee.pw_uid, user.pointee.pw_gid)
      }
      config += "allow_anonymous false\npassword_file \(file)\n"
    }
    if let acl {
      let file = directory.appendingPathComponent("acl").path
      try acl.write(toFile: file, atomically: true, encoding: .utf8)
      config += "acl_file \(file)\n"
    }
    if tls {
      try await makeCertificates()
      config += """
        cafile \(caFile)
        certfile \(directory.path)/server.crt
        keyfile \(directory.path)/server.key

        """
    }
    try config.write(
      to: directory.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
    // Started as root, mosquitto runs as its own user: its log and database are here.
    if getuid() == 0, let user = getpwnam("mosquitto") {
      for name in ["", "server.key", "server.crt", "ca.crt"] {
        chown(directory.appendingPathComponent(name).path, user.pointee.pw_uid, user.pointee.pw_gid)
      }
    }
    try await start()
  }

  /// A CA and a certificate for localhost (and 127.0.0.1) it signed, valid two days.
  private func makeCertificates() async throws {
    let dir = directory.path
    let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try await run(
      "/usr/bin/openssl",
      ["req", "-x509"] + curve + [
        "-keyout", "\(dir)/ca.key", "-out", caFile, "-days", "2", "-subj", "/CN=simon test CA",
      ])
    try await run(
      "/usr/bin/openssl",
      ["req"] + curve + [
        "-keyout", "\(dir)/server.key", "-out", "\(dir)/server.csr", "-subj", "/CN=localhost",
      ])
    try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(
      toFile: "\(dir)/san.ext", atomically: true, encoding: .utf8)
    try await run(
      "/usr/bin/openssl",
      [
        "x509", "-req", "-in", "\(dir)/server.csr", "-CA", caFile, "-CAkey", "\(dir)/ca.key",
        "-CAcreateserial", "-out", "\(dir)/server.crt", "-days", "2", "-extfile", "\(dir)/san.ext",
      ])
  }

  /// Starts the broker and waits until it accepts connections.
  public func start() async throws {
    // What it says before its log file is open (a port taken, say) goes to its log too.
    let errors = try FileDescriptor.open(
      logPath + ".stderr", .writeOnly, options: [.create, .truncate, .closeOnExec],
      permissions: [.ownerReadWrite, .groupRead, .otherRead])
    defer { try? errors.close() }
    let process = try RunningProcess(
      Self.path, ["-c", directory.appendingPathComponent("mosquitto.conf").path], error: errors)
    self.process = process
    let deadline = ContinuousClock.now + .seconds(10)
    // It looks once more after the deadline: a waiter starved past it has not looked yet.
    while !canConnect(port: port) {
      guard ContinuousClock.now < deadline, !process.hasEnded else {
        throw E2EError(
          "mosquitto did not listen on port \(port)"
            + (process.exitStatus.map { ": it exited \($0)" } ?? " within 10 s") + ": \(log)")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  /// Stops the broker (SIGTERM: it saves its retained messages) and waits for it.
  public func stop() async {
    guard let process else { return }
    process.signal(SIGTERM)
    _ = await process.waitForExit(timeout: 10)
    self.process = nil
  }

  /// Loses everything it held, as a new broker or one whose database went would: killed
  /// (SIGKILL: nothing saved), its database removed, started again.
  public func wipe() async throws {
    if let process {
      process.signal(SIGKILL)
      _ = await process.waitForExit(timeout: 10)
      self.process = nil
    }
    try? FileManager.default.removeItem(at: directory.appendingPathComponent("mosquitto.db"))
    try await start()
  }

  /// Its log so far.
  public var log: String {
    [logPath + ".stderr", logPath].compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
      .joined()
  }

  /// The retained message of `topic` (mosquitto_sub), or nil; read as `user` (one of
  /// `passwords`) where the broker asks for a login.
  public func retained(_ topic: String, as user: String? = nil) async throws -> String? {
    var arguments = ["-p", String(port), "-t", topic, "--retained-only", "-C", "1", "-W", "3"]
    if let user, let password = passwords[user] { arguments += ["-u", user, "-P", password] }
    if FileManager.default.fileExists(atPath: caFile) {
      arguments += ["-h", "localhost", "--cafile", caFile]
    } else {
      arguments += ["-h", "127.0.0.1"]
    }
    // -W 3: it gives up after 3 s by itself.
    let finished = try await ChildProcess.run("/usr/bin/mosquitto_sub", arguments)
    return finished.status == 0 ? finished.output.trimmingCharacters(in: .newlines) : nil
  }

  deinit {
    if let process {
      process.terminate(thenRemove: directory)
    } else {
      try? FileManager.default.removeItem(at: directory)
    }
  }
}

/// A real `simon-venue` bridge for a cabinet, its log in a file.
public final class BridgeProcess: @unchecked Sendable {
  /// Its configuration, state and log.
  public let directory = makeScratchDirectory()
  /// The cabinet it speaks for.
  public let cabinet: String
  private let configPath: String
  private var process: RunningProcess?
  /// Its state directory: outbox and venue table.
  public var stateDirectory: String { directory.appendingPathComponent("state").path }
  /// Its log file.
  public var logPath: String { directory.appendingPathComponent("bridge.log").path }

  /// Starts a bridge for `cabinet` on `broker`, following simond at `controlSocket`;
  /// with `caFile`, over TLS to "localhost", checking the broker with that CA.
  public init(
    cabinet: String, broker: BrokerProcess, controlSocket: String, username: String? = nil,
    password: String? = nil, caFile: String? = nil
  ) throws {
    self.cabinet = cabinet
    configPath = directory.appendingPathComponent("venue.toml").path
    var config = """
      venue = "test-venue"
      cabinet = "\(cabinet)"
      control_socket = "\(controlSocket)"
      state_dir = "\(directory.appendingPathComponent("state").path)"

      [broker]
      host = "\(caFile == nil ? "127.0.0.1" : "localhost")"
      port = \(broker.port)
      reconnect_max_s = 2

      """
    if let caFile { config += "ca_file = \"\(caFile)\"\n" }
    if let username { config += "username = \"\(username)\"\n" }
    if let password {
      let file = directory.appendingPathComponent("secret").path
      try password.write(toFile: file, atomically: true, encoding: .utf8)
      config += "password_file = \"\(file)\"\n"
    }
    try config.write(toFile: configPath, atomically: true, encoding: .utf8)
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    try start()
  }

  /// Starts it (again), its output appended to its log.
  public func start() throws {
    let log = try FileDescriptor.open(
      logPath, .writeOnly, options: [.create, .append, .closeOnExec],
      permissions: [.ownerReadWrite, .groupRead, .otherRead])
    defer { try? log.close() }
    process = try RunningProcess(
      productsDirectory.appendingPathComponent("simon-venue").path,
      ["--config", configPath, "--log-level", "debug"], output: log, error: log)
  }

  /// Whether it runs.
  public var isRunning: Bool { process.map { !$0.hasEnded } ?? false }

  /// Its process id while it runs.
  public var processID: Int32? { process?.processID }

  /// Where its threads are while it runs (`RunningProcess.threadReport`).
  public var threadReport: String { process?.threadReport ?? "" }

  /// Sends it a signal and waits for it to end.
  /// - Returns: its exit status (128 + the signal for a signal), or nil when it has not
  ///   ended within 10 s (it is then still this bridge's, ended with the test) or was not
  ///   running.
  @discardableResult
  public func signal(_ number: Int32) async -> Int32? {
    guard let process else { return nil }
    process.signal(number)
    guard let status = await process.waitForExit(timeout: 10) else { return nil }
    self.process = nil
    return status
  }

  /// Its log so far.
  public var log: String {
    [logPath + ".stderr", logPath].compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
      .joined()
  }

  /// The venue file's text.
  public var venueFile: String {
    (try? String(contentsOfFile: stateDirectory + "/venue.json", encoding: .utf8)) ?? ""
  }

  deinit {
    if let process {
      process.terminate(thenRemove: directory)
    } else {
      try? FileManager.default.removeItem(at: directory)
    }
  }
}

/// A TCP port on 127.0.0.1 that nobody listens on now, below the kernel's ephemeral range
/// (`ip_local_port_range`), which no outgoing connection is ever given: a broker stopped
/// and started again finds it free. In that range a client reconnecting to the stopped
/// broker's port (or a wait for it to listen) can be given that very port as its own and
/// connect to itself, and mosquitto then finds the address in use (seen once in CI).
/// The probe's socket is closed on exec: a program another test starts in that instant
/// would otherwise keep it, bound to the port, and the broker could never listen there
/// (a broker's first start once found its port in use, in a ThreadSanitizer run).
public func freeLoopbackPort() throws -> Int {
  let range = try? String(
    contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)
  let ephemeral = range.flatMap { Int($0.split(whereSeparator: \.isWhitespace).first ?? "") }
  let below = ephemeral ?? 32768
  for _ in 0..<500 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    defer { close(fd) }
    // (A machine whose ephemeral range starts low leaves no such ports: any free one, 0.)
    let port = below > 11_000 ? Int.random(in: 10_000..<below) : 0
    if let bound = bindToLoopback(fd, port: port) { return bound }
  }
  throw E2EError("no free port on 127.0.0.1 between 10000 and \(below) in 500 tries")
}

/// Binds `fd` to `port` on 127.0.0.1 (0: any free one): that port, or nil (errno says why).
private func bindToLoopback(_ fd: Int32, port: Int = 0) -> Int? {
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = UInt16(port).bigEndian
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
      bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
    }
  }
  return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
}

private func canConnect(port: Int) -> Bool {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  defer { close(fd) }
  return connect(fd, port: port)
}

/// Connects `fd` to `port` on 127.0.0.1 (blocking); whether it did.
private func connect(_ fd: Int32, port: Int) -> Bool {
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = UInt16(port).bigEndian
  return withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
    }
  }
}

/// Runs a program to its end, in this process's environment.
/// - Throws: `E2EError` with what it wrote to standard error when it exits other than 0.
public func run(_ path: String, _ arguments: [String]) async throws {
  let finished = try await ChildProcess.run(
    path, arguments, environment: ProcessInfo.processInfo.environment)
  guard finished.status == 0 else {
    throw E2EError(
      "\(path) \(arguments.joined(separator: " ")) exited \(finished.status): \(finished.error)")
  }
}

/// A TCP port on loopback that takes connections and never says a word: a broker that
/// hangs, or something else on the broker's port. Closed when it goes.
public final class SilentListener: Sendable {
  /// The port it listens on.
  public let port: Int
  private let fd: Int32

  /// Listens on a free loopback port.
  public init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard let port = bindToLoopback(fd), listen(fd, 16) == 0 else {
      let reason = String(cString: strerror(errno))
      close(fd)
      throw E2EError("cannot listen on loopback: \(reason)")
    }
    self.fd = fd
    self.port = port
  }

  deinit { close(fd) }
}

/// A TCP port on loopback whose connection attempts nobody answers, as a firewall that
/// drops them or an address where no host is: its queue of connections is full (a
/// backlog of 0, and one connection of its own that it never accepts), so the kernel
/// drops every other attempt, and a blocking `connect` to it waits for the kernel's
/// retries (about two minutes). Closed when it goes.
public final class DroppingListener: Sendable {
  /// The port it listens on.
  public let port: Int
  private let fd: Int32
  private let filler: Int32

  /// Listens on a free loopback port and fills its queue.
  public init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard let port = bindToLoopback(fd), listen(fd, 0) == 0, connect(filler, port: port) else {
      let reason = String(cString: strerror(errno))
      close(fd)
      close(filler)
      throw E2EError("cannot make a full loopback listener: \(reason)")
    }
    self.fd = fd
    self.filler = filler
    self.port = port
  }

  deinit {
    close(filler)
    close(fd)
  }
}

/// Publishes `count` retained records of `cabinets` other cabinets (`old-1`, `old-2`...,
/// sequences from 1) on `broker` for the venue "test-venue" (`BridgeProcess`'s), as years
/// of a venue leave them, and waits until the broker acknowledged every one.
/// - Returns: how long that took.
public func publishHistory(
  records count: Int, cabinets: Int, on broker: BrokerProcess, timeout: Double = 600
) async throws -> Duration {
  let acknowledged = Atomic<Int>(0)
  let connected = Atomic<Bool>(false)
  let publisher = try MQTTClient(
    MQTTClient.Settings(
      clientID: "history", host: "127.0.0.1", port: broker.port, keepalive: 30,
      username: nil, password: nil, caFile: nil, will: nil)
  ) { happening in
    switch happening {
    case .acknowledged: acknowledged.add(1, ordering: .relaxed)
    case .connected(refused: nil): connected.store(true, ordering: .relaxed)
    default: break
    }
  }
  guard await eventually(timeout: 10, { connected.load(ordering: .relaxed) }) else {
    throw E2EError("the history's publisher did not connect; broker log: \(broker.log)")
  }
  var config = VenueConfig.defaults
  config.venue = "test-venue"
  let topics = Topics(config: config)
  let started = ContinuousClock.now
  for index in 0..<count {
    let cabinet = "old-\(index % cabinets + 1)"
    let sequence = index / cabinets + 1
    let game = GameRecord(
      id: sequence,
      result: GameResult(
        points: (index * 37) % 500, rounds: 3, mode: .classic, difficulty: .medium,
        name: "Player", members: ["Player"], ending: .mistake, duration: .seconds(9)),
      startedAt: Date(), endedAt: Date())
    let record = VenueRecord(cabinet: cabinet, sequence: sequence, game: game)
    try publisher.publish(topics.record(cabinet, sequence: sequence), record.payload, retain: true)
  }
  guard
    await eventually(timeout: timeout, { acknowledged.load(ordering: .relaxed) == count })
  else {
    throw E2EError(
      "\(acknowledged.load(ordering: .relaxed)) of \(count) history records stored in \(Int(timeout)) s"
    )
  }
  withExtendedLifetime(publisher) {}
  return started.duration(to: .now)
}
