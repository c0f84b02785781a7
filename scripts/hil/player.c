/*
 * hil-player: tones played the way simond's audio thread plays them, with nothing else
 * around: the reference that simond's underruns in the hardware-in-the-loop VM are
 * judged against.
 *
 *   hil-player [--schedule FILE] [--stop-between] [--fifo PRIO] PCM [TONES]
 *       e.g. hil-player hw:Loopback,0,0 25
 *            hil-player --schedule /tmp/game1.schedule --stop-between --fifo 20 hw:Loopback,0,0
 *
 * As simond does (Sources/CALSA/calsa.c, Sources/SimonAudio/AudioEngine.swift, the
 * defaults of ALSASpeaker.Configuration): opens PCM non-blocking, S16_LE mono at
 * 48 kHz, a period of 128 frames and a buffer of 384 (8 ms), playback starting once a
 * period is written and waking the writer a period at a time; then in one thread, waits
 * in poll for a period of room and writes at most a period, rendered just before, and
 * recovers an underrun at once. Each tone as simond's synthesizer makes it
 * (Sources/SimonAudio/ToneSynthesizer.swift): a 5 ms attack and a 5 ms release, a sine,
 * or below 100 Hz a sine driven into soft clipping (the razz); a tone that replaces
 * another cross-fades with it.
 *
 * The tones: TONES (25) of 420 ms, the four pad frequencies in turn, each followed by
 * 80 ms of silence; or with --schedule, those of FILE, one a line "START_MS STOP_MS HZ"
 * (lines starting with # are skipped), as hil-driver game --schedule writes what simond
 * played in a game: the same tones at the same times.
 *
 * Between tones the device is fed silence and keeps running; with --stop-between it is
 * handled as simond handles it: once a tone's release has played, a buffer of silence
 * follows, then the stream is dropped and prepared, and the player sleeps until the next
 * tone is due (on the clock, from when the first started), whose first period starts the
 * stream again. --fifo PRIO: the thread runs in the real-time FIFO class at PRIO, as
 * simond's audio thread does (20) when allowed. Then drains, closes, and prints what it
 * played and the underruns it recovered from.
 */
#define _GNU_SOURCE
#include <alsa/asoundlib.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RATE 48000
#define PERIOD 128
#define BUFFER 384
#define TONE_MS 420
#define GAP_MS 80
#define RAMP_FRAMES (RATE / 1000 * 5) /* simond's attack and release: 5 ms */
#define LEVEL 0.6
#define MAX_TONES 1024

static const double pad_hz[] = { 415, 310, 252, 209 };

/* One tone: sounding from frame `start`, released at `stop` (fading out over
 * RAMP_FRAMES after it). */
struct tone {
	long start, stop;
	double hz;
};

static struct tone tones[MAX_TONES];
static int tone_count;

static int fail(const char *what, const char *pcm, int err)
{
	fprintf(stderr, "hil-player: cannot %s %s: %s\n", what, pcm, snd_strerror(err));
	return 1;
}

static int configure(snd_pcm_t *pcm)
{
	snd_pcm_hw_params_t *hw;
	snd_pcm_sw_params_t *sw;
	snd_pcm_uframes_t period = PERIOD, buffer = BUFFER;
	unsigned int rate = RATE;
	int dir = 0, err;
	snd_pcm_hw_params_alloca(&hw);
	if ((err = snd_pcm_hw_params_any(pcm, hw)) < 0 ||
	    (err = snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED)) < 0 ||
	    (err = snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE)) < 0 ||
	    (err = snd_pcm_hw_params_set_channels(pcm, hw, 1)) < 0 ||
	    (err = snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &dir)) < 0 ||
	    (err = snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &dir)) < 0 ||
	    (err = snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer)) < 0 ||
	    (err = snd_pcm_hw_params(pcm, hw)) < 0)
		return err;
	if (rate != RATE || period != PERIOD || buffer != BUFFER)
		fprintf(stderr, "hil-player: the device gave %u Hz, period %lu, buffer %lu\n", rate,
			(unsigned long)period, (unsigned long)buffer);
	snd_pcm_sw_params_alloca(&sw);
	if ((err = snd_pcm_sw_params_current(pcm, sw)) < 0 ||
	    (err = snd_pcm_sw_params_set_start_threshold(pcm, sw, period)) < 0 ||
	    (err = snd_pcm_sw_params_set_avail_min(pcm, sw, period)) < 0 ||
	    (err = snd_pcm_sw_params(pcm, sw)) < 0)
		return err;
	return 0;
}

