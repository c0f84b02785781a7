/*
 * hil-driver: the player of the hardware-in-the-loop test, run inside the test VM.
 *
 * It presses the cabinet's buttons through gpio-sim's `pull` attributes (the buttons
 * are active low: pull-down is a press), watches the LEDs through the `value`
 * attributes, and listens to what simond plays through the capture side of the
 * loopback card. The lines are those of the recommended wiring
 * (Sources/SimonGPIO/GPIOWiring+Recommended.swift) on a chip whose line N is GPIO N.
 *
 *   hil-driver game SIMDIR [options]      play a game from what the LEDs show
 *       --rounds N          rounds to repeat correctly before the ending (3)
 *       --end mistake|timeout|sigterm     how the game ends (mistake)
 *       --pid PID --chip DEV              sigterm: the daemon, and its chip device
 *       --chatter MS        every press and release bounces (9 edges back to back);
 *                           MS is simond's debounce window, which a burst must fit in
 *       --capture PCM       record the loopback and check every tone against the LEDs
 *       --start PAD         the pad pressed at idle to start (green)
 *       --started           the countdown is already under way: do not press to start
 *       --schedule FILE     write the tones the game played into FILE, one a line
 *                           "START_MS STOP_MS HZ" from the first (their LEDs' times:
 *                           simond starts and stops each tone with its LEDs), for
 *                           hil-player --schedule to play the same tones
 *   hil-driver bench SIMDIR OUT COUNT     press-to-LED latency samples (ns) into OUT
 *   hil-driver table LABEL=FILE...        p50/p99 of sample files; pairs "simond, X"
 *                                         with "floor, X" and prints their ratios, the
 *                                         p99 ratio with its 95 % interval (bootstrap)
 *   hil-driver pause SIMDIR PCM COUNT PAUSE_MS FOLLOW
 *                                         a free-play simond's tones: COUNT times the
 *                                         first after PAUSE_MS of quiet and FOLLOW more
 *                                         100 ms apart, LED to first sound on PCM
 *   hil-driver listen PCM COMMAND...      records PCM while COMMAND plays, counts the
 *                                         40 ms blocks garbled, as the game does
 *   hil-driver hog CPU                    a busy loop pinned to CPU, until killed
 *   hil-driver watch SIMDIR MS            watches the LEDs for MS as `game` does while
 *                                         Simon plays (a look every ms): the load a
 *                                         game puts beside simond, for the C player
 *   hil-driver probe SIMDIR               what the emulated machine costs
 *   hil-driver haptics SIMDIR OFFSET      the vibration motor on line OFFSET: a tap's
 *                                         click, and the buzz of the game it starts
 *                                         when nobody answers, with their lengths
 *
 * `game` prints what it saw on lines starting "game:", its last line
 * "game: ok ..." or "game: FAIL ...", and exits 0 only when every check held; 3 when
 * a check failed while the emulator had visibly stood still (see `fail`). `pause` and
 * `listen` do the same on lines starting "pause:" and "listen:".
 */
#define _GNU_SOURCE
#include <alsa/asoundlib.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { GREEN, RED, YELLOW, BLUE, NPADS };
#define ALL_PADS 0xFu
static const char *pad_names[NPADS] = { "green", "red", "yellow", "blue" };
/* The recommended wiring: buttons GPIO17/27/5/6, LEDs GPIO23/24/25/16. */
static const int button_offset[NPADS] = { 17, 27, 5, 6 };
static const int led_offset[NPADS] = { 23, 24, 25, 16 };
/* docs/design.md section 1: the classic tones; the countdown tick; the razz. */
static const double pad_hz[NPADS] = { 415, 310, 252, 209 };
#define TICK_HZ 1000.0
#define RAZZ_HZ 42.0

#define MS 1000000LL
#define SETTLE_NS (3 * MS) /* LEDs unchanged this long count as settled */
#define POLL_NAP_NS 1000000 /* between two looks at the LEDs (a wake-up costs ~0.1 ms of
                              emulated CPU) */
#define RATE 48000          /* simond plays S16_LE mono at 48 kHz; the loopback's
                               two sides must agree */

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void nap_ns(int64_t ns)
{
	if (ns <= 0)
		return;
	struct timespec ts = { .tv_sec = ns / 1000000000LL, .tv_nsec = ns % 1000000000LL };
	while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts) == EINTR) {
	}
}

static double ms_of(int64_t ns)
{
	return (double)ns / 1e6;
}

static int pad_named(const char *name)
{
	for (int pad = 0; pad < NPADS; pad++)
		if (strcmp(name, pad_names[pad]) == 0)
			return pad;
	fprintf(stderr, "hil-driver: no pad named '%s'\n", name);
	exit(2);
}

/* ---- The simulated chip ---- */

static int pull_fd[NPADS];
static int value_fd[NPADS];

static int open_attribute(const char *dir, int offset, const char *name, int flags)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/sim_gpio%d/%s", dir, offset, name);
	int fd = open(path, flags | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "hil-driver: cannot open %s: %s\n", path, strerror(errno));
		exit(2);
	}
	return fd;
}

static void open_sim(const char *dir)
{
	for (int pad = 0; pad < NPADS; pad++) {
		pull_fd[pad] = open_attribute(dir, button_offset[pad], "pull", O_WRONLY);
		value_fd[pad] = open_attribute(dir, led_offset[pad], "value", O_RDONLY);
	}
}

/* Drives a button: pull-down presses it, pull-up lets it go. Returns the time just
 * before the write. */
static int64_t set_button(int pad, bool pressed)
{
	const char *text = pressed ? "pull-down" : "pull-up";
	int64_t t = now_ns();
	if (pwrite(pull_fd[pad], text, strlen(text), 0) < 0) {
		fprintf(stderr, "hil-driver: cannot write the %s button: %s\n", pad_names[pad],
			strerror(errno));
		exit(2);
	}
	return t;
}

static bool led_lit(int pad)
{
	char c = '0';
	if (pread(value_fd[pad], &c, 1, 0) != 1) {
		fprintf(stderr, "hil-driver: cannot read the %s LED: %s\n", pad_names[pad],
			strerror(errno));
		exit(2);
	}
	return c == '1';
}

static unsigned read_leds(void)
{
	unsigned mask = 0;
	for (int pad = 0; pad < NPADS; pad++)
		if (led_lit(pad))
			mask |= 1u << pad;
	return mask;
}

static const char *mask_text(unsigned mask)
{
	static char text[4][48];
	static int next;
	char *out = text[next++ % 4];
	out[0] = 0;
	if (mask == 0)
		return "dark";
	for (int pad = 0; pad < NPADS; pad++) {
		if (mask & (1u << pad)) {
			if (out[0])
				strcat(out, "+");
			strcat(out, pad_names[pad]);
		}
	}
	return out;
}

static int single_pad(unsigned mask)
{
	for (int pad = 0; pad < NPADS; pad++)
		if (mask == 1u << pad)
			return pad;
	return -1;
}

/* Set when the emulator visibly paused the driver, or starved simond, where it
 * matters. */
static bool paused;

/* How long the LEDs went unwatched: the emulated machine keeps the driver waiting
 * now and then. */
static struct {
	int over_10ms;
	int64_t longest;
} blind;

/* The last settled LED states, printed when a check fails. */
#define TRACE 32
static struct {
	unsigned mask;
	int64_t at;
} trace[TRACE];
static int traced;

/* Waits until the LEDs settle on something other than `from`; returns it, with the
 * time the first change was seen in *at, or -1 at the deadline. */
static int next_leds(unsigned from, int64_t deadline, int64_t *at)
{
	unsigned current = from;
	int64_t first = 0, since = 0, looked = 0;
	for (;;) {
		unsigned mask = read_leds();
		int64_t t = now_ns();
		if (looked && t - looked > blind.longest)
			blind.longest = t - looked;
		if (looked && t - looked > 10 * MS)
			blind.over_10ms++;
		looked = t;
		if (mask != current) {
			if (mask == from)
				first = 0;
			else if (!first)
				first = t;
			current = mask;
			since = t;
		} else if (current != from && t - since >= SETTLE_NS) {
			*at = first;
			trace[traced % TRACE].mask = current;
			trace[traced % TRACE].at = first;
			traced++;
			return (int)current;
		}
		if (t > deadline)
			return -1;
		nap_ns(POLL_NAP_NS);
	}
}

/* ---- Capture ---- */

struct capture {
	snd_pcm_t *pcm;
	pthread_t thread;
	int16_t *samples;
	size_t capacity, count;
	int64_t origin; /* CLOCK_MONOTONIC of sample 0 */
	int overruns;
	volatile bool stop;
	bool running;
};

static struct capture cap;

