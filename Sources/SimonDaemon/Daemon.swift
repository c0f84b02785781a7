import Logging
import ServiceLifecycle
import SimonCabinetConfig
import SimonControl
import SimonGame
import SimonHardware
import SimonPOSIX
import SimonScores
import SimonSim
import SimonStateFiles
import SimonSystemd
import UnixSignals

/// The daemon: loads the configuration, brings up the hardware and the control socket,
/// runs the game until SIGTERM or SIGINT, reloads on SIGHUP. Returns the process's exit
/// code.
///
/// Promises: `READY=1` only once the hardware and the control socket are up; a bad
/// configuration exits 78 with every problem logged; missing hardware (or a control
/// socket another simond serves) exits 69 naming what is missing; on SIGTERM the running
/// game is recorded as ended by shutdown, the lights go off, the lines are released and
/// the exit code is 0, within a second.
public enum Daemon {
  /// Runs the daemon to the end.
  /// - Parameter signals: the signals trapped at the start of the process.
  public static func run(
    _ options: DaemonOptions, environment: [String: String], signals: SignalTraps
  ) async -> Int32 {
    let logger = Logger(label: "simond")
    /// A stop asked for during start-up ends it here, before anything more is made.
    func stoppedEarly() -> Bool {
      guard let signal = signals.stop else { return false }
      logger.info("stopping on \(signal) during start-up")
      return true
    }
    let notifier = SystemdNotifier(environment: environment)

    let config: DaemonConfig
    do {
      config = try ConfigLoader.load(path: options.configPath)
    } catch {
      error.log(to: logger)
      logger.error("configuration has \(error.problems.count) problem(s); not starting")
      return ExitStatus.config
    }
    let stateDirectory = StateDirectory.resolve(
      option: options.stateDirectory, environment: environment, configured: config.stateDirectory)
    do {
      try StateDirectory.prepare(stateDirectory)
      try StateDirectory.checkWritable(stateDirectory)
    } catch {
      logger.error("state directory: \(error)")
      return ExitStatus.cantCreate
    }
    if stoppedEarly() { return ExitStatus.success }
    let archive = GameArchive(directory: stateDirectory, logger: logger)
    do {
      try archive.refuseNewerFiles()
    } catch {
      logger.error("\(error); not starting")
      return ExitStatus.config
    }
    archive.migrateSettings(base: config.settings)

    let hardware: Hardware
    let thread: CabinetThread
    do {
      thread = try CabinetThread()
      hardware = try Hardware.open(
        options, config: config, environment: environment, thread: thread, logger: logger)
    } catch {
      logger.error("\(error)")
      return ExitStatus.unavailable
    }
    defer { hardware.close() }
    if stoppedEarly() { return ExitStatus.success }
    let refused = await thread.askRealtime(priority: RealtimePriority.cabinet)
    if refused != 0 {
      logger.notice(
        "the cabinet thread runs at normal priority: real-time priority \(RealtimePriority.cabinet) refused (\(POSIX.errorText(refused))); the unit grants it with LimitRTPRIO=20"
      )
    }

    let journal = Journal()
    let (archiveRequests, archiveInbox) = AsyncStream.makeStream(of: ArchiveRequest.self)
    var cabinet = config.cabinet
    cabinet.playerNames = []
    cabinet.hasHaptics = hardware.motor != nil
    var game = Game(
      settings: config.settings, cabinet: cabinet, bests: archive.allTimeBests(),
      random: SeededRandom())
    game.resumeUndecided(archive.undecidedMatches())
    let runner = Runner(
      game: game,
      debouncer: Debouncer(defaultWindow: config.debounce, window: config.debounceByInput),
      lights: hardware.lights, speaker: hardware.speaker, motor: hardware.motor,
      clock: CabinetClock(thread: thread),
      levels: hardware.inputs as? any LevelInputSource, thread: thread, journal: journal,
      archive: { archiveInbox.yield($0) })
    let context = CabinetContext(
      options: options, config: config, runner: runner, journal: journal, archive: archive,
      notifier: notifier, logger: logger)
    let feed = RunnerService.Feed(hardware.inputs, runner: runner)
    let settings = context.playableSettings()
    await runner.apply(settings.values)

    let controlPath =
      options.controlSocket
      ?? ControlSocketPath.daemonPath(environment: environment, uid: POSIX.userID)
    let control: ControlServer
    do {
      let hello = ControlHello(
        protocolVersion: ControlProtocol.version, cabinet: HostName.current,
        version: SimonVersion.current,
        stateDirectory: stateDirectory, hardware: options.hardware.rawValue)
      control = try ControlServer(
        path: controlPath,
        shown: ControlServer.Shown(
          hello: hello,
          snapshot: ControlSnapshot(
            state: await runner.view, settings: ControlSettings(settings))))
    } catch {
      logger.error("control socket: \(error); give another path with --control-socket")
      return ExitStatus.unavailable
    }
    defer { control.close() }
    journal.watch { entry in control.publish(entry) }
    if let shows = hardware.shows { journal.watch(shows) }
    let watcher = JournalWatcher(context: context, journal: journal)
    let archivist: Archivist
    do {
      archivist = try Archivist(context: context)
    } catch {
      logger.error("unable to start the archivist's thread: \(error)")
      return ExitStatus.unavailable
    }
    let ready =
      "ready: \(options.hardware.rawValue) cabinet, sound \(hardware.speakerDescription), state in \(stateDirectory), control socket \(controlPath)"

    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [
          .init(
            service: ArchiveService(
              archivist: archivist, requests: archiveRequests, inbox: archiveInbox),
            serviceName: "archive"),
          .init(service: watcher, serviceName: "journal"),
          .init(service: ControlService(server: control, context: context), serviceName: "control"),
          .init(
            service: RunnerService(context: context, feed: feed, ready: ready),
            serviceName: "runner"
          ),
          .init(
            service: ReloadService(context: context, signals: signals.reloads),
            serviceName: "reload"),
          .init(service: WatchdogService(notifier: notifier), serviceName: "watchdog"),
          .init(
            service: DailyService(runner: runner),
            serviceName: "daily"),
        ],
        logger: logger))
    await signals.attach(group)
    do {
      try await group.run()
    } catch {
      logger.error("stopped on an internal fault: \(error)")
      await runner.shutdown()
      return ExitStatus.software
    }
    journal.finish()
    return ExitStatus.success
  }
}