static long frames_of_ms(double ms)
{
	return lround(ms * RATE / 1000);
}

/* The tones of a schedule file, from the first's start at frame 0; 0, or -1 when the
 * file cannot be read or holds no tone. */
static int read_schedule(const char *path)
{
	FILE *file = fopen(path, "r");
	if (!file) {
		fprintf(stderr, "hil-player: cannot read %s: %s\n", path, strerror(errno));
		return -1;
	}
	char line[256];
	double first = NAN;
	while (fgets(line, sizeof(line), file) && tone_count < MAX_TONES) {
		double start, stop, hz;
		if (line[0] == '#' || sscanf(line, "%lf %lf %lf", &start, &stop, &hz) != 3)
			continue;
		if (isnan(first))
			first = start;
		tones[tone_count++] =
			(struct tone){ frames_of_ms(start - first), frames_of_ms(stop - first), hz };
	}
	fclose(file);
	if (tone_count == 0) {
		fprintf(stderr, "hil-player: no tone in %s\n", path);
		return -1;
	}
	return 0;
}

/* The sample of every tone sounding at `frame`, as simond's synthesizer sums them. */
static int16_t sample_at(long frame)
{
	double sum = 0;
	for (int k = 0; k < tone_count; k++) {
		const struct tone *t = &tones[k];
		if (frame < t->start || frame >= t->stop + RAMP_FRAMES)
			continue;
		long at = frame - t->start;
		double gain = LEVEL;
		if (at < RAMP_FRAMES)
			gain *= (double)at / RAMP_FRAMES;
		if (frame >= t->stop)
			gain *= 1 - (double)(frame - t->stop) / RAMP_FRAMES;
		double wave = sin(2 * M_PI * fmod(t->hz * (double)at / RATE, 1));
		if (t->hz < 100) /* simond's buzz: a sine driven into soft clipping */
			wave = fmax(-1, fmin(1, 3 * wave));
		sum += gain * wave;
	}
	return (int16_t)lrint(32767 * fmax(-1, fmin(1, sum)));
}

/* Whether any tone sounds (or fades) at or after `frame`, up to `until`. */
static bool sounding_between(long frame, long until)
{
	for (int k = 0; k < tone_count; k++)
		if (tones[k].start < until && tones[k].stop + RAMP_FRAMES > frame)
			return true;
	return false;
}

