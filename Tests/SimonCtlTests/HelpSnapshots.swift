/// The whole `--help` of every command at 80 columns, as people read it. A change to a
/// command's options, their help or its exit codes must change this text too.
extension HelpSnapshot {
  /// `simonctl` and each of its subcommands, the root first, then depth first.
  static let simonctl: [HelpSnapshot] = [
    HelpSnapshot(
      "simonctl",
      ##"""
      OVERVIEW: Manage a Simon cabinet: scores, players, settings, configuration,
      hardware.

      USAGE: simonctl <subcommand>

      OPTIONS:
        --version               Show the version.
        -h, --help              Show help information.

      SUBCOMMANDS:
        scores                  Show the high-score tables, or the recent games.
        players                 Register, list and remove players, set their pad
                                codes, see their progress.
        name-latest             Give the latest games recorded as "Player" (or one
                                ranked game) a name.
        settings                Show the cabinet's settings; change one with
                                'settings set'.
        test-hardware           Check the wiring: light each pad with its tone, then
                                show every press and release.
        tone                    Play one tone: a pad's or any frequency (a sound
                                check).
        config                  Check simond's configuration file.
        play                    Play Simon in this terminal, on a simulated cabinet.
        status                  Show what simond is doing: state, mode, who plays,
                                lit pads.
        match                   Challenge another cabinet of the venue, or list this
                                cabinet's matches.
        daily                   Show the table of the day's challenge: today's, or
                                another date's.

        See 'simonctl help <subcommand>' for detailed help.
      """##),
    HelpSnapshot(
      "simonctl scores",
      ##"""
      OVERVIEW: Show the high-score tables, or the recent games.

      Tables list the ten best games of each mode and difficulty (more points first,
      then more rounds, then the earlier game). Times are local.

      With --venue: the venue's tables, every cabinet's games merged by the venue
      bridge (simon-venue), with the cabinet of each game.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl scores [--config <path>] [--state-dir <dir>] [--recent] [--count <n>] [--mode <mode>] [--difficulty <difficulty>] [--json] [--venue] [--venue-dir <dir>] <subcommand>

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --recent                Show the recent games, newest first, instead of the
                                tables.
        --count <n>             How many recent games to show with --recent.
                                (default: 20)
        --mode <mode>           Only this mode's tables (or recent games). (values:
                                classic, levels, coop, player-adds, directional)
        --difficulty <difficulty>
                                Only this difficulty's tables (or recent games).
                                (values: easy, medium, hard)
        --json                  Print JSON for scripts instead of tables.
        --venue                 The venue's instead of this cabinet's: every
                                cabinet's games, as the venue bridge merged them.
        --venue-dir <dir>       The venue bridge's state directory, for --venue.
                                Default: /var/lib/simon-venue.
        --version               Show the version.
        -h, --help              Show help information.

      SUBCOMMANDS:
        reset                   Delete every high score and recent game.

        See 'simonctl help scores <subcommand>' for detailed help.
      """##),
    HelpSnapshot(
      "simonctl scores reset",
      ##"""
      OVERVIEW: Delete every high score and recent game.

