"""The real programs for the browser tests: simond with the simulated cabinet, simon-web,
simonctl, the venue bridge with Debian's Mosquitto, and a client of each socket. Paths
come from the environment that scripts/test-screen sets (SIMOND, SIMONCTL, SIMON_WEB,
SIMON_VENUE, SCREEN_ASSETS)."""

import json
import os
import re
import signal
import socket
import subprocess
import threading
import time


def end(process, timeout=20):
    """Stops a program with SIGTERM and waits for it; one still there after `timeout`
    seconds is killed, then the test fails saying so (nothing is left running)."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise AssertionError(f"{process.args[0]} did not stop within {timeout} s of SIGTERM")


def wait_for(condition, timeout=10.0, what="a condition"):
    """Polls `condition` until it returns something true, or fails saying what."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.02)


class LineSocket:
    """A Unix socket read line by line on a thread of its own; every JSON line kept."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.lines = []
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        buffer = b""
        while True:
            try:
                data = self.sock.recv(65536)
            except OSError:
                return
            if not data:
                return
            buffer += data
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                with self.lock:
                    self.lines.append(message)

    def send(self, message):
        self.sock.sendall((json.dumps(message) + "\n").encode())

    def messages(self):
        with self.lock:
            return list(self.lines)

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


class Cabinet:
    """simond (--hardware sim) and simon-web in a scratch directory of their own."""

    def __init__(self, directory, attract_after_s=600):
        self.directory = directory
        self.state_dir = os.path.join(directory, "state")
        self.sim_socket = os.path.join(directory, "sim.sock")
        self.control_socket = os.path.join(directory, "control.sock")
        # The venue bridge's state directory: none there unless a test starts a Venue.
        self.venue_dir = os.path.join(directory, "venue")
        self.config = os.path.join(directory, "simond.toml")
        with open(self.config, "w") as f:
            f.write(f"[attract]\nafter_s = {attract_after_s}\n")
        self.simond = None
        self.web = None
        self.url = None
        self.sim = None
        self.control = None

    def start_simond(self):
        log = open(os.path.join(self.directory, "simond.log"), "ab")
        self.simond = subprocess.Popen(
            [os.environ["SIMOND"], "--hardware", "sim", "--audio", "none", "--config", self.config,
             "--state-dir", self.state_dir, "--sim-socket", self.sim_socket,
             "--control-socket", self.control_socket],
            stdout=log, stderr=subprocess.STDOUT)
        wait_for(lambda: os.path.exists(self.sim_socket) and os.path.exists(self.control_socket),
                 what="simond's sockets")
        self.sim = LineSocket(self.sim_socket)
        self.control = LineSocket(self.control_socket)
        wait_for(lambda: any("snapshot" in m for m in self.control.messages()),
                 what="the control socket's snapshot")

    def stop_simond(self):
        for client in (self.sim, self.control):
            if client:
                client.close()
        self.sim = self.control = None
        if self.simond:
            simond, self.simond = self.simond, None
            end(simond)

    def start_web(self):
        self.web_log = os.path.join(self.directory, "simon-web.log")
        log = open(self.web_log, "ab")
        self.web = subprocess.Popen(
            [os.environ["SIMON_WEB"], "--listen", "127.0.0.1:0", "--assets",
             os.environ["SCREEN_ASSETS"], "--control-socket", self.control_socket,
             "--venue-dir", self.venue_dir, "--log-level", "debug"],
            stdout=log, stderr=subprocess.STDOUT)

        def url():
            with open(self.web_log) as f:
                found = re.search(r"url=(http://127\.0\.0\.1:\d+/)", f.read())
            return found.group(1) if found else None

        self.url = wait_for(url, what="simon-web to listen").rstrip("/")

    def stop(self):
        try:
            if self.web:
                web, self.web = self.web, None
                end(web)
        finally:
            self.stop_simond()

    # The simulated cabinet's pads.
    def press(self, pad, hold=0.08, gap=0.05):
        """Presses and releases a pad as a quick player would: a press again within the
        debounce time after a release would be taken for a bounce, so `gap` follows."""
        self.sim.send({"press": pad})
        time.sleep(hold)
        self.sim.send({"release": pad})
        time.sleep(gap)

    def state(self):
        """The last state the control socket sent."""
        view = None
        for message in self.control.messages():
            if "snapshot" in message:
                view = message["snapshot"]["state"]
            elif "state" in message:
                view = message["state"]
        return view

    def lamps(self):
        """Each pad's lamp, by the control socket."""
        lit = {}
        for message in self.control.messages():
            if "snapshot" in message:
                lit = dict(message["snapshot"]["leds"])
            elif "led" in message:
                lit[message["led"]] = message["on"]
        return lit

    def wait_phase(self, phase, timeout=15):
        return wait_for(lambda: (self.state() or {}).get("phase") == phase, timeout,
                        f"phase {phase} (now {(self.state() or {}).get('phase')})")

    def sequence_shown(self, since):
        """The pads Simon lit since control message number `since`, in order."""
        shown = []
        for message in self.control.messages()[since:]:
            if "led" in message and message["on"]:
                shown.append(message["led"])
        return shown

    def simonctl(self, *arguments):
        done = subprocess.run([os.environ["SIMONCTL"], *arguments, "--state-dir", self.state_dir],
                              capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        return done.stdout


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Venue:
    """Debian's Mosquitto on a loopback port of its own and the real simon-venue bridge of
    `cabinet` (id "cab-1", venue "test-venue"), its state in the cabinet's venue_dir;
    other cabinets' bridges `join` it."""

    def __init__(self, cabinet):
        self.cabinet = cabinet
        self.port = free_port()
        directory = cabinet.directory
        broker_config = os.path.join(directory, "mosquitto.conf")
        with open(broker_config, "w") as f:
            f.write(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
        self.broker = subprocess.Popen(
            ["/usr/sbin/mosquitto", "-c", broker_config],
            stdout=open(os.path.join(directory, "mosquitto.log"), "ab"), stderr=subprocess.STDOUT)
        wait_for(lambda: self._listening(), what="mosquitto to listen")
        self.bridges = []
        self.log = self.join(cabinet, "cab-1")

    def join(self, cabinet, cabinet_id):
        """Starts the real simon-venue bridge of `cabinet` as `cabinet_id` on this broker,
        its state in the cabinet's venue_dir; returns its log's path."""
        bridge_config = os.path.join(cabinet.directory, "venue.toml")
        with open(bridge_config, "w") as f:
            f.write(f'venue = "test-venue"\ncabinet = "{cabinet_id}"\n'
                    f'control_socket = "{cabinet.control_socket}"\n'
                    f'state_dir = "{cabinet.venue_dir}"\n\n'
                    f'[broker]\nhost = "127.0.0.1"\nport = {self.port}\nreconnect_max_s = 2\n')
        log = os.path.join(cabinet.directory, "simon-venue.log")
        self.bridges.append(subprocess.Popen(
            [os.environ["SIMON_VENUE"], "--config", bridge_config],
            stdout=open(log, "ab"), stderr=subprocess.STDOUT))
        wait_for(lambda: "connected to the broker" in open(log).read()
                 and "following simond" in open(log).read(), 15,
                 f"the bridge of {cabinet_id} to reach the broker and simond")
        return log

    def _listening(self):
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
            return True
        except OSError:
            return False

    def publish(self, cabinet, sequence, game):
        """Publishes another cabinet's record as its bridge would: retained, QoS 1."""
        self._publish_retained(
            f"simon/test-venue/{cabinet}/record/{sequence}",
            {"cabinet": cabinet, "sequence": sequence, "game": game})

    def publish_daily(self, cabinet, date, games):
        """Publishes another cabinet's table of the day as its bridge would: retained."""
        self._publish_retained(
            f"simon/test-venue/{cabinet}/daily/{date}",
            {"cabinet": cabinet, "date": date, "games": games})

    def _publish_retained(self, topic, message):
        subprocess.run(
            ["/usr/bin/mosquitto_pub", "-h", "127.0.0.1", "-p", str(self.port), "-q", "1", "-r",
             "-t", topic, "-m", json.dumps(message)],
            check=True, timeout=10)

    def stop(self):
        try:
            for bridge in self.bridges:
                end(bridge)
        finally:
            end(self.broker)
