import FoundationEssentials
import Glibc
import Logging
import SimonGPIO
import SimonGame
import SimonHardware
import SimonScores
import SimonSim
import UnixSignals

/// The daemon: loads the configuration, brings up the hardware, runs the game until
/// SIGTERM or SIGINT, reloads on SIGHUP. Returns the process's exit code.
///
/// Promises: `READY=1` only once the hardware is up; a bad configuration exits 78 with
/// every problem logged; missing hardware exits 69 naming what is missing; on SIGTERM
/// the running game is recorded as ended by shutdown, the lights go off, the lines are
/// released and the exit code is 0, within a second.
public enum Daemon {
  /// Runs the daemon to the end.
  public static func run(_ options: DaemonOptions, environment: [String: String]) async -> Int32 {
    let logger = Logger(label: "simond")
    let notifier = SystemdNotifier(environment: environment)

    let config: DaemonConfig
    do {
      config = try ConfigLoader.load(path: options.configPath)
    } catch {
      for problem in error.problems { logger.error("\(error.path): \(problem)") }
      logger.error("configuration has \(error.problems.count) problem(s); not starting")
      return DaemonExit.config
    }
    let stateDirectory = StateDirectory.resolve(
      option: options.stateDirectory, environment: environment, configured: config.stateDirectory)
    do {
      try StateDirectory.prepare(stateDirectory)
    } catch {
      logger.error("state directory: \(error)")
      return DaemonExit.cantCreate
    }
    let archive = GameArchive(directory: stateDirectory, logger: logger)

    let hardware: Hardware
    do {
      hardware = try Hardware.open(
        options, config: config, environment: environment, logger: logger)
    } catch {
      logger.error("\(error)")
      return DaemonExit.unavailable
    }
    defer { hardware.close() }

    let settings = archive.settings(base: config.settings)
    var cabinet = config.cabinet
    cabinet.playerNames = []
    let game = Game(
      settings: settings, cabinet: cabinet, bests: archive.allTimeBests(), random: SeededRandom())
    let (notices, noticeSink) = AsyncStream.makeStream(of: RunnerNotice.self)
    let runner = Runner(
      game: game,
      debouncer: Debouncer(defaultWindow: config.debounce, window: config.debounceByInput),
      lights: hardware.lights, speaker: hardware.speaker, clock: MonotonicClock(),
      levelOf: hardware.levelOf,
      notify: { [simServer = hardware.simServer] notice in
        // The socket hears of a new state in order with the lights; the rest may wait.
        if case .status(let status) = notice { simServer?.publish(status) }
        noticeSink.yield(notice)
      })
    await runner.start()

    let handler = NoticeHandler(
      archive: archive, simServer: hardware.simServer, notifier: notifier, logger: logger)
    let noticeTask = Task { await handler.handle(notices, runner: runner) }
    let inputTask = Task { await runner.consume(hardware.inputs.edges()) }
    let watchdogTask = notifier.watchdogInterval.map { interval in
      Task {
        while !Task.isCancelled {
          notifier.watchdog()
          try? await Task.sleep(for: interval)
        }
      }
    }

    let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint, .sighup)
    notifier.ready(status: await runner.status.summary)
    logger.info(
      "ready: \(options.hardware.rawValue) cabinet, sound \(hardware.speakerDescription), state in \(stateDirectory)"
    )

    var currentConfig = config
    for await signal in signals {
      if signal == .sighup {
        notifier.reloading()
        currentConfig = await reload(
          options, previous: currentConfig, runner: runner, archive: archive, logger: logger)
        notifier.ready(status: await runner.status.summary)
        continue
      }
      logger.info("stopping on \(signal)")
      notifier.stopping()
      break
    }

    await runner.shutdown()
    inputTask.cancel()
    watchdogTask?.cancel()
    noticeSink.finish()
    await noticeTask.value
    return DaemonExit.success
  }

  /// Rereads the configuration and the stored settings; a bad configuration keeps the
  /// one in force. Wiring and sound device changes need a restart.
  private static func reload(
    _ options: DaemonOptions, previous: DaemonConfig, runner: Runner<MonotonicClock>,
    archive: GameArchive, logger: Logger
  ) async -> DaemonConfig {
    let config: DaemonConfig
    do {
      config = try ConfigLoader.load(path: options.configPath)
    } catch {
      for problem in error.problems { logger.error("\(error.path): \(problem)") }
      logger.error("reload: configuration has problems; keeping the one in force")
      return previous
    }
    if config.wiring != previous.wiring || config.audioDevice != previous.audioDevice
      || config.debounce != previous.debounce || config.debounceByInput != previous.debounceByInput
    {
      logger.warning("reload: wiring, debounce and sound device changes take effect on restart")
    }
    await runner.apply(archive.settings(base: config.settings))
    var cabinet = previous.cabinet
    cabinet.attractAfter = config.attractAfter
    await runner.apply(cabinet)
    await runner.apply(bests: archive.allTimeBests())
    logger.info("reloaded configuration and settings")
    return config
  }
}