static void *capture_loop(void *unused)
{
	(void)unused;
	const snd_pcm_uframes_t chunk = 1024;
	while (!cap.stop) {
		if (cap.count + chunk > cap.capacity)
			break;
		snd_pcm_sframes_t got = snd_pcm_readi(cap.pcm, cap.samples + cap.count, chunk);
		int64_t t = now_ns();
		if (got < 0) {
			cap.overruns++;
			snd_pcm_recover(cap.pcm, (int)got, 1);
			continue;
		}
		cap.count += (size_t)got;
		/* The sample just read was captured no later than now: the earliest such
		 * bound over all reads is the best estimate of when sample 0 was. */
		int64_t origin = t - (int64_t)cap.count * 1000000000LL / RATE;
		if (origin < cap.origin)
			cap.origin = origin;
	}
	return NULL;
}

static const char *start_capture(const char *name, int seconds)
{
	static char error[256];
	snd_pcm_hw_params_t *hw;
	int err;
	if ((err = snd_pcm_open(&cap.pcm, name, SND_PCM_STREAM_CAPTURE, 0)) < 0)
		goto fail;
	snd_pcm_hw_params_alloca(&hw);
	snd_pcm_uframes_t period = 1024, buffer = RATE / 2;
	if ((err = snd_pcm_hw_params_any(cap.pcm, hw)) < 0 ||
	    (err = snd_pcm_hw_params_set_access(cap.pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED)) < 0 ||
	    (err = snd_pcm_hw_params_set_format(cap.pcm, hw, SND_PCM_FORMAT_S16_LE)) < 0 ||
	    (err = snd_pcm_hw_params_set_channels(cap.pcm, hw, 1)) < 0 ||
	    (err = snd_pcm_hw_params_set_rate(cap.pcm, hw, RATE, 0)) < 0 ||
	    (err = snd_pcm_hw_params_set_period_size_near(cap.pcm, hw, &period, NULL)) < 0 ||
	    (err = snd_pcm_hw_params_set_buffer_size_near(cap.pcm, hw, &buffer)) < 0 ||
	    (err = snd_pcm_hw_params(cap.pcm, hw)) < 0)
		goto fail;
	cap.capacity = (size_t)RATE * (size_t)seconds;
	cap.samples = calloc(cap.capacity, sizeof(int16_t));
	cap.origin = INT64_MAX;
	if ((err = snd_pcm_start(cap.pcm)) < 0)
		goto fail;
	if (pthread_create(&cap.thread, NULL, capture_loop, NULL) != 0) {
		snprintf(error, sizeof(error), "cannot start the capture thread");
		return error;
	}
	cap.running = true;
	return NULL;
fail:
	snprintf(error, sizeof(error), "cannot record from %s: %s", name, snd_strerror(err));
	return error;
}

static void stop_capture(void)
{
	if (!cap.running)
		return;
	cap.stop = true;
	pthread_join(cap.thread, NULL);
	snd_pcm_close(cap.pcm);
	cap.running = false;
}

static int64_t sample_time(size_t index)
{
	return cap.origin + (int64_t)index * 1000000000LL / RATE;
}

static size_t sample_at(int64_t t)
{
	if (t <= cap.origin)
		return 0;
	size_t index = (size_t)((t - cap.origin) * RATE / 1000000000LL);
	return index > cap.count ? cap.count : index;
}

/* ---- What the game showed, and what should have sounded with it ---- */

enum sound { SOUND_PAD, SOUND_TICK, SOUND_RAZZ };

struct expectation {
	enum sound sound;
	int64_t at;    /* when its LEDs lit */
	int64_t until; /* when they went dark (or the next thing lit) */
	double hz;
	bool follows; /* sounds straight after the one before, with no quiet between */
	char what[40];
};

#define MAX_EXPECT 512
static struct expectation expected[MAX_EXPECT];
static int expected_count;
static struct expectation spare;

static struct expectation *expect_sound(enum sound sound, int64_t at, double hz, const char *fmt,
					...)
{
	if (expected_count == MAX_EXPECT)
		return &spare;
	struct expectation *e = &expected[expected_count++];
	*e = (struct expectation){ .sound = sound, .at = at, .until = at, .hz = hz };
	va_list args;
	va_start(args, fmt);
	vsnprintf(e->what, sizeof(e->what), fmt, args);
	va_end(args);
	return e;
}

/* Sounds that may be heard but need not be: the wrong pad's own tone, from its press
 * until the razz replaces it (a few ms on a real machine; under emulation the razz can
 * come late enough for a steady block of it). */
#define MAX_ALLOWED 8
static struct {
	int64_t from, until;
	double hz;
} allowed[MAX_ALLOWED];
static int allowed_count;

