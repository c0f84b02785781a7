import Glibc
import SimonGame
import SimonTransport
import SystemPackage
import Testing

@testable import SimonSim

@Suite("The simulated cabinet's client", .timeLimit(.minutes(1)))
struct SimClientTests {
  private static let hello =
    #"{"led":"green","on":false,"t":1}"# + "\n" + #"{"led":"red","on":true,"t":1}"# + "\n"
    + #"{"led":"yellow","on":false,"t":1}"# + "\n" + #"{"led":"blue","on":false,"t":1}"# + "\n"
    + #"{"state":"player","round":3,"points":25,"t":1}"# + "\n"

  /// The first `count` messages of a client, in order.
  private func first(_ count: Int, of client: SimClient) async -> [SimServerMessage] {
    var messages: [SimServerMessage] = []
    for await message in client.messages {
      messages.append(message)
      if messages.count == count { break }
    }
    return messages
  }

  @Test func yieldsTheHelloAndEveryMessageInOrder() async throws {
    let server = try TestCabinetServer()
    let client = try SimClient(path: server.path)
    let peer = try server.accept()
    peer.write(Self.hello)
    peer.write(#"{"tone":310.0,"t":2}"# + "\n" + #"{"tone":null,"t":3}"# + "\n")
    peer.write(#"{"game_over":{"points":25,"rounds":3,"name":"Ann","ending":"mistake"},"t":4}"#)
    peer.write("\n" + #"{"error":"unknown input \"purple\""}"# + "\n")
    var messages = await first(9, of: client)
    // The record is passed through as JSON whose key order is not kept: compare it read.
    guard messages.count == 9, case .gameOver(let record, 4) = messages.remove(at: 7) else {
      Issue.record("no game_over in \(messages)")
      return
    }
    #expect(
      SimGameSummary(record: record)
        == SimGameSummary(points: 25, rounds: 3, name: "Ann", ending: "mistake"))
    #expect(
      messages == [
        .led(.green, on: false, t: 1), .led(.red, on: true, t: 1),
        .led(.yellow, on: false, t: 1), .led(.blue, on: false, t: 1),
        .state(Status(phase: .player, round: 3, points: 25), t: 1),
        .tone(310, t: 2), .tone(nil, t: 3), .error(#"unknown input "purple""#),
      ])
  }

  @Test func sendsPressesAndReleasesAsLines() throws {
    let server = try TestCabinetServer()
    let client = try SimClient(path: server.path)
    let peer = try server.accept()
    try client.send(.press(.green))
    try client.send(.release(.green))
    try client.send(.press(.longest))
    #expect(peer.readLine() == #"{"press":"green"}"#)
    #expect(peer.readLine() == #"{"release":"green"}"#)
    #expect(peer.readLine() == #"{"press":"longest"}"#)
  }

  @Test func joinsLinesSplitAcrossReadsAndSkipsWhatItCannotRead() async throws {
    let server = try TestCabinetServer()
    let client = try SimClient(path: server.path)
    let peer = try server.accept()
    peer.write(#"{"led":"gr"#)
    peer.write(#"een","on":true,"t":7}"# + "\n")
    peer.write("not json\n" + #"{"what":"ever","t":1}"# + "\n\n")
    peer.write(String(repeating: "x", count: SimClient.maximumLineLength + 10) + "\n")
    peer.write(#"{"tone":42.0,"t":8}"# + "\n")
    let messages = await first(2, of: client)
    #expect(messages == [.led(.green, on: true, t: 7), .tone(42, t: 8)])
  }

  @Test func theStreamEndsWhenTheServerGoesAndSaysWhy() async throws {
    let server = try TestCabinetServer()
    let client = try SimClient(path: server.path)
    let peer = try server.accept()
    peer.write(#"{"tone":null,"t":1}"# + "\n")
    peer.close()
    var messages: [SimServerMessage] = []
    for await message in client.messages { messages.append(message) }
    #expect(messages == [.tone(nil, t: 1)])
    #expect(client.endReason?.kind == .disconnected)
    #expect(client.endReason?.message == "simond closed the connection on \(server.path)")
    #expect(throws: SocketClientError.self) { try client.send(.press(.red)) }
    do {
      try client.send(.press(.red))
    } catch {
      #expect(error.kind == .disconnected)
    }
  }

  @Test func closingEndsTheStreamWithoutAReasonAndTheServerSeesTheEnd() async throws {
    let server = try TestCabinetServer()
    let client = try SimClient(path: server.path)
    let peer = try server.accept()
    client.close()
    client.close()
    for await _ in client.messages {}
    #expect(client.endReason == nil)
    #expect(peer.readLine() == nil)
    #expect(throws: SocketClientError.closed(server.path)) { try client.send(.press(.red)) }
  }

  @Test func droppingTheClientClosesTheConnection() throws {
    let server = try TestCabinetServer()
    var client: SimClient? = try SimClient(path: server.path)
    let peer = try server.accept()
    try client?.send(.press(.blue))
    client = nil
    #expect(peer.readLine() == #"{"press":"blue"}"#)
    #expect(peer.readLine() == nil)
  }

  @Test func helloGivesTheCabinetAsItStands() async throws {
    let server = try TestCabinetServer()
    let client = try SimClient(path: server.path)
    let peer = try server.accept()
    peer.write(Self.hello)
    let view = try await client.hello(within: .seconds(10))
    #expect(view.lit == [.red])
    #expect(view.status == Status(phase: .player, round: 3, points: 25))
    #expect(view.tone == nil)
  }

  @Test func helloSaysSoWhenTheServerGoesFirst() async throws {
    let server = try TestCabinetServer()
    let client = try SimClient(path: server.path)
    let peer = try server.accept()
    peer.write(#"{"led":"green","on":false,"t":1}"# + "\n")
    peer.close()
    await #expect(throws: SocketClientError.disconnected(server.path)) {
      try await client.hello(within: .seconds(10))
    }
  }

  @Test func helloGivesUpWhenNoStateComes() async throws {
    let server = try TestCabinetServer()
    let client = try SimClient(path: server.path)
    let peer = try server.accept()
    peer.write(#"{"led":"green","on":false,"t":1}"# + "\n")
    do {
      _ = try await client.hello(within: .milliseconds(20))
      Issue.record("hello returned without a state")
    } catch {
      #expect(error.kind == .timedOut)
      #expect(error.message.hasPrefix("simond on \(server.path) sent no state within"))
    }
    _ = peer
  }

  @Test func noSocketSaysSimondIsNotRunning() {
    let path = "/tmp/simon-client-test-\(getpid())-missing.sock"
    #expect(
      throws: SocketClientError(
        .notRunning, path: path,
        message: "no simulated cabinet at \(path): simond is not running with "
          + "--hardware sim --sim-socket \(path), or the path is wrong")
    ) { try SimClient(path: path) }
    #expect(throws: SocketClientError.self) { try SimClient(path: "/no/such/dir/sim.sock") }
  }

  @Test func aStaleSocketSaysSimondHasStopped() throws {
    let path = try TestCabinetServer.staleSocket()
    defer { unlink(path) }
    do {
      _ = try SimClient(path: path)
      Issue.record("connected to a stale socket")
    } catch {
      #expect(error.kind == .refused)
      #expect(error.message.hasPrefix("nothing is listening on \(path): simond has stopped"))
    }
  }

  @Test func aFileIsNotASocket() {
    do {
      _ = try SimClient(path: "/etc/passwd")
      Issue.record("connected to a file")
    } catch {
      #expect(error.kind == .notASocket)
      #expect(error.message.hasPrefix("/etc/passwd is not a socket"))
    }
  }

  @Test func aPathThatCannotBeASocketAddressIsRefusedBeforeConnecting() {
    let long = "/tmp/" + String(repeating: "s", count: 120)
    #expect(
      throws: SocketClientError(
        .badPath, path: long,
        message: "the socket path is longer than 107 bytes: \"\(long)\"")
    ) { try SimClient(path: long) }
    #expect(throws: SocketClientError.self) { try SimClient(path: "") }
  }

  @Test func permissionDeniedIsNamed() {
    // Root passes every permission check, so the errno is handed in.
    let error = SocketClientError(
      connecting: "/run/x.sock", to: .simulatedCabinet, errno: .permissionDenied, found: .socket)
    #expect(error.kind == .permissionDenied)
    #expect(error.message.hasPrefix("permission denied connecting to /run/x.sock"))
    #expect(
      SocketClientError(connecting: "/x", to: .simulatedCabinet, errno: .ioError, found: .socket)
        .kind == .io)
  }
}