/* The first tone starting at or after `frame`, or -1. */
static int next_tone(long frame)
{
	int next = -1;
	for (int k = 0; k < tone_count; k++)
		if (tones[k].start >= frame && (next < 0 || tones[k].start < tones[next].start))
			next = k;
	return next;
}

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	const char *schedule = NULL;
	bool stop_between = false;
	int fifo = 0, arg = 1;
	for (; arg < argc && strncmp(argv[arg], "--", 2) == 0; arg++) {
		if (strcmp(argv[arg], "--schedule") == 0 && arg + 1 < argc)
			schedule = argv[++arg];
		else if (strcmp(argv[arg], "--stop-between") == 0)
			stop_between = true;
		else if (strcmp(argv[arg], "--fifo") == 0 && arg + 1 < argc && atoi(argv[arg + 1]) > 0)
			fifo = atoi(argv[++arg]);
		else
			break;
	}
	if (arg >= argc || argc - arg > 2 || (argc - arg == 2 && (schedule || atoi(argv[arg + 1]) < 1))) {
		fprintf(stderr,
			"usage: hil-player [--schedule FILE] [--stop-between] [--fifo PRIO] PCM [TONES]\n");
		return 2;
	}
	const char *name = argv[arg];
	if (schedule) {
		if (read_schedule(schedule) < 0)
			return 1;
	} else {
		const long count = argc - arg == 2 ? atoi(argv[arg + 1]) : 25;
		const long cycle = frames_of_ms(TONE_MS + GAP_MS);
		for (long k = 0; k < count && k < MAX_TONES; k++)
			tones[tone_count++] =
				(struct tone){ k * cycle, k * cycle + frames_of_ms(TONE_MS), pad_hz[k % 4] };
	}
	long total = 0;
	for (int k = 0; k < tone_count; k++)
		if (tones[k].stop + RAMP_FRAMES > total)
			total = tones[k].stop + RAMP_FRAMES;
	total += BUFFER;
	if (fifo) {
		struct sched_param param = { .sched_priority = fifo };
		int err = sched_setscheduler(0, SCHED_FIFO, &param);
		if (err != 0) {
			perror("hil-player: SCHED_FIFO");
			return 1;
		}
	}

	snd_pcm_t *pcm;
	int err;
	if ((err = snd_pcm_open(&pcm, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)) < 0)
		return fail("open", name, err);
	if ((err = configure(pcm)) < 0)
		return fail("configure", name, err);
	struct pollfd fds[8];
	int nfds = snd_pcm_poll_descriptors(pcm, fds, 8);
	if (nfds <= 0)
		return fail("poll", name, nfds < 0 ? nfds : -EINVAL);

	int16_t block[PERIOD];
	long frame = 0, underruns = 0, starts = 0;
	int64_t origin = 0; /* when the first tone's first period was written */
	bool running = false;
	while (frame < total) {
		if (stop_between && running && !sounding_between(frame - BUFFER, frame + PERIOD)) {
			/* A buffer of silence has followed the last sound: as simond, drop
			 * the stream, prepare it, and sleep until the next tone is due. */
			snd_pcm_drop(pcm);
			if ((err = snd_pcm_prepare(pcm)) < 0)
				return fail("prepare", name, err);
			running = false;
			int next = next_tone(frame);
			if (next < 0)
				break;
			int64_t due = origin + (int64_t)tones[next].start * 1000000000LL / RATE;
			struct timespec at = { .tv_sec = due / 1000000000LL, .tv_nsec = due % 1000000000LL };
			while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL) == EINTR)
				;
			frame = tones[next].start;
		}
		snd_pcm_sframes_t room = snd_pcm_avail_update(pcm);
		if (room == -EPIPE || room == -ESTRPIPE) {
			if ((err = snd_pcm_recover(pcm, (int)room, 1)) < 0)
				return fail("recover", name, err);
			underruns++;
			continue;
		}
		if (room < 0)
			return fail("query", name, (int)room);
		if (room < PERIOD) {
			if (poll(fds, (nfds_t)nfds, 100) < 0 && errno != EINTR) {
				perror("hil-player: poll");
				return 1;
			}
			continue;
		}
		long frames = PERIOD < total - frame ? PERIOD : total - frame;
		for (long i = 0; i < frames; i++)
			block[i] = sample_at(frame + i);
		if (!running) {
			starts++;
			if (origin == 0)
				origin = now_ns();
		}
		snd_pcm_sframes_t wrote = snd_pcm_writei(pcm, block, (snd_pcm_uframes_t)frames);
		if (wrote == -EAGAIN)
			continue;
		if (wrote == -EPIPE || wrote == -ESTRPIPE) {
			if ((err = snd_pcm_recover(pcm, (int)wrote, 1)) < 0)
				return fail("recover", name, err);
			underruns++;
			running = false;
			frame += frames; /* the block is lost, as simond drops what it had pending */
			continue;
		}
		if (wrote < 0)
			return fail("write to", name, (int)wrote);
		running = true;
		frame += wrote;
	}
	if ((err = snd_pcm_nonblock(pcm, 0)) < 0 || (err = snd_pcm_drain(pcm)) < 0)
		return fail("drain", name, err);
	snd_pcm_close(pcm);
	printf("hil-player: %d tones played on %s (period %d, buffer %d frames; %s between tones, "
	       "stream started %ld times; %s); %ld underrun(s), recovered\n",
	       tone_count, name, PERIOD, BUFFER, stop_between ? "stopped" : "fed",
	       starts, fifo ? "SCHED_FIFO" : "normal priority", underruns);
	return 0;
}
