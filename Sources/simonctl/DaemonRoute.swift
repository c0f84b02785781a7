import ArgumentParser
import SimonControl
import SimonPOSIX
import SimonSim
import SimonTransport

/// The option of every command that can work through a running simond.
struct ControlSocketOption: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "simond's control socket (default: /run/simon-cabinet/control.sock, else $XDG_RUNTIME_DIR/simond-control.sock, else /tmp/simond-control-UID.sock).",
      valueName: "path"))
  var controlSocket: String?
}

/// How a command reaches the cabinet's state: through the running simond (the change
/// applies at once and every watcher hears of it), or through the files of the state
/// directory when no simond runs on them.
enum DaemonRoute {
  /// A simond serving the same state directory.
  case live(ControlClient)
  /// No simond on this state directory: the files, with why.
  case files(Stores, reason: String)

  /// How long simond may take to greet or answer.
  static let answerLimit = Duration.seconds(5)

  /// The route for `common`'s state directory.
  /// - Throws: `Refusal` when a control socket was named and is not served, or simond
  ///   runs but this user may not reach it.
  static func find(common: CommonOptions, socket: ControlSocketOption) throws -> DaemonRoute {
    let stores = try Stores(common: common, socket: socket.controlSocket)
    let environment = Environment.current
    let paths =
      socket.controlSocket.map { [$0] }
      ?? ControlSocketPath.candidates(environment: environment, uid: POSIX.userID)
    var elsewhere: String?
    for path in paths {
      let client: ControlClient
      do {
        client = try ControlClient(path: path)
      } catch {
        switch error.kind {
        case .permissionDenied:
          throw Refusal(
            message:
              "simond runs, but this user may not use its control socket \(path): join the group simon (sudo usermod -aG simon $USER, then log in again) or use sudo",
            code: ExitStatus.noPermission)
        case .notRunning, .refused, .notASocket, .badPath:
          if socket.controlSocket != nil {
            throw Refusal(message: error.message, code: ExitStatus.unavailable)
          }
          continue
        default:
          throw Refusal(message: error.message, code: ExitStatus.unavailable)
        }
      }
      do {
        let (hello, _) = try client.greet(within: answerLimit)
        if samePlace(hello.stateDirectory, stores.directory) { return .live(client) }
        elsewhere = "simond on \(path) keeps its state in \(hello.stateDirectory)"
      } catch {
        throw Refusal(message: error.message, code: ExitStatus.unavailable)
      }
    }
    if let named = socket.controlSocket, let elsewhere {
      throw Refusal(
        message: "\(elsewhere), not in \(stores.directory) (\(named))", code: ExitStatus.usage)
    }
    return .files(
      stores,
      reason: elsewhere.map { "\($0), not here" } ?? "simond is not running on \(stores.directory)")
  }

  /// Sends a request to the live simond; a refusal becomes simonctl's error.
  static func ask(_ client: ControlClient, _ action: ControlRequest.Action) throws -> ControlResult
  {
    do {
      return try client.request(action, within: answerLimit)
    } catch let refusal as ControlRefusal {
      throw Refusal(message: refusal.message, code: ExitStatus.dataError)
    } catch let error as SocketClientError {
      throw Refusal(message: error.message, code: ExitStatus.unavailable)
    }
  }

  /// Whether two paths name the same directory.
  private static func samePlace(_ first: String, _ second: String) -> Bool {
    func resolved(_ path: String) -> String { POSIX.canonicalPath(path) ?? path }
    return resolved(first) == resolved(second)
  }
}