static void allow_sound(int64_t from, int64_t until, double hz)
{
	if (allowed_count < MAX_ALLOWED)
		allowed[allowed_count++] = (typeof(allowed[0])){ .from = from, .until = until, .hz = hz };
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The value at a fraction of sorted values (nearest rank); sorts them. */
static double percentile(double *values, int count, double p)
{
	if (count == 0)
		return 0;
	qsort(values, (size_t)count, sizeof(double), compare_doubles);
	int index = (int)ceil(p * count) - 1;
	return values[index < 0 ? 0 : index];
}

/* How far a signal must swing below zero before its next rise counts as a crossing:
 * silence and the edges of a gap then add none. */
static int hysteresis = 100;

/* The frequency in a stretch of samples: the median period between rising zero
 * crossings (interpolated), which a gap or two cannot move; 0 when too short. When
 * `clean` is given, it tells whether the stretch is one steady tone: nine periods in
 * ten within 1 % of the median (an underrun's gap, or a stale buffer played again,
 * breaks that). */
static double frequency_of(size_t from, size_t to, bool *clean)
{
	static double periods[RATE * 4], sorted[RATE * 4];
	size_t n = 0;
	double last = -1;
	bool armed = false;
	for (size_t i = from + 1; i < to && n < sizeof(periods) / sizeof(periods[0]); i++) {
		int a = cap.samples[i - 1], b = cap.samples[i];
		if (a < -hysteresis)
			armed = true;
		if (armed && a < 0 && b >= 0) {
			double crossing = (double)(i - 1) + (double)(-a) / (double)(b - a);
			if (last >= 0)
				periods[n++] = crossing - last;
			last = crossing;
			armed = false;
		}
	}
	if (clean)
		*clean = false;
	if (n < 3)
		return 0;
	memcpy(sorted, periods, n * sizeof(double));
	qsort(sorted, n, sizeof(double), compare_doubles);
	double median = sorted[n / 2];
	if (clean) {
		size_t steady = 0;
		for (size_t i = 0; i < n; i++)
			if (fabs(periods[i] - median) <= median / 100)
				steady++;
		*clean = steady * 10 >= n * 9;
	}
	return RATE / median;
}

static double frequency(size_t from, size_t to)
{
	return frequency_of(from, to, NULL);
}

static int peak_of(size_t from, size_t to)
{
	int peak = 0;
	for (size_t i = from; i < to && i < cap.count; i++)
		if (abs(cap.samples[i]) > peak)
			peak = abs(cap.samples[i]);
	return peak;
}

/* Whether a tone sounds all through a block: loud in each of its quarters. */
static bool sounding(size_t from, size_t to, int threshold)
{
	size_t quarter = (to - from) / 4;
	for (int q = 0; q < 4; q++)
		if (peak_of(from + q * quarter, from + (q + 1) * quarter) <= threshold)
			return false;
	return true;
}

/* Prints a stretch of the capture coarsely: peaks per millisecond and crossings. */
static void dump(size_t from, size_t to)
{
	printf("game: dump: peaks per ms:");
	for (size_t i = from; i < to; i += RATE / 1000)
		printf(" %d", peak_of(i, i + RATE / 1000) / 100);
	printf("\ngame: dump: rising crossings at:");
	for (size_t i = from + 1; i < to; i++)
		if (cap.samples[i - 1] < 0 && cap.samples[i] >= 0)
			printf(" %zu", i - from);
	printf("\n");
}

struct sound_report {
	int checked, failures;
	double worst_hz_error; /* relative, of each sound's median frequency */
	int blocks, blocks_off, blocks_garbled, blocks_sounding;
	double first_delay; /* ms from the first LED that asked for a sound to the first sound */
	int lost_while_opening, overlapping;
	double onset_min, onset_median, onset_p90, onset_max; /* ms, tone start minus LED */
};

/* Every frequency simond plays: the pads (classic), the tick, the razz, the fanfare. */
static const double known_hz[] = { 415, 310, 252, 209, TICK_HZ, RAZZ_HZ,
				   523.25, 659.25, 783.99, 1046.50 };

static bool near_hz(double hz, double want)
{
	return hz > 0 && fabs(hz - want) / want <= 0.005;
}

static bool known(double hz)
{
	for (size_t i = 0; i < sizeof(known_hz) / sizeof(known_hz[0]); i++)
		if (near_hz(hz, known_hz[i]))
			return true;
	return false;
}

/* The garble check of one block of what was heard (40 ms): BLOCK_QUIET when no tone
 * sounds all through it, or one too low to tell in 40 ms (the razz); BLOCK_GARBLED when
 * the tone has no steady period (an underrun's gap, a stale buffer played again) or is
 * none simond plays; else BLOCK_STEADY, its frequency in *hz. The game and `listen`
 * judge what they heard with this one check. */
enum block_kind { BLOCK_QUIET, BLOCK_GARBLED, BLOCK_STEADY };

static enum block_kind judge_block(size_t from, size_t to, int threshold, double *hz)
{
	*hz = 0;
	if (!sounding(from, to, threshold))
		return BLOCK_QUIET;
	bool clean;
	*hz = frequency_of(from, to, &clean);
	if (*hz <= 0)
		return BLOCK_QUIET;
	return clean && known(*hz) ? BLOCK_STEADY : BLOCK_GARBLED;
}

/* The level above which a sample counts as sound, for a capture whose loudest sample
 * is `peak` (and the zero-crossing hysteresis that goes with it). */
static int threshold_for(int peak)
{
	int threshold = peak / 30 > 200 ? peak / 30 : 200;
	hysteresis = threshold / 2;
	return threshold;
}

/* Checks what the loopback heard against what the LEDs showed.
 *
 * Each expected sound: a tone starting when its LED lit, and, from 10 ms after that
 * start until its LED went dark, its frequency: the median over the whole stretch, and
 * blocks of 40 ms (or eight periods) one by one, of which at most one in four may be
 * off (under emulation simond underruns, and a tone comes late into its neighbour's
 * stretch). The first sound of a fresh simond waits for ALSA to read its
 * configuration and open the device: it is reported apart, and sounds whose LEDs were
 * over by then may be silent.
 *
 * Blocks garbled by underruns (no steady period: a gap, or a stale buffer played
 * again) are counted apart: under emulation simond's audio thread misses its 8 ms
 * deadlines now and then; more than half garbled leaves too little to check and
 * fails. Everything heard, in blocks of 40 ms:
 * no steady block may carry a tone simond plays where no LED asked for it within
 * 150 ms.
 *
 * The start times are summed up: the median must be within a few ms of the LEDs
 * (-5 to +10), nine in ten within 25 ms. */
static void check_sounds(struct sound_report *report)
{
	const int64_t lead = 20 * MS, tail = 60 * MS, slack = 150 * MS;
	static double onsets[MAX_EXPECT];
	int onset_count = 0;
	memset(report, 0, sizeof(*report));
	if (expected_count == 0 || cap.count == 0)
		return;
	size_t range_from = sample_at(expected[0].at - 200 * MS);
	size_t range_to = sample_at(expected[expected_count - 1].until);
	int peak = peak_of(range_from, range_to);
	int threshold = threshold_for(peak);
	size_t first_sound = range_from;
	while (first_sound < range_to && abs(cap.samples[first_sound]) <= threshold)
		first_sound++;
	report->first_delay = ms_of(sample_time(first_sound) - expected[0].at);
	printf("game: sound: %.1f s recorded, peak %d, threshold %d, %d sounds expected, %d "
	       "capture overruns; the first sound came %.1f ms after its LED\n",
	       (double)cap.count / RATE, peak, threshold, expected_count, cap.overruns,
	       report->first_delay);
	if (cap.overruns) {
		printf("game: sound FAILED: the capture overran: its timing is lost\n");
		report->failures++;
	}
	for (int k = 0; k < expected_count; k++) {
		struct expectation *e = &expected[k];
		int64_t from_t = e->follows ? e->at : e->at - lead;
		int64_t to_t = e->until + tail;
		if (k + 1 < expected_count) {
			struct expectation *next = &expected[k + 1];
			int64_t next_from = next->follows ? next->at : next->at - lead;
			if (next_from < to_t)
				to_t = next_from;
		}
		size_t from = sample_at(from_t), to = sample_at(to_t);
		bool opening = first_sound >= from && first_sound > sample_at(e->at);
		report->checked++;
		if (first_sound >= to) {
			printf("game: sound ok:     %-26s lost while the device opened\n", e->what);
			report->lost_while_opening++;
			continue;
		}
		size_t onset = from;
		while (onset < to && abs(cap.samples[onset]) <= threshold)
			onset++;
		if (onset == to) {
			printf("game: sound FAILED: %-26s silent\n", e->what);
			report->failures++;
			continue;
		}
		char started[64] = "follows the one before";
		if (opening) {
			snprintf(started, sizeof(started), "starts %+6.1f ms from its LED (opening)",
				 ms_of(sample_time(onset) - e->at));
		} else if (!e->follows) {
			double delta = ms_of(sample_time(onset) - e->at);
			if (onset == from) {
				snprintf(started, sizeof(started), "the one before still sounding");
				report->overlapping++;
			} else {
				snprintf(started, sizeof(started), "starts %+6.1f ms from its LED", delta);
				onsets[onset_count++] = delta;
			}
		}
		size_t body_from = (onset > sample_at(e->at) ? onset : sample_at(e->at)) + RATE / 100;
		size_t body_to = sample_at(e->until);
		if (body_to > to)
			body_to = to;
		double hz = body_to > body_from ? frequency(body_from, body_to) : 0;
		double error = hz > 0 ? fabs(hz - e->hz) / e->hz : 1;
		/* 40 ms, at least eight periods (a gap costs a period or two). */
		size_t block = RATE / 25;
		if (block < (size_t)(8 * RATE / e->hz))
			block = (size_t)(8 * RATE / e->hz);
		int blocks = 0, off = 0, garbled = 0;
		for (size_t b = body_from; b + block <= body_to; b += block) {
			if (!sounding(b, b + block, threshold))
				continue;
			bool clean;
			double block_hz = frequency_of(b, b + block, &clean);
			if (!clean) {
				garbled++;
				continue;
			}
			blocks++;
			if (!near_hz(block_hz, e->hz)) {
				off++;
				printf("game: sound: %s: a block at %.1f ms: %.1f Hz\n", e->what,
				       ms_of(sample_time(b) - e->at), block_hz);
			}
		}
		report->blocks += blocks;
		report->blocks_off += off;
		if (hz > 0 && error > report->worst_hz_error)
			report->worst_hz_error = error;
		/* Too short to measure happens only to a sound cut short by the device
		 * opening. */
		bool ok = (error <= 0.015 && blocks > 0 && off * 4 <= blocks) ||
			  (opening && blocks == 0) || (blocks == 0 && garbled > 0 && error <= 0.015);
		printf("game: sound %s %-26s %7.1f Hz (want %6.1f), %s; %d of %d blocks off, %d "
		       "garbled\n",
		       ok ? "ok:    " : "FAILED:", e->what, hz, e->hz, started, off, blocks, garbled);
		if (!ok)
			report->failures++;
	}
	/* Nothing sounds that no LED asked for (up to the end of the razz, where a
	 * celebration may follow). */
	const size_t block = RATE / 25;
	size_t scan_to = sample_at(expected[expected_count - 1].until - slack);
	for (size_t b = range_from; b + block <= scan_to; b += block / 2) {
		double hz;
		enum block_kind kind = judge_block(b, b + block, threshold, &hz);
		if (kind == BLOCK_QUIET)
			continue;
		report->blocks_sounding++;
		if (kind == BLOCK_GARBLED) {
			report->blocks_garbled++;
			continue;
		}
		int64_t t = sample_time(b);
		bool asked = false;
		for (int k = 0; k < expected_count && !asked; k++)
			asked = near_hz(hz, expected[k].hz) && t >= expected[k].at - slack &&
				t <= expected[k].until + slack;
		for (int k = 0; k < allowed_count && !asked; k++)
			asked = near_hz(hz, allowed[k].hz) && t >= allowed[k].from - slack &&
				t <= allowed[k].until + slack;
		if (!asked) {
			printf("game: sound FAILED: %.1f Hz at %.1f ms, and no LED asked for it\n", hz,
			       ms_of(t - expected[0].at));
			dump(b, b + block);
			report->failures++;
		}
	}
	report->onset_min = percentile(onsets, onset_count, 0);
	report->onset_median = percentile(onsets, onset_count, 0.5);
	report->onset_max = percentile(onsets, onset_count, 1);
	for (int i = 0; i < onset_count; i++)
		onsets[i] = fabs(onsets[i]);
	report->onset_p90 = percentile(onsets, onset_count, 0.9);
	printf("game: sound: %d tone starts measured: %+.1f ms from their LEDs at the median, "
	       "within %.1f ms for nine in ten, %+.1f to %+.1f ms in all; %d more began while "
	       "the one before still sounded\n",
	       onset_count, report->onset_median, report->onset_p90, report->onset_min,
	       report->onset_max, report->overlapping);
	printf("game: sound: %d of %d steady blocks of 40 ms off their LED's frequency; %d of "
	       "%d garbled by underruns\n",
	       report->blocks_off, report->blocks, report->blocks_garbled, report->blocks_sounding);
	if (onset_count < expected_count / 2) {
		printf("game: sound FAILED: only %d of %d tone starts could be measured\n",
		       onset_count, expected_count);
		report->failures++;
	}
	if (onset_count && (report->onset_median < -5 || report->onset_median > 10)) {
		printf("game: sound FAILED: the median tone starts %+.1f ms from its LED, want "
		       "-5 to +10\n",
		       report->onset_median);
		report->failures++;
	}
	if (onset_count && report->onset_p90 > 25) {
		printf("game: sound FAILED: one tone in ten starts more than %.1f ms from its LED, "
		       "want 25\n",
		       report->onset_p90);
		report->failures++;
	}
	if (report->blocks_garbled * 2 > report->blocks_sounding) {
		paused = true;
		printf("game: sound FAILED: %d of %d blocks garbled: too few steady ones to vouch "
		       "for the tones (the emulator starved simond's audio thread)\n",
		       report->blocks_garbled, report->blocks_sounding);
		report->failures++;
	}
}

/* ---- Playing ---- */

struct game_options {
	const char *sim;
	int rounds;
	const char *end;
	pid_t pid;
	const char *chip;
	int chatter; /* the debounce window in ms, or 0: no bouncing */
	const char *capture;
	const char *schedule;
	int start;
	bool started;
};

static struct game_options options;
static int64_t game_origin;
static double press_latency[MAX_EXPECT];
static int press_count;
static double worst_chatter_ms;
static int bursts, bursts_within_5ms, lost_releases;

static void release_all(void)
{
	for (int pad = 0; pad < NPADS; pad++)
		set_button(pad, false);
}

static bool watching = true;
/* What the driver does, for the lines it prints: "game", or "pause". */
static const char *mode = "game";

static void stop_watching(void)
{
	stop_capture();
	if (!watching)
		return;
	watching = false;
	struct rusage usage;
	getrusage(RUSAGE_SELF, &usage);
	printf("%s: the LEDs went unwatched %d times for more than 10 ms, at most %.1f ms (the "
	       "emulator kept the driver waiting); the driver used %.0f ms of CPU\n",
	       mode, blind.over_10ms, ms_of(blind.longest),
	       usage.ru_utime.tv_sec * 1e3 + usage.ru_utime.tv_usec / 1e3 +
		       usage.ru_stime.tv_sec * 1e3 + usage.ru_stime.tv_usec / 1e3);
}

/* Fails the game: exit 1, or 3 ("inconclusive": the scenario may run once more) when
 * the emulator had kept the driver from watching the LEDs for over 100 ms, or paused
 * it where it mattered, which can explain the failure. */
static void __attribute__((noreturn, format(printf, 1, 2))) fail(const char *fmt, ...)
{
	char message[512];
	va_list args;
	va_start(args, fmt);
	vsnprintf(message, sizeof(message), fmt, args);
	va_end(args);
	release_all();
	stop_watching();
	for (int i = traced > TRACE ? traced - TRACE : 0; i < traced; i++)
		printf("%s: trace: %9.1f ms %s\n", mode, ms_of(trace[i % TRACE].at - game_origin),
		       mask_text(trace[i % TRACE].mask));
	bool inconclusive = paused || blind.longest > 100 * MS;
	printf("%s: FAIL %s%s\n", mode, message,
	       inconclusive ? " (inconclusive: the emulator stood still meanwhile)" : "");
	fflush(stdout);
	exit(inconclusive ? 3 : 1);
}

static double at_ms(int64_t t)
{
	return ms_of(t - game_origin);
}

/* Moves a button, bouncing when asked: nine edges written back to back, ending where
 * it should. Returns the time of the first edge. */
static int64_t move_button(int pad, bool pressed)
{
	if (!options.chatter)
		return set_button(pad, pressed);
	int64_t first = set_button(pad, pressed);
	for (int edge = 1; edge < 9; edge++)
		set_button(pad, edge % 2 == 0 ? pressed : !pressed);
	int64_t span = now_ns() - first;
	bursts++;
	if (span <= 5 * MS)
		bursts_within_5ms++;
	if (ms_of(span) > worst_chatter_ms)
		worst_chatter_ms = ms_of(span);
	/* Nine writes back to back take about a millisecond, unless the emulator pauses
	 * the driver in between; past the debounce window they would be presses of their
	 * own. */
	if (span > (options.chatter - 5) * MS) {
		paused = true;
		fail("a bouncing %s %s took %.2f ms: the emulator paused the driver inside it",
		     pad_names[pad], pressed ? "press" : "release", ms_of(span));
	}
	return first;
}

/* Presses a pad, holds it `hold` ns and lets it go, as a player does: it must light
 * alone and stay lit while held; unless `last` (a release that starts something), it
 * must go dark after the release. Returns the time of the release. */
static int64_t press_held(int pad, const char *why, bool last, int64_t hold)
{
	int64_t lit_at;
	int64_t pressed_at = move_button(pad, true);
	int mask = next_leds(0, pressed_at + 1000 * MS, &lit_at);
	if (mask < 0)
		fail("%s: pressed %s at %.0f ms, no LED lit", why, pad_names[pad], at_ms(pressed_at));
	if ((unsigned)mask != 1u << pad)
		fail("%s: pressed %s, %s lit", why, pad_names[pad], mask_text((unsigned)mask));
	press_latency[press_count++] = ms_of(lit_at - pressed_at);
	struct expectation *sound =
		expect_sound(SOUND_PAD, lit_at, pad_hz[pad], "%s press", pad_names[pad]);
	nap_ns(pressed_at + hold - now_ns());
	if (read_leds() != 1u << pad)
		fail("%s: %s held, but the LEDs show %s", why, pad_names[pad], mask_text(read_leds()));
	int64_t released_at = move_button(pad, false), dark_at;
	sound->until = released_at;
	if (last)
		return released_at;
	mask = next_leds(1u << pad, released_at + 600 * MS, &dark_at);
	if (mask < 0) {
		/* gpio-sim drops an edge that comes while the line's interrupt is masked
		 * (the kernel's threaded handler of the edge before still running): press
		 * and release again, which simond must take as only a release. */
		lost_releases++;
		printf("%s: %s: the release of %s was lost: %s stays lit; pressing it again\n",
		       mode, why, pad_names[pad], pad_names[pad]);
		set_button(pad, true);
		nap_ns(30 * MS);
		set_button(pad, false);
		mask = next_leds(1u << pad, now_ns() + 1000 * MS, &dark_at);
	}
	if (mask != 0)
		fail("%s: released %s, the LEDs show %s", why, pad_names[pad],
		     mask < 0 ? "it still lit" : mask_text((unsigned)mask));
	sound->until = dark_at;
	nap_ns(60 * MS);
	return released_at;
}

/* A press held 150 ms (press_held). */
static int64_t press_pad(int pad, const char *why, bool last)
{
	return press_held(pad, why, last, 150 * MS);
}

static bool line_used(int chip_fd, int offset)
{
	struct gpio_v2_line_info info;
	memset(&info, 0, sizeof(info));
	info.offset = (unsigned)offset;
	if (ioctl(chip_fd, GPIO_V2_GET_LINEINFO_IOCTL, &info) < 0)
		return true;
	return info.flags & GPIO_V2_LINE_FLAG_USED;
}

/* SIGTERM while a pad is lit: every LED must be seen dark while simond still holds
 * its line (the sim's LED lines are pulled up for this, so a line that is merely
 * released reads 1, not 0), then every line released. */
static void stop_daemon(int lit_pad)
{
	int chip_fd = open(options.chip, O_RDONLY | O_CLOEXEC);
	if (chip_fd < 0)
		fail("cannot open %s: %s", options.chip, strerror(errno));
	bool dark_while_held[NPADS] = { false };
	int64_t sent = now_ns(), released = 0, dark_at = 0;
	if (kill(options.pid, SIGTERM) < 0)
		fail("cannot signal simond (pid %d): %s", options.pid, strerror(errno));
	while (now_ns() - sent < 2000 * MS) {
		unsigned mask = read_leds();
		bool any_used = false;
		for (int pad = 0; pad < NPADS; pad++) {
			bool used = line_used(chip_fd, led_offset[pad]);
			any_used |= used;
			if (used && !(mask & (1u << pad)) && !dark_while_held[pad]) {
				dark_while_held[pad] = true;
				if (pad == lit_pad)
					dark_at = now_ns();
			}
		}
		for (int pad = 0; pad < NPADS; pad++)
			any_used |= line_used(chip_fd, button_offset[pad]);
		if (!any_used) {
			released = now_ns();
			break;
		}
	}
	close(chip_fd);
	stop_watching();
	for (int pad = 0; pad < NPADS; pad++)
		if (!dark_while_held[pad])
			fail("SIGTERM: the %s LED was never seen dark while simond held it", pad_names[pad]);
	if (!released)
		fail("SIGTERM: simond still holds lines 2 s later");
	printf("game: ok stopped in round %d with %s lit: every LED seen dark while still held "
	       "(%.0f ms after SIGTERM), every line released after %.0f ms\n",
	       options.rounds + 1, pad_names[lit_pad], ms_of(dark_at - sent),
	       ms_of(released - sent));
	exit(0);
}

/* Watches the razz: the expected pad flashes, six times 250 ms apart. Returns the
 * time of its first flash. */
static int64_t watch_razz(int expected_pad, int pressed_pad, int64_t first_by)
{
	unsigned current = pressed_pad < 0 ? 0 : 1u << pressed_pad;
	int flashes = 0;
	int64_t first = 0, t, deadline = first_by;
	while (flashes < 6) {
		int mask = next_leds(current, deadline, &t);
		if (mask < 0)
			break;
		/* A wrong press lights its pad for a moment before the razz. */
		if (!first && pressed_pad >= 0 && (unsigned)mask == 1u << pressed_pad) {
			current = (unsigned)mask;
			continue;
		}
		if (mask != 0 && (unsigned)mask != 1u << expected_pad) {
			/* The celebration of a new best follows the razz. */
			if (flashes >= 5)
				break;
			fail("razz: expected %s to flash, %s lit", pad_names[expected_pad],
			     mask_text((unsigned)mask));
		}
		if (mask != 0) {
			if (!first) {
				first = t;
				deadline = first + 1500 * MS;
			}
			flashes++;
		}
		current = (unsigned)mask;
	}
	if (!first)
		fail("razz: %s never flashed", pad_names[expected_pad]);
	/* Six; a starved emulator may hide one. */
	if (flashes < 5)
		fail("razz: %s flashed %d times, want 6", pad_names[expected_pad], flashes);
	printf("game: razz: %s flashed %d times from %.0f ms\n", pad_names[expected_pad], flashes,
	       at_ms(first));
	return first;
}

/* Writes the tones the game played (`--schedule`): each expected sound from its LED's
 * lighting to its going dark, in ms from the first, with its frequency. */
static void write_schedule(const char *path)
{
	FILE *file = fopen(path, "w");
	if (!file)
		fail("cannot write %s: %s", path, strerror(errno));
	fprintf(file, "# start_ms stop_ms hz: the tones of a game of %d rounds, ended by %s\n",
		options.rounds, options.end);
	for (int k = 0; k < expected_count; k++) {
		const struct expectation *e = &expected[k];
		if (e->until > e->at)
			fprintf(file, "%.1f %.1f %.2f\n", ms_of(e->at - expected[0].at),
				ms_of(e->until - expected[0].at), e->hz);
	}
	if (fclose(file) != 0)
		fail("cannot write %s: %s", path, strerror(errno));
}

static int play_game(void)
{
	int sequence[256];
	int length = 0;
	int64_t t, last_dark = 0;
	double signal_error[MAX_EXPECT];
	int signal_count = 0, unseen_gaps = 0;

	open_sim(options.sim);
	if (options.capture) {
		const char *error = start_capture(options.capture, 120);
		if (error)
			fail("%s", error);
		nap_ns(50 * MS);
	}
	game_origin = now_ns();
	srand((unsigned)game_origin);

	/* Start: a pad pressed at idle lights and sounds; its release starts the game. */
	if (!options.started) {
		if (read_leds() != 0)
			fail("idle: the LEDs show %s before any press", mask_text(read_leds()));
		press_pad(options.start, "start", true);
	}

	/* Countdown: all four pads blink with a tick, three times a second apart. The
	 * start pad's release turns it off and the first beat on at once. */
	unsigned current = options.started ? 0 : 1u << options.start;
	int64_t beats[3];
	for (int beat = 0; beat < 3; beat++) {
		int64_t deadline = now_ns() + 2000 * MS;
		int mask = next_leds(current, deadline, &t);
		if (mask == 0 && current != 0) {
			/* The start pad went dark a moment before the countdown lit (simond
			 * paused between the two). */
			current = 0;
			mask = next_leds(0, deadline, &t);
		}
		if (mask != (int)ALL_PADS)
			fail("countdown: beat %d: the LEDs show %s, want all four", beat + 1,
			     mask < 0 ? "nothing new" : mask_text((unsigned)mask));
		beats[beat] = t;
		struct expectation *tick =
			expect_sound(SOUND_TICK, t, TICK_HZ, "countdown beat %d", beat + 1);
		tick->follows = beat == 0 && !options.started;
		mask = next_leds(ALL_PADS, t + 1000 * MS, &last_dark);
		if (mask != 0)
			fail("countdown: after beat %d the LEDs show %s", beat + 1,
			     mask < 0 ? "all still lit" : mask_text((unsigned)mask));
		tick->until = last_dark;
		current = 0;
	}
	printf("game: countdown: 3 beats at %.0f, %.0f, %.0f ms\n", at_ms(beats[0]), at_ms(beats[1]),
	       at_ms(beats[2]));

	for (int round = 1;; round++) {
		/* Simon plays: one signal more than last round, the same ones first. Where
		 * the emulator stood still through a 50 ms gap, the next signal shows up in
		 * place of the dark. */
		int64_t first_signal = 0, lit_at = 0;
		int mask = next_leds(0, now_ns() + 3000 * MS, &lit_at);
		for (int i = 0; i < round;) {
			int pad = mask < 0 ? -1 : single_pad((unsigned)mask);
			if (pad < 0)
				fail("round %d: signal %d: the LEDs show %s", round, i + 1,
				     mask < 0 ? "nothing" : mask_text((unsigned)mask));
			if (i < length && pad != sequence[i])
				fail("round %d: signal %d is %s, it was %s last round", round, i + 1,
				     pad_names[pad], pad_names[sequence[i]]);
			if (i == 0)
				first_signal = lit_at;
			struct expectation *sound = expect_sound(SOUND_PAD, lit_at, pad_hz[pad],
								 "round %d signal %d %s", round,
								 i + 1, pad_names[pad]);
			if (round == options.rounds + 1 && strcmp(options.end, "sigterm") == 0)
				stop_daemon(pad);
			int64_t changed_at;
			int after = next_leds(1u << pad, lit_at + 3000 * MS, &changed_at);
			sound->until = changed_at;
			if (after == 0) {
				/* docs/design.md section 2: 420 ms on for positions 1-5, 320 for 6-13, 220 from 14.
				 * One light far longer than that is the same pad twice or more,
				 * its 50 ms gaps gone unseen. */
				double want = i < 5 ? 420 : i < 13 ? 320 : 220;
				double on = ms_of(changed_at - lit_at);
				int signals = on > want + 200 ? (int)lround((on + 50) / (want + 50)) : 1;
				if (signals == 1)
					signal_error[signal_count++] = on - want;
				unseen_gaps += signals - 1;
				for (int j = 0; j < signals; j++, i++) {
					if (i >= round)
						fail("round %d: %s lit %.0f ms, longer than the round", round,
						     pad_names[pad], on);
					if (i < length && pad != sequence[i])
						fail("round %d: signal %d is %s, it was %s last round", round,
						     i + 1, pad_names[pad], pad_names[sequence[i]]);
					sequence[i] = pad;
				}
				last_dark = changed_at;
				if (i < round)
					mask = next_leds(0, changed_at + 1000 * MS, &lit_at);
			} else if (after > 0 && single_pad((unsigned)after) >= 0 && i + 1 < round) {
				unseen_gaps++;
				sequence[i++] = pad;
				mask = after;
				lit_at = changed_at;
			} else {
				fail("round %d: signal %d: after %s the LEDs show %s", round, i + 1,
				     pad_names[pad], after < 0 ? "it still lit" : mask_text((unsigned)after));
			}
		}
		length = round;
		printf("game: round %d: Simon played", round);
		for (int i = 0; i < length; i++)
			printf(" %s", pad_names[sequence[i]]);
		printf(" from %.0f ms\n", at_ms(first_signal));
		if (round > options.rounds)
			break;
		/* The player repeats it. */
		nap_ns(100 * MS);
		for (int i = 0; i < length; i++) {
			char why[32];
			snprintf(why, sizeof(why), "round %d press %d", round, i + 1);
			press_pad(sequence[i], why, false);
		}
	}

	/* The ending: the razz sounds while the expected pad flashes. */
	int expected_pad = sequence[0];
	int64_t razz_at;
	if (strcmp(options.end, "timeout") == 0) {
		/* docs/design.md section 2: 3 s from the end of Simon's turn to the first press. */
		razz_at = watch_razz(expected_pad, -1, last_dark + 4000 * MS);
		double waited = ms_of(razz_at - last_dark);
		printf("game: timeout: the razz came %.0f ms after Simon's turn ended\n", waited);
		if (fabs(waited - 3000) > 200)
			fail("timeout: the razz came %.0f ms after Simon's turn, want 3000", waited);
		expect_sound(SOUND_RAZZ, razz_at, RAZZ_HZ, "razz (timeout)")->until =
			razz_at + 1500 * MS;
	} else {
		int wrong = (expected_pad + 1 + rand() % 3) % NPADS;
		nap_ns(100 * MS);
		int64_t pressed_at = move_button(wrong, true);
		razz_at = watch_razz(expected_pad, wrong, pressed_at + 1000 * MS);
		move_button(wrong, false);
		allow_sound(pressed_at, razz_at, pad_hz[wrong]);
		printf("game: mistake: pressed %s, %s expected\n", pad_names[wrong],
		       pad_names[expected_pad]);
		expect_sound(SOUND_RAZZ, razz_at, RAZZ_HZ, "razz (mistake)")->until =
			razz_at + 1500 * MS;
	}

	/* The new best's celebration may follow; the record is the shell's to check. */
	nap_ns(300 * MS);
	stop_watching();
	if (options.schedule)
		write_schedule(options.schedule);

	qsort(press_latency, (size_t)press_count, sizeof(double), compare_doubles);
	qsort(signal_error, (size_t)signal_count, sizeof(double), compare_doubles);
	double signal_median = signal_count ? signal_error[signal_count / 2] : 0;
	printf("game: %d presses, each lit its pad alone: press to LED p50 %.2f ms, max %.2f ms\n",
	       press_count, press_latency[press_count / 2], press_latency[press_count - 1]);
	printf("game: Simon's signals lit %+.1f ms from the design's on-time at the median, %+.1f to "
	       "%+.1f ms in all (%d measured; %d gaps unseen)\n",
	       signal_median, signal_count ? signal_error[0] : 0,
	       signal_count ? signal_error[signal_count - 1] : 0, signal_count, unseen_gaps);
	/* A single signal stretches when the emulator stands still; their median may not. */
	if (fabs(signal_median) > 20)
		fail("Simon's signals are lit %+.1f ms off the design's on-time (median)", signal_median);
	if (options.chatter)
		printf("game: every press and release bounced: 9 edges within 5 ms %d times of %d, "
		       "the longest burst %.2f ms\n",
		       bursts_within_5ms, bursts, worst_chatter_ms);
	if (lost_releases)
		printf("game: %d release(s) lost and pressed again (see above)\n", lost_releases);

	char sound_summary[400] = "";
	if (options.capture) {
		struct sound_report report;
		check_sounds(&report);
		if (report.failures)
			fail("%d sound check(s) failed (above)", report.failures);
		snprintf(sound_summary, sizeof(sound_summary),
			 "; %d sounds at their frequencies (within %.2f %%), starting %+.1f ms from "
			 "their LEDs at the median (90 %% within %.1f ms); the first %+.0f ms "
			 "from its LED; %d of %d blocks garbled by underruns",
			 report.checked, report.worst_hz_error * 100, report.onset_median,
			 report.onset_p90, report.first_delay, report.blocks_garbled,
			 report.blocks_sounding);
	}
	char chatter_summary[120] = "";
	if (options.chatter)
		snprintf(chatter_summary, sizeof(chatter_summary),
			 ", every press and release bouncing (9 edges within 5 ms %d times of %d, "
			 "at most %.1f ms)",
			 bursts_within_5ms, bursts, worst_chatter_ms);
	printf("game: ok %d rounds repeated, ended by %s%s%s\n", options.rounds, options.end,
	       chatter_summary, sound_summary);
	return 0;
}

/* ---- The first tone after a pause ---- */

/* The time from an expected sound's LED to its first loud sample, in ms; NAN when
 * nothing sounded from 20 ms before its LED until 60 ms after it went dark. */
static double onset_ms(int k, int threshold)
{
	struct expectation *e = &expected[k];
	int64_t to_t = e->until + 60 * MS;
	if (k + 1 < expected_count && expected[k + 1].at - 20 * MS < to_t)
		to_t = expected[k + 1].at - 20 * MS;
	size_t onset = sample_at(e->at - 20 * MS), to = sample_at(to_t);
	while (onset < to && abs(cap.samples[onset]) <= threshold)
		onset++;
	return onset >= to ? NAN : ms_of(sample_time(onset) - e->at);
}

/* Copies the measured (not NAN) values of `from` into `to`; returns how many. */
static int measured(const double *from, int count, double *to)
{
	int n = 0;
	for (int i = 0; i < count; i++)
		if (!isnan(from[i]))
			to[n++] = from[i];
	return n;
}

/* Tones after a pause, with a free-play simond (pads lit and sounding while held at
 * idle): one press from the fresh simond, then `count` times `pause_ms` of quiet, a
 * press of green and `follow` presses of the other pads 100 ms apart (the device still
 * open). Each press is held 500 ms, so that a tone late by a device opening still
 * sounds. Prints the time from each tone's LED to its first sound on `pcm`'s capture;
 * fails when a tone after the first stayed silent (the first may: ALSA reads its
 * configuration then). */
static int pause_tones(const char *sim, const char *pcm, int count, int pause_ms, int follow)
{
	enum { MAX_PAUSES = 32 };
	if (count < 1 || count > MAX_PAUSES || follow < 0 || follow > 8 || pause_ms < 0) {
		fprintf(stderr, "hil-driver: pause: COUNT 1 to %d, FOLLOW 0 to 8\n", MAX_PAUSES);
		return 2;
	}
	mode = "pause";
	open_sim(sim);
	const char *error = start_capture(pcm, 5 + count * (pause_ms / 1000 + 2 + follow));
	if (error)
		fail("%s", error);
	nap_ns(50 * MS);
	game_origin = now_ns();
	if (read_leds() != 0)
		fail("idle: the LEDs show %s before any press", mask_text(read_leds()));
	press_held(GREEN, "fresh simond", false, 500 * MS);
	int first[MAX_PAUSES];
	for (int i = 0; i < count; i++) {
		nap_ns((int64_t)pause_ms * MS);
		char why[40];
		snprintf(why, sizeof(why), "after pause %d", i + 1);
		first[i] = expected_count;
		press_held(GREEN, why, false, 500 * MS);
		for (int j = 1; j <= follow; j++) {
			nap_ns(100 * MS);
			snprintf(why, sizeof(why), "pause %d, tone %d", i + 1, j + 1);
			press_held(j % NPADS, why, false, 150 * MS);
		}
	}
	nap_ns(200 * MS);
	stop_watching();

	size_t range_from = sample_at(expected[0].at - 200 * MS);
	size_t range_to = sample_at(expected[expected_count - 1].until + 200 * MS);
	int threshold = threshold_for(peak_of(range_from, range_to));
	double fresh = onset_ms(0, threshold);
	double after[MAX_PAUSES], others[MAX_EXPECT], values[MAX_EXPECT];
	int other_count = 0, silent = 0;
	printf("pause: %-13s lit at %8.1f ms, sound %+7.1f ms from its LED (a fresh simond)\n",
	       expected[0].what, at_ms(expected[0].at), fresh);
	for (int k = 1, i = 0; k < expected_count; k++) {
		double onset = onset_ms(k, threshold);
		silent += isnan(onset);
		bool after_pause = i < count && k == first[i];
		printf("pause: %-13s lit at %8.1f ms, sound %+7.1f ms from its LED%s\n",
		       expected[k].what, at_ms(expected[k].at), onset,
		       after_pause ? " (after a pause)" : "");
		if (after_pause)
			after[i++] = onset;
		else
			others[other_count++] = onset;
	}
	printf("pause: sound: %.1f s recorded, threshold %d, %d capture overruns; %d press(es) "
	       "lit their pad: press to LED p50 %.2f ms\n",
	       (double)cap.count / RATE, threshold, cap.overruns, press_count,
	       percentile(press_latency, press_count, 0.5));
	if (cap.overruns)
		fail("the capture overran: its timing is lost");
	if (silent)
		fail("%d tone(s) after the fresh simond's first silent (above)", silent);
	int n = measured(after, count, values);
	double after_p50 = percentile(values, n, 0.5), after_max = percentile(values, n, 1);
	char list[200] = "";
	for (int i = 0; i < count; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%+.0f", i ? ", " : "",
			 after[i]);
	int m = measured(others, other_count, values);
	for (int i = 0; i < m; i++)
		values[i] = fabs(values[i]);
	double others_p90 = percentile(values, m, 0.9);
	m = measured(others, other_count, values);
	double others_p50 = percentile(values, m, 0.5);
	printf("pause: ok first tone after %.1f s without sound: %+.1f ms from its LED at the "
	       "median, %+.1f at most (%d: %s; target <= 10 ms: %s); every other tone: %+.1f ms "
	       "at the median, 90 %% within %.1f ms (%d); a fresh simond's first tone: %+.1f ms\n",
	       pause_ms / 1000.0, after_p50, after_max, count, list,
	       after_max <= 10 ? "met" : "missed", others_p50, others_p90, m, fresh);
	return 0;
}

/* ---- A reference player ---- */

/* Records `pcm` while COMMAND runs (a player on the loopback's other side), and 200 ms
 * after, then judges everything heard with the game's garble check, in blocks of
 * 40 ms every 20 ms. */
static int listen_to(const char *pcm, char **command)
{
	const char *error = start_capture(pcm, 120);
	if (error) {
		printf("listen: FAIL %s\n", error);
		return 1;
	}
	nap_ns(50 * MS);
	pid_t child;
	int status = 0, err = posix_spawnp(&child, command[0], NULL, NULL, command, environ);
	if (err == 0 && waitpid(child, &status, 0) < 0)
		err = errno;
	nap_ns(200 * MS);
	stop_capture();
	if (err) {
		printf("listen: FAIL cannot run %s: %s\n", command[0], strerror(err));
		return 1;
	}
	int peak = peak_of(0, cap.count), threshold = threshold_for(peak);
	const size_t block = RATE / 25;
	int sounding = 0, garbled = 0;
	for (size_t b = 0; b + block <= cap.count; b += block / 2) {
		double hz;
		enum block_kind kind = judge_block(b, b + block, threshold, &hz);
		sounding += kind != BLOCK_QUIET;
		garbled += kind == BLOCK_GARBLED;
	}
	printf("listen: %.1f s recorded, peak %d, threshold %d, %d capture overruns; %d of %d "
	       "blocks of 40 ms garbled by underruns\n",
	       (double)cap.count / RATE, peak, threshold, cap.overruns, garbled, sounding);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		printf("listen: FAIL %s exited %d\n", command[0],
		       WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	else if (cap.overruns)
		printf("listen: FAIL the capture overran: its timing is lost\n");
	else if (sounding == 0)
		printf("listen: FAIL nothing sounded\n");
	else {
		printf("listen: ok %d of %d blocks garbled by underruns\n", garbled, sounding);
		return 0;
	}
	return 1;
}

/* ---- Load ---- */

/* Keeps one CPU busy until killed: a loop pinned to `cpu`, at the nice value it was
 * started with. */
static int hog(int cpu)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0) {
		fprintf(stderr, "hil-driver: hog: cannot pin itself to CPU %d: %s\n", cpu,
			strerror(errno));
		return 2;
	}
	for (volatile unsigned long spins = 0;; spins++) {
	}
}