      Asks for confirmation on a terminal; without one, --yes is required. Players
      and settings are kept.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl scores reset [--config <path>] [--state-dir <dir>] [--control-socket <path>] [--yes]

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --control-socket <path> simond's control socket (default:
                                /run/simon-cabinet/control.sock, else
                                $XDG_RUNTIME_DIR/simond-control.sock, else
                                /tmp/simond-control-UID.sock).
        --yes                   Do not ask for confirmation.
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl players",
      ##"""
      OVERVIEW: Register, list and remove players, set their pad codes, see their
      progress.

      A name is 1 to 16 characters: letters, digits, spaces and - _ . ' (not only
      spaces, no space at either end); names are unique ignoring case; "Player" and
      "Player N" are kept for players without a name. A pad code is four presses of
      the pads, such as "green red red blue" or "1224" (1 green, 2 red, 3 yellow, 4
      blue); it signs the player in at the cabinet, so codes are unique. sign-in,
      sign-out and team tell the running simond who plays the next games.

      USAGE: simonctl players <subcommand>

      OPTIONS:
        --version               Show the version.
        -h, --help              Show help information.

      SUBCOMMANDS:
        list (default)          List the registered players and their pad codes.
        add                     Register a player.
        remove                  Remove a registered player; their recorded games stay.
        code                    Show a player's pad code, or give them a new one.
        stats                   Show how a player is getting on: games, best round
                                and points, reaction times by week.
        sign-in                 Sign registered players in for the next games, in
                                turn order.
        sign-out                Sign everyone out: the next games are played as
                                "Player".
        team                    Name the coop team of the next games.

        See 'simonctl help players <subcommand>' for detailed help.
      """##),
    HelpSnapshot(
      "simonctl players list",
      ##"""
      OVERVIEW: List the registered players and their pad codes.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl players list [--config <path>] [--state-dir <dir>] [--json]

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --json                  Print JSON for scripts: {"players": [{"name",
                                "code"}]}.
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl players add",
      ##"""
      OVERVIEW: Register a player.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl players add [--config <path>] [--state-dir <dir>] <name> [--code <code>]

      ARGUMENTS:
        <name>                  The player's name (see 'simonctl players --help').

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --code <code>           The player's pad code, e.g. "green red red blue"
                                (default: a random free one).
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl players remove",
      ##"""
      OVERVIEW: Remove a registered player; their recorded games stay.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl players remove [--config <path>] [--state-dir <dir>] <name>

      ARGUMENTS:
        <name>                  The player's name, in any case.

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl players code",
      ##"""
      OVERVIEW: Show a player's pad code, or give them a new one.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl players code [--config <path>] [--state-dir <dir>] <name> [<code> ...]

      ARGUMENTS:
        <name>                  The player's name, in any case.
        <code>                  The new code: four pads, e.g. green red red blue, or
                                1224 (default: show the code).

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl players stats",
      ##"""
      OVERVIEW: Show how a player is getting on: games, best round and points,
      reaction times by week.

      NAME is a registered player or a name games were recorded under. The figures
      come from the games the score file keeps (the recent games and every table's
      top ten). A reaction time runs from the end of Simon's turn, or the player's
      previous press, to the press. Weeks begin on Monday, local time.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl players stats [--config <path>] [--state-dir <dir>] <name> [--json]

      ARGUMENTS:
        <name>                  The player's name, in any case.

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --json                  Print JSON for scripts: {"name", "registered",
                                "games", "progress": {"weeks": [{"week", "games",
                                "best_rounds", "best_points", "reaction"}],
                                "reaction"}}; a reaction is {"presses", "median_ms",
                                "best_ms"} or null.
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl players sign-in",
      ##"""
      OVERVIEW: Sign registered players in for the next games, in turn order.

      One name for the one-player modes; for coop and player-adds, up to the mode's
      number of players, in the order they take turns (empty seats play as "Player
      N"). Replaces whoever was signed in. Signing in ends when the cabinet falls
      idle, as a sign-in with pad codes at the cabinet does. Needs simond running.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl players sign-in [--config <path>] [--state-dir <dir>] [--control-socket <path>] <name> ...

      ARGUMENTS:
        <name>                  Registered players, in turn order.

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --control-socket <path> simond's control socket (default:
                                /run/simon-cabinet/control.sock, else
                                $XDG_RUNTIME_DIR/simond-control.sock, else
                                /tmp/simond-control-UID.sock).
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl players sign-out",
      ##"""
      OVERVIEW: Sign everyone out: the next games are played as "Player".

      Needs simond running.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl players sign-out [--config <path>] [--state-dir <dir>] [--control-socket <path>]

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --control-socket <path> simond's control socket (default:
                                /run/simon-cabinet/control.sock, else
                                $XDG_RUNTIME_DIR/simond-control.sock, else
                                /tmp/simond-control-UID.sock).
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl players team",
      ##"""
      OVERVIEW: Name the coop team of the next games.

      The name follows the rules of player names and is kept in the team's records.
      It is forgotten, with the players signed in, when the cabinet falls idle. Needs
      simond running.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl players team [--config <path>] [--state-dir <dir>] [--control-socket <path>] <name>

      ARGUMENTS:
        <name>                  The team's name.

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --control-socket <path> simond's control socket (default:
                                /run/simon-cabinet/control.sock, else
                                $XDG_RUNTIME_DIR/simond-control.sock, else
                                /tmp/simond-control-UID.sock).
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl name-latest",
      ##"""
      OVERVIEW: Give the latest games recorded as "Player" (or one ranked game) a
      name.

      Renames the latest games nobody was signed in for, in the recent games and the
      high-score tables; with --game, the one game of that number, which must be in
      its table's top ten and played without signing in. A registered player's name
      is written as it was registered; any other name must follow the name rules of
      'simonctl players'. Through simond when it runs on this state directory (every
      screen hears of it), else in scores.json.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl name-latest [--config <path>] [--state-dir <dir>] [--control-socket <path>] <name> [--count <n>] [--game <id>]

      ARGUMENTS:
        <name>                  The name to give the games.

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --control-socket <path> simond's control socket (default:
                                /run/simon-cabinet/control.sock, else
                                $XDG_RUNTIME_DIR/simond-control.sock, else
                                /tmp/simond-control-UID.sock).
        --count <n>             How many of the latest unnamed games to name.
                                (default: 1)
        --game <id>             Name this one ranked game instead (its number:
                                'simonctl scores --json').
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl settings",
      ##"""
      OVERVIEW: Show the cabinet's settings; change one with 'settings set'.

      Settings changed here or at the cabinet are kept in the state directory and
      override the configuration file's [audio], [game] and [haptics] values; they
      are marked "# changed", and the others follow the configuration. With simond
      running, the settings shown are those it plays and changes apply to the next
      game; otherwise they are read from and saved to the state directory for
      simond's next start. 'settings reset KEY' (or --all) lets a setting follow the
      configuration again.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl settings [--config <path>] [--state-dir <dir>] [--control-socket <path>] [--json] <subcommand>

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --control-socket <path> simond's control socket (default:
                                /run/simon-cabinet/control.sock, else
                                $XDG_RUNTIME_DIR/simond-control.sock, else
                                /tmp/simond-control-UID.sock).
        --json                  Print JSON for scripts: {"audio": {...}, "game":
                                {...}, "haptics": {...}}.
        --version               Show the version.
        -h, --help              Show help information.

      SUBCOMMANDS:
        set                     Change one setting; it persists across restarts.
        reset                   Let a setting (or every one) follow the configuration
                                again.

        See 'simonctl help settings <subcommand>' for detailed help.
      """##),
    HelpSnapshot(
      "simonctl settings set",
      ##"""
      OVERVIEW: Change one setting; it persists across restarts.

      Keys and values: enabled (or sound) true|false; volume 0-100; tones
      classic|solfege; mode classic|levels|coop|player-adds|directional; difficulty
      easy|medium|hard; players 1-5; skill_target 0|8|14|20|31; haptics true|false
      (the vibration motor). A key may carry its section: audio.volume, game.mode,
      haptics.enabled. directional needs a joystick in the configuration.

      With simond running on this state directory, the change goes through its
      control socket and the next game plays it; otherwise it is saved in
      settings.json for simond's next start. The second line of output says which.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl settings set [--config <path>] [--state-dir <dir>] [--control-socket <path>] <key> <value>

      ARGUMENTS:
        <key>                   The setting, as in the configuration file. (values:
                                enabled, volume, tones, mode, difficulty, players,
                                skill_target, haptics, sound)
        <value>                 Its new value.

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --control-socket <path> simond's control socket (default:
                                /run/simon-cabinet/control.sock, else
                                $XDG_RUNTIME_DIR/simond-control.sock, else
                                /tmp/simond-control-UID.sock).
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl settings reset",
      ##"""
      OVERVIEW: Let a setting (or every one) follow the configuration again.

      Forgets the value changed at the cabinet or with 'settings set': the
      configuration file's value (or the built-in default) applies again. Through
      simond when it runs on this state directory (the next game plays it), else in
      settings.json.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl settings reset [--config <path>] [--state-dir <dir>] [--control-socket <path>] [<key>] [--all]

      ARGUMENTS:
        <key>                   The setting, as in the configuration file. (values:
                                enabled, volume, tones, mode, difficulty, players,
                                skill_target, haptics, sound)

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --control-socket <path> simond's control socket (default:
                                /run/simon-cabinet/control.sock, else
                                $XDG_RUNTIME_DIR/simond-control.sock, else
                                /tmp/simond-control-UID.sock).
        --all                   Reset every setting.
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl test-hardware",
      ##"""
      OVERVIEW: Check the wiring: light each pad with its tone, then show every press
      and release.

      Lights each pad in turn while its tone plays, pulses the vibration motor three
      times where [haptics] wires one, then prints every press and release live with
      the line and the kernel's timestamp; a pressed pad lights while held. Ctrl-C
      stops it: LEDs off, lines released, exit 0. It cannot run while simond holds
      the lines: stop simond first. Exits 69 when the GPIO chip or a line is missing,
      busy or not permitted.

      USAGE: simonctl test-hardware [--config <path>] [--state-dir <dir>] [--light-ms <ms>] [--volume <percent>]

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --light-ms <ms>         How long each pad stays lit in the light check.
                                (default: 500)
        --volume <percent>      Tone volume in percent, 0-100. (default: 60)
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl tone",
      ##"""
      OVERVIEW: Play one tone: a pad's or any frequency (a sound check).

      Plays the tone the way the daemon does (48 kHz, a few ms of attack and release)
      and exits 0 once it has been played, or 69 when the device cannot be opened.

      USAGE: simonctl tone <pad|hz> [--config <path>] [--state-dir <dir>] [--device <pcm>] [--ms <n>] [--volume <n>] [--tones <tones>]

      ARGUMENTS:
        <pad|hz>                A pad (green, red, yellow, blue) or a frequency in Hz
                                (20-20000).

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --device <pcm>          The ALSA PCM to play on (default: the configuration's
                                audio.device, else "default").
        --ms <n>                How long the tone sounds, in milliseconds (1-10000).
                                (default: 500)
        --volume <n>            Loudness in percent (0-100). (default: 60)
        --tones <tones>         Which frequencies the pads sound at. (values:
                                classic, solfege; default: classic)
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl config",
      ##"""
      OVERVIEW: Check simond's configuration file.

      USAGE: simonctl config <subcommand>

      OPTIONS:
        --version               Show the version.
        -h, --help              Show help information.

      SUBCOMMANDS:
        check                   Validate a configuration file as simond would, and
                                show what it sets.

        See 'simonctl help config <subcommand>' for detailed help.
      """##),
    HelpSnapshot(
      "simonctl config check",
      ##"""
      OVERVIEW: Validate a configuration file as simond would, and show what it sets.

      Lists every problem with its key and line and exits 78 (as simond would refuse
      to start), or prints the wiring, sound and game settings the file gives and
      exits 0. The hardware itself is not touched: `simonctl test-hardware` checks
      the wiring.

      USAGE: simonctl config check [<path>] [--config <path>] [--state-dir <dir>]

      ARGUMENTS:
        <path>                  The file to check (default: --config, else
                                /etc/simon-cabinet/simond.toml).

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl play",
      ##"""
      OVERVIEW: Play Simon in this terminal, on a simulated cabinet.

      Without --sim-socket, starts its own simond (--hardware sim --audio none, with
      this command's --config and --state-dir), found beside simonctl or on PATH, and
      stops it on the way out. With --sim-socket, joins a running 'simond --hardware
      sim'; everyone on that socket plays the same cabinet.

      The screen follows simond's control socket: mode, difficulty, level, who is
      signed in, whose turn it is, the countdown, wins, game overs with their rank,
      the settings menu and a pad code being entered. With --sim-socket it is looked
      for where simonctl status looks (the first that serves a sim cabinet), or named
      with --control-socket; without one the screen shows the lamps and the state
      only.

      Keys: 1 2 3 4 press green, red, yellow, blue. The arrow keys press the pads
      too, as the joystick answers for them (up green, right red, left yellow, down
      blue); with --arrows joystick, or after j, they press the joystick's directions
      instead, for directional mode. s start, l last, L longest. m then a pad opens
      the settings menu of that pad (1 mode, 2 difficulty, 3 players, 4 sound) by
      holding it 2 s, as at the cabinet; i holds two pads together to sign in with a
      pad code; both only at idle. t shows the top ten of the mode and difficulty in
      force (read from the state directory simond names), Esc closes it. q or Ctrl-C
      quit. A terminal has no key-up: a key holds its input for 150 ms, or until the
      next key.

      After a game that makes its table's top ten without a signed-in player, type a
      name for it: Backspace erases, Enter names the game (through simond, with the
      name rules of 'simonctl players'), Esc or 30 s without a key leaves it as it
      is.

      The status line reads the configuration (--config) for a start button: where
      one is wired, only s starts a game from idle.

      Set NO_COLOR to draw without colours. Exit codes: 0 quit; 64 standard input or
      output is not a terminal; 69 simond cannot be reached, went away, or did not
      start; 78 the configuration is bad.

      USAGE: simonctl play [--config <path>] [--state-dir <dir>] [--sim-socket <path>] [--control-socket <path>] [--arrows <keys>]

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --sim-socket <path>     The socket of a running 'simond --hardware sim'
                                (default: start a simond of its own).
        --control-socket <path> simond's control socket, which the screen follows
                                (default: its own simond's; with --sim-socket, the
                                first of simonctl status's places that serves a sim
                                cabinet).
        --arrows <keys>         What the arrow keys press: the pads, or the
                                joystick's directions (j switches). (values: pads,
                                joystick; default: pads)
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl status",
      ##"""
      OVERVIEW: Show what simond is doing: state, mode, who plays, lit pads.

      Connects to simond's control socket, whatever its hardware, reads its hello and
      snapshot, prints them and leaves; it changes nothing. The control socket is
      looked for at /run/simon-cabinet/control.sock (the service), then
      $XDG_RUNTIME_DIR/simond-control.sock, else /tmp/simond-control-UID.sock;
      --control-socket names another. With --sim-socket it reads a simulated
      cabinet's socket instead (state, round, points, lit pads only).

      Exit codes: 0 done; 69 simond cannot be reached or sent nothing within 2 s; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl status [--control-socket <path>] [--sim-socket <path>] [--json]

      OPTIONS:
        --control-socket <path> simond's control socket (default:
                                /run/simon-cabinet/control.sock, else
                                $XDG_RUNTIME_DIR/simond-control.sock, else
                                /tmp/simond-control-UID.sock).
        --sim-socket <path>     The socket of a running 'simond --hardware sim'.
        --json                  Print one JSON object, for scripts.
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl match",
      ##"""
      OVERVIEW: Challenge another cabinet of the venue, or list this cabinet's
      matches.

      A match is two cabinets playing the same sequence at the same instant; the last
      one standing wins (docs/playing.md, "A match"). The venue bridge (simon-venue)
      carries it between the cabinets over the venue's broker.

      USAGE: simonctl match <subcommand>

      OPTIONS:
        --version               Show the version.
        -h, --help              Show help information.

      SUBCOMMANDS:
        challenge               Challenge another cabinet of the venue to a match,
                                and wait for its answer.
        list                    List the matches this cabinet played, newest first.

        See 'simonctl help match <subcommand>' for detailed help.
      """##),
    HelpSnapshot(
      "simonctl match challenge",
      ##"""
      OVERVIEW: Challenge another cabinet of the venue to a match, and wait for its
      answer.

      The pads here chase round while the other cabinet shows the challenge; a player
      there accepts it with a press within 30 s. Both games then start at the same
      instant. Needs simond running here, a cabinet between games, and the venue
      bridge running on both cabinets. Exits 0 when the match started, 1 when it was
      declined or lapsed.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl match challenge [--config <path>] [--state-dir <dir>] [--control-socket <path>] <cabinet> [--no-wait]

      ARGUMENTS:
        <cabinet>               The other cabinet's id in the venue.

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --control-socket <path> simond's control socket (default:
                                /run/simon-cabinet/control.sock, else
                                $XDG_RUNTIME_DIR/simond-control.sock, else
                                /tmp/simond-control-UID.sock).
        --no-wait               Do not wait for the answer: print the match's id and
                                return.
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl match list",
      ##"""
      OVERVIEW: List the matches this cabinet played, newest first.

      Read from matches.json in the state directory: each match's game here, the
      rival and the outcome ("?" while it is not known: the rival is still playing or
      was lost from sight). With --venue: every match of the venue, both sides, as
      the venue bridge (simon-venue) merged them.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl match list [--config <path>] [--state-dir <dir>] [--count <n>] [--venue] [--venue-dir <dir>]

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --count <n>             How many matches to list. (default: 20)
        --venue                 The venue's instead of this cabinet's: every
                                cabinet's games, as the venue bridge merged them.
        --venue-dir <dir>       The venue bridge's state directory, for --venue.
                                Default: /var/lib/simon-venue.
        --version               Show the version.
        -h, --help              Show help information.

      """##),
    HelpSnapshot(
      "simonctl daily",
      ##"""
      OVERVIEW: Show the table of the day's challenge: today's, or another date's.

      The day's challenge is one sequence for every cabinet of the venue each day,
      played from the menu's challenge page (docs/playing.md, "The day's challenge").
      Each date has its own table, best first: more points, then more rounds, then
      the earlier game. The last 31 dates are kept. Read from daily.json in the state
      directory; with --venue, every cabinet's games as the venue bridge
      (simon-venue) merged them, with the cabinet of each game.

      Exit codes: 0 done; 1 nothing to do or declined (no such player, no game to
      name, reset not confirmed); 64 bad command line; 65 a value breaks a rule
      (name, pad code, setting), or a state file is from a newer version; 66 the
      state directory named does not exist; 69 simond is not running where it must
      be; 73 the state directory cannot be created; 74 a state file cannot be read or
      written; 75 the state is locked by another simond or simonctl, try again; 77
      simond runs but this user may not use its control socket (join the group simon).

      USAGE: simonctl daily [--config <path>] [--state-dir <dir>] [--date <date>] [--dates] [--venue] [--venue-dir <dir>]

      OPTIONS:
        --config <path>         The simond configuration file.
        --state-dir <dir>       Where scores, players and settings live (default:
                                $STATE_DIRECTORY, else the configuration's, else the
                                running simond's, else /var/lib/simon-cabinet).
        --date <date>           The date to show, YYYY-MM-DD. Default: today, by this
                                machine's clock and time zone.
        --dates                 List the dates that have a table, newest first,
                                instead of a table.
        --venue                 The venue's instead of this cabinet's: every
                                cabinet's games, as the venue bridge merged them.
        --venue-dir <dir>       The venue bridge's state directory, for --venue.
                                Default: /var/lib/simon-venue.
        --version               Show the version.
        -h, --help              Show help information.

      """##),
  ]

  /// `simond`.
  static let simond = HelpSnapshot(
    "simond",
    ##"""
    OVERVIEW: Run the Simon memory game on the cabinet's buttons, lights and
    speaker.

    simond runs as a systemd service (Type=notify): READY=1 once the hardware is
    up, STATUS= with what the game is doing, WATCHDOG=1 when WatchdogSec= is set.
    SIGTERM records the running game, turns the lights off and exits 0; SIGHUP
    rereads the configuration and the settings.

    Whatever the hardware, simond serves a control socket (mode 0660, its group): a
    line protocol that reports everything the cabinet does and takes requests
    (sign-in, settings, names); simonctl and the cabinet screen use it. simond has
    no network access of its own.

    Exit codes: 0 stopped cleanly, 64 bad command line, 69 hardware missing or
    busy, 70 internal error, 73 state directory unusable, 78 bad configuration.

    USAGE: simond [--config <path>] [--state-dir <dir>] [--hardware <gpio|sim|mock>] [--audio <alsa|none>] [--sim-socket <path>] [--control-socket <path>] [--log-level <level>]

    OPTIONS:
      --config <path>         The configuration file (TOML; default:
                              /etc/simon-cabinet/simond.toml). Without one there
                              the built-in defaults serve: the recommended wiring
                              of wiring/README.md.
      --state-dir <dir>       Where scores, players and settings live. Default:
                              $STATE_DIRECTORY, else the configuration's state_dir,
                              else /var/lib/simon-cabinet.
      --hardware <gpio|sim|mock>
                              The cabinet: gpio (real buttons and lamps through
                              libgpiod), sim (a simulated cabinet on a Unix socket,
                              for playing and testing without hardware), mock (no
                              inputs; outputs only logged). (values: gpio, sim,
                              mock; default: gpio)
      --audio <alsa|none>     Sound: alsa (the configuration's audio.device) or
                              none (silent; the lights still work). (values: alsa,
                              none; default: alsa)
      --sim-socket <path>     The simulated cabinet's socket (with --hardware sim).
                              Default: $RUNTIME_DIRECTORY/sim.sock, else
                              $XDG_RUNTIME_DIR/simond.sock, else
                              /tmp/simond-UID.sock.
      --control-socket <path> The control socket. Default:
                              $RUNTIME_DIRECTORY/control.sock (systemd:
                              /run/simon-cabinet/control.sock), else
                              $XDG_RUNTIME_DIR/simond-control.sock, else
                              /tmp/simond-control-UID.sock.
      --log-level <level>     The lowest level logged: trace, debug, info, notice,
                              warning, error or critical. (values: trace, debug,
                              info, notice, warning, error, critical; default: info)
      --version               Show the version.
      -h, --help              Show help information.

    """##)
}
