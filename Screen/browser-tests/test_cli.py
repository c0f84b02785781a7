"""simon-web's command line: bad values are refused with what and where, exit 64; a
port already taken is exit 69 with the address."""

import os
import socket
import subprocess


def run(*arguments):
    return subprocess.run([os.environ["SIMON_WEB"], *arguments], capture_output=True,
                          text=True, timeout=30)


def test_a_bad_listen_address_says_what_is_expected():
    done = run("--listen", "8080", "--assets", os.environ["SCREEN_ASSETS"])
    assert done.returncode == 64
    assert "--listen" in done.stderr and "expected ADDRESS:PORT" in done.stderr


def test_missing_assets_are_named():
    done = run("--assets", "/nonexistent/screen")
    assert done.returncode == 64
    assert "/nonexistent/screen is not a directory" in done.stderr


def test_a_bad_log_level_lists_the_levels():
    done = run("--log-level", "loud", "--assets", os.environ["SCREEN_ASSETS"])
    assert done.returncode == 64
    assert "trace, debug, info" in done.stderr


def test_a_port_in_use_is_exit_69_naming_it():
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        done = run("--listen", f"127.0.0.1:{port}", "--assets", os.environ["SCREEN_ASSETS"],
                   "--control-socket", "/nonexistent/control.sock")
        assert done.returncode == 69, done.stderr
        assert f"127.0.0.1:{port}" in done.stderr
    finally:
        taken.close()


def test_help_says_what_it_serves():
    done = run("--help")
    assert done.returncode == 0
    for words in ("/api/tables", "/api/venue", "--venue-dir", "--listen", "--allow-host",
                  "read-only", "Exit codes"):
        assert words in done.stdout