/* ---- Latency ---- */

/* Presses green COUNT times (after 5 unrecorded), 30 to 50 ms apart, each for 30 ms,
 * writing each press's time from the pull written to the LED read lit (polled without
 * a pause), in nanoseconds, one per line. */
static int bench(const char *sim, const char *out_path, int count)
{
	open_sim(sim);
	FILE *out = fopen(out_path, "w");
	if (!out) {
		fprintf(stderr, "hil-driver: cannot write %s: %s\n", out_path, strerror(errno));
		return 2;
	}
	srand((unsigned)now_ns());
	int lost = 0;
	for (int i = -5; i < count; i++) {
		nap_ns((30 + rand() % 20) * MS);
		int64_t pressed = set_button(GREEN, true), lit;
		for (;;) {
			bool on = led_lit(GREEN);
			lit = now_ns();
			if (on)
				break;
			if (lit - pressed > 2000 * MS) {
				fprintf(stderr, "hil-driver: bench: green never lit\n");
				return 1;
			}
		}
		if (i >= 0)
			fprintf(out, "%lld\n", (long long)(lit - pressed));
		nap_ns(30 * MS);
		int64_t released = set_button(GREEN, false);
		bool again = false;
		while (led_lit(GREEN)) {
			if (!again && now_ns() - released > 600 * MS) {
				/* A release lost by gpio-sim (see press_pad): press and release
				 * again. */
				lost++;
				again = true;
				set_button(GREEN, true);
				nap_ns(30 * MS);
				released = set_button(GREEN, false);
			}
			if (now_ns() - released > 2000 * MS) {
				fprintf(stderr,
					"hil-driver: bench: press %d: green never went dark (LEDs %s)\n",
					i, mask_text(read_leds()));
				return 1;
			}
			nap_ns(POLL_NAP_NS);
		}
	}
	fclose(out);
	printf("bench: %d presses; %d release(s) lost by gpio-sim and pressed again\n", count,
	       lost);
	return 0;
}

