/*
 * hil-player: tones played the way simond's audio thread plays them, with nothing else
 * around: the reference that simond's underruns in the hardware-in-the-loop VM are
 * judged against.
 *
 *   hil-player PCM [TONES]     e.g. hil-player hw:Loopback,0,0 25
 *
 * As simond does (Sources/CALSA/calsa.c, Sources/SimonAudio/AudioEngine.swift, the
 * defaults of ALSASpeaker.Configuration): opens PCM non-blocking, S16_LE mono at
 * 48 kHz, a period of 128 frames and a buffer of 384 (8 ms), playback starting once a
 * period is written and waking the writer a period at a time; then in one thread at
 * normal priority, waits in poll for a period of room and writes at most a period,
 * rendered just before, and recovers an underrun at once. It plays TONES tones (25) of
 * 420 ms, the four pad frequencies in turn, each followed by 80 ms of silence that is
 * written too (the device stays open and fed between tones, as simond keeps it), then
 * drains and closes, and prints the underruns it recovered from.
 */
#include <alsa/asoundlib.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATE 48000
#define PERIOD 128
#define BUFFER 384
#define TONE_MS 420
#define GAP_MS 80
#define RAMP_FRAMES (RATE / 1000 * 3) /* 3 ms in and out, so a tone does not click */

static const double pad_hz[] = { 415, 310, 252, 209 };

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

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3 || (argc == 3 && atoi(argv[2]) < 1)) {
		fprintf(stderr, "usage: hil-player PCM [TONES]\n");
		return 2;
	}
	const char *name = argv[1];
	const long tones = argc == 3 ? atoi(argv[2]) : 25;
	const long tone_frames = RATE / 1000 * TONE_MS, cycle = RATE / 1000 * (TONE_MS + GAP_MS);
	const long total = tones * cycle;
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
	long frame = 0, underruns = 0;
	while (frame < total) {
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
		for (long i = 0; i < frames; i++) {
			long at = (frame + i) % cycle, tone = (frame + i) / cycle;
			double gain = 0;
			if (at < tone_frames) {
				gain = 0.6;
				if (at < RAMP_FRAMES)
					gain *= (double)at / RAMP_FRAMES;
				if (tone_frames - at < RAMP_FRAMES)
					gain *= (double)(tone_frames - at) / RAMP_FRAMES;
			}
			double phase = fmod(pad_hz[tone % 4] * (double)at / RATE, 1);
			block[i] = (int16_t)lrint(32767 * gain * sin(2 * M_PI * phase));
		}
		snd_pcm_sframes_t wrote = snd_pcm_writei(pcm, block, (snd_pcm_uframes_t)frames);
		if (wrote == -EAGAIN)
			continue;
		if (wrote == -EPIPE || wrote == -ESTRPIPE) {
			if ((err = snd_pcm_recover(pcm, (int)wrote, 1)) < 0)
				return fail("recover", name, err);
			underruns++;
			continue; /* the block is lost, as simond drops what it had pending */
		}
		if (wrote < 0)
			return fail("write to", name, (int)wrote);
		frame += wrote;
	}
	if ((err = snd_pcm_nonblock(pcm, 0)) < 0 || (err = snd_pcm_drain(pcm)) < 0)
		return fail("drain", name, err);
	snd_pcm_close(pcm);
	printf("hil-player: %ld tones of %d ms played on %s (period %d, buffer %d frames); %ld "
	       "underrun(s), recovered\n",
	       tones, TONE_MS, name, PERIOD, BUFFER, underruns);
	return 0;
}