static int load_samples(const char *path, double **values)
{
	FILE *in = fopen(path, "r");
	if (!in)
		return -1;
	int count = 0, capacity = 1024;
	*values = malloc((size_t)capacity * sizeof(double));
	long long ns;
	while (fscanf(in, "%lld", &ns) == 1) {
		if (count == capacity)
			*values = realloc(*values, (size_t)(capacity *= 2) * sizeof(double));
		(*values)[count++] = (double)ns / 1000.0;
	}
	fclose(in);
	return count;
}

/* A fixed-seed xorshift generator: the same samples always give the same interval. */
static uint64_t resample_state;
static int resample_index(int count)
{
	resample_state ^= resample_state << 13;
	resample_state ^= resample_state >> 7;
	resample_state ^= resample_state << 17;
	return (int)(resample_state % (uint64_t)count);
}

/* The p99 of a resampling with replacement of `values` (count of them), drawn into
 * `scratch`. */
static double resampled_p99(const double *values, int count, double *scratch)
{
	for (int k = 0; k < count; k++)
		scratch[k] = values[resample_index(count)];
	return percentile(scratch, count, 0.99);
}

#define RESAMPLINGS 2000

/* The 95 % interval of p99(a) / p99(b), by the percentile bootstrap: how far the ratio
 * could move between runs of the same programs from the luck of the draw alone. */
static void p99_ratio_interval(const double *a, int a_count, const double *b, int b_count,
			       double *low, double *high)
{
	double *scratch = malloc((size_t)(a_count > b_count ? a_count : b_count) * sizeof(double));
	double *ratios = malloc(RESAMPLINGS * sizeof(double));
	resample_state = 0x9e3779b97f4a7c15ull;
	for (int r = 0; r < RESAMPLINGS; r++) {
		double numerator = resampled_p99(a, a_count, scratch);
		ratios[r] = numerator / resampled_p99(b, b_count, scratch);
	}
	*low = percentile(ratios, RESAMPLINGS, 0.025);
	*high = percentile(ratios, RESAMPLINGS, 0.975);
	free(ratios);
	free(scratch);
}

/* Prints a table of LABEL=FILE sample sets; a set "simond, X" is compared with
 * "floor, X": the ratio of their p50s and p99s, and the p99 ratio's 95 % interval. */
static int table(int argc, char **argv)
{
	double p50[16], p99[16], *samples[16];
	int counts[16];
	char labels[16][64];
	int n = argc < 16 ? argc : 16;
	printf("%-32s %7s %10s %10s %10s\n", "press to LED", "samples", "p50 (us)", "p99 (us)",
	       "max (us)");
	for (int i = 0; i < n; i++) {
		char *eq = strchr(argv[i], '=');
		if (!eq)
			return 2;
		snprintf(labels[i], sizeof(labels[i]), "%.*s", (int)(eq - argv[i]), argv[i]);
		samples[i] = NULL;
		counts[i] = load_samples(eq + 1, &samples[i]);
		if (counts[i] <= 0) {
			printf("%-32s no samples\n", labels[i]);
			p50[i] = p99[i] = 0;
			continue;
		}
		p50[i] = percentile(samples[i], counts[i], 0.50);
		p99[i] = percentile(samples[i], counts[i], 0.99);
		printf("%-32s %7d %10.0f %10.0f %10.0f\n", labels[i], counts[i], p50[i], p99[i],
		       percentile(samples[i], counts[i], 1.0));
	}
	for (int i = 0; i < n; i++) {
		if (strncmp(labels[i], "simond, ", 8) != 0 || p99[i] <= 0)
			continue;
		for (int j = 0; j < n; j++) {
			char want[80];
			snprintf(want, sizeof(want), "floor, %s", labels[i] + 8);
			if (strcmp(labels[j], want) != 0 || p99[j] <= 0 || p50[j] <= 0)
				continue;
			double ratio = p99[i] / p99[j], low, high;
			p99_ratio_interval(samples[i], counts[i], samples[j], counts[j], &low, &high);
			printf("simond / floor, %s: p50 %.2fx, p99 %.2fx, 95 %% interval %.2fx to %.2fx "
			       "(target: p99 within 1.2x): %s\n",
			       labels[i] + 8, p50[i] / p50[j], ratio, low, high,
			       ratio <= 1.2 ? "met" : "missed");
		}
	}
	for (int i = 0; i < n; i++)
		free(samples[i]);
	return 0;
}

static void *spin_thread(void *arg)
{
	volatile bool *stop = arg;
	while (!*stop) {
	}
	return NULL;
}

/* Measures what the emulated machine costs: reading the LEDs, and how late a 1 ms
 * sleep wakes, idle and with another CPU busy. */
static int probe(const char *sim)
{
	open_sim(sim);
	int64_t t0 = now_ns();
	for (int i = 0; i < 1000; i++)
		read_leds();
	printf("probe: reading the 4 LEDs takes %.1f us\n", (double)(now_ns() - t0) / 1000 / 1000);
	for (int i = 0; i < 5; i++) {
		snd_pcm_t *pcm;
		snd_pcm_hw_params_t *hw;
		int64_t began = now_ns();
		int err = snd_pcm_open(&pcm, "hw:Loopback,0,0", SND_PCM_STREAM_PLAYBACK, 0);
		int64_t opened = now_ns();
		if (err < 0) {
			printf("probe: open: %s\n", snd_strerror(err));
			break;
		}
		snd_pcm_hw_params_alloca(&hw);
		snd_pcm_uframes_t period = 128, buffer = 384;
		snd_pcm_hw_params_any(pcm, hw);
		snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED);
		snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE);
		snd_pcm_hw_params_set_channels(pcm, hw, 1);
		snd_pcm_hw_params_set_rate(pcm, hw, RATE, 0);
		snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, NULL);
		snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer);
		err = snd_pcm_hw_params(pcm, hw);
		int64_t configured = now_ns();
		snd_pcm_close(pcm);
		printf("probe: opening hw:Loopback,0,0 took %.1f ms, configuring it %.1f ms (%s)\n",
		       ms_of(opened - began), ms_of(configured - opened), snd_strerror(err));
	}
	for (int busy = 0; busy < 2; busy++) {
		volatile bool stop = false;
		pthread_t spinner;
		if (busy)
			pthread_create(&spinner, NULL, spin_thread, (void *)&stop);
		double late[500];
		struct rusage before_usage, after_usage;
		getrusage(RUSAGE_THREAD, &before_usage);
		for (int i = 0; i < 500; i++) {
			int64_t before = now_ns();
			nap_ns(MS);
			late[i] = ms_of(now_ns() - before - MS);
		}
		getrusage(RUSAGE_THREAD, &after_usage);
		stop = true;
		if (busy)
			pthread_join(spinner, NULL);
		double cpu_us = (after_usage.ru_utime.tv_sec - before_usage.ru_utime.tv_sec) * 1e6 +
				(after_usage.ru_utime.tv_usec - before_usage.ru_utime.tv_usec) +
				(after_usage.ru_stime.tv_sec - before_usage.ru_stime.tv_sec) * 1e6 +
				(after_usage.ru_stime.tv_usec - before_usage.ru_stime.tv_usec);
		printf("probe: a sleep costs %.0f us of CPU\n", cpu_us / 500);
		printf("probe: 1 ms sleeps%s wake late by p50 %.2f, p99 %.2f, max %.2f ms\n",
		       busy ? " beside a busy thread" : "", percentile(late, 500, 0.5),
		       percentile(late, 500, 0.99), percentile(late, 500, 1));
	}
	return 0;
}

/* The vibration motor's line: a tap at idle clicks it for 40 ms; the game the tap's
 * release starts, left unanswered, ends by timeout with a 400 ms buzz. Reads the line
 * every ms from the tap until the buzz has ended (15 s at most). Each edge happened
 * between the last reading that did not see it and the first that did: after the
 * moment the one began (a read sees the line somewhere inside its own span, and the
 * emulator can stop the guest in the middle of one), before the moment the other
 * ended. So each pulse's length is known to lie within a range; the emulator now and
 * then keeps the driver from reading for tens of ms, which widens it. A pulse passes when its range meets
 * [its length, its length + 60 ms] (simond's timer wakes late under TCG; it times each
 * pulse from when it started the motor, so a press read late still clicks whole).
 * Prints "haptics: ok ..." or "haptics: FAIL ..."; exits 0 when both pulses passed, 1
 * when one did not, 3 when a range was wider than 20 ms and failed (inconclusive). */
static int haptics(const char *sim, int offset)
{
	open_sim(sim);
	int motor = open_attribute(sim, offset, "value", O_RDONLY);
	int64_t on_lo[3] = { 0 }, on_hi[3] = { 0 }, off_lo[3] = { 0 }, off_hi[3] = { 0 };
	int pulses = 0;
	bool on = false, released = false;
	int64_t tap = set_button(GREEN, true);
	int64_t deadline = tap + 15000 * MS, previous = tap;
	while (now_ns() < deadline && pulses < 3 && !(pulses == 2 && !on)) {
		char c = '0';
		int64_t began = now_ns();
		if (pread(motor, &c, 1, 0) != 1) {
			printf("haptics: FAIL cannot read line %d: %s\n", offset, strerror(errno));
			return 1;
		}
		int64_t t = now_ns();
		if ((c == '1') != on) {
			on = c == '1';
			if (on) {
				on_lo[pulses] = previous;
				on_hi[pulses] = t;
			} else {
				off_lo[pulses] = previous;
				off_hi[pulses++] = t;
			}
		}
		previous = began;
		if (!released && t - tap >= 150 * MS) {
			set_button(GREEN, false);
			released = true;
		}
		nap_ns(MS);
	}
	if (!released)
		set_button(GREEN, false);
	if (pulses != 2 || on) {
		printf("haptics: FAIL want a click and a buzz, saw %d pulse(s)%s within %.0f s\n", pulses,
		       on ? " and the motor still on" : "", ms_of(now_ns() - tap) / 1000);
		return 1;
	}
	static const double want[2] = { 40, 400 };
	static const char *what[2] = { "click", "game-over buzz" };
	int status = 0;
	char ranges[2][96];
	for (int i = 0; i < 2; i++) {
		double shortest = ms_of(off_lo[i] - on_hi[i]), longest = ms_of(off_hi[i] - on_lo[i]);
		snprintf(ranges[i], sizeof(ranges[i]), "%s %.1f-%.1f ms", what[i], shortest, longest);
		printf("haptics: %s from %.1f ms after the press, between %.1f and %.1f ms long\n",
		       what[i], ms_of(on_lo[i] - tap), shortest, longest);
		if (longest >= want[i] && shortest <= want[i] + 60)
			continue;
		printf("haptics: FAIL the %s is not %.0f ms: %s%s\n", what[i], want[i], ranges[i],
		       longest - shortest > 20 ? " (inconclusive: the driver was kept from reading)" : "");
		if (status == 0)
			status = longest - shortest > 20 ? 3 : 1;
	}
	if (status == 0)
		printf("haptics: ok %s, %s at game over %.2f s after the press\n", ranges[0], ranges[1],
		       ms_of(on_lo[1] - tap) / 1000);
	return status;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 3 && strcmp(argv[1], "game") == 0) {
		options = (struct game_options){ .sim = argv[2], .rounds = 3, .end = "mistake" };
		for (int i = 3; i < argc; i++) {
			const char *arg = argv[i];
			const char *value = i + 1 < argc ? argv[i + 1] : "";
			if (strcmp(arg, "--rounds") == 0)
				options.rounds = atoi(value), i++;
			else if (strcmp(arg, "--end") == 0)
				options.end = value, i++;
			else if (strcmp(arg, "--pid") == 0)
				options.pid = (pid_t)atoi(value), i++;
			else if (strcmp(arg, "--chip") == 0)
				options.chip = value, i++;
			else if (strcmp(arg, "--capture") == 0)
				options.capture = value, i++;
			else if (strcmp(arg, "--start") == 0)
				options.start = pad_named(value), i++;
			else if (strcmp(arg, "--schedule") == 0)
				options.schedule = value, i++;
			else if (strcmp(arg, "--chatter") == 0 && atoi(value) > 5)
				options.chatter = atoi(value), i++;
			else if (strcmp(arg, "--started") == 0)
				options.started = true;
			else {
				fprintf(stderr, "hil-driver: unknown option %s\n", arg);
				return 2;
			}
		}
		if (strcmp(options.end, "sigterm") == 0 && (!options.pid || !options.chip)) {
			fprintf(stderr, "hil-driver: --end sigterm needs --pid and --chip\n");
			return 2;
		}
		return play_game();
	}
	if (argc == 3 && strcmp(argv[1], "probe") == 0)
		return probe(argv[2]);
	if (argc == 5 && strcmp(argv[1], "bench") == 0)
		return bench(argv[2], argv[3], atoi(argv[4]));
	if (argc >= 3 && strcmp(argv[1], "table") == 0)
		return table(argc - 2, argv + 2);
	if (argc == 7 && strcmp(argv[1], "pause") == 0)
		return pause_tones(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]), atoi(argv[6]));
	if (argc >= 4 && strcmp(argv[1], "listen") == 0)
		return listen_to(argv[2], argv + 3);
	if (argc == 4 && strcmp(argv[1], "haptics") == 0)
		return haptics(argv[2], atoi(argv[3]));
	if (argc == 3 && strcmp(argv[1], "hog") == 0)
		return hog(atoi(argv[2]));
	if (argc == 4 && strcmp(argv[1], "watch") == 0) {
		int64_t at;
		open_sim(argv[2]);
		next_leds(read_leds(), now_ns() + atoi(argv[3]) * MS, &at);
		printf("watch: the LEDs went unwatched %d times for more than 10 ms, at most %.1f ms\n",
		       blind.over_10ms, ms_of(blind.longest));
		return 0;
	}
	fprintf(stderr, "usage: hil-driver game SIMDIR [options] | bench SIMDIR OUT COUNT | "
			"table LABEL=FILE... | pause SIMDIR PCM COUNT PAUSE_MS FOLLOW | "
			"listen PCM COMMAND... | hog CPU | watch SIMDIR MS | probe SIMDIR | "
			"haptics SIMDIR OFFSET\n");
	return 2;
}
