#define _GNU_SOURCE

#include "calsa.h"

#include <alsa/asoundlib.h>
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#define PCM(p) ((snd_pcm_t *)(p))

static void quiet(const char *file, int line, const char *function, int err, const char *fmt,
                  ...) {
  (void)file;
  (void)line;
  (void)function;
  (void)err;
  (void)fmt;
}

static int configure(snd_pcm_t *pcm, calsa_params *params) {
  snd_pcm_hw_params_t *hw;
  snd_pcm_sw_params_t *sw;
  snd_pcm_uframes_t period = params->period_frames;
  snd_pcm_uframes_t buffer = params->buffer_frames;
  unsigned int rate = params->rate;
  unsigned int channels = params->channels;
  int dir = 0;
  int err;

  snd_pcm_hw_params_alloca(&hw);
  if ((err = snd_pcm_hw_params_any(pcm, hw)) < 0) return err;
  if ((err = snd_pcm_hw_params_set_access(pcm, hw, SND_PCM_ACCESS_RW_INTERLEAVED)) < 0) return err;
  if ((err = snd_pcm_hw_params_set_format(pcm, hw, SND_PCM_FORMAT_S16_LE)) < 0) return err;
  if ((err = snd_pcm_hw_params_set_channels_near(pcm, hw, &channels)) < 0) return err;
  if ((err = snd_pcm_hw_params_set_rate_near(pcm, hw, &rate, &dir)) < 0) return err;
  if ((err = snd_pcm_hw_params_set_period_size_near(pcm, hw, &period, &dir)) < 0) return err;
  if ((err = snd_pcm_hw_params_set_buffer_size_near(pcm, hw, &buffer)) < 0) return err;
  if ((err = snd_pcm_hw_params(pcm, hw)) < 0) return err;
  if ((err = snd_pcm_hw_params_get_period_size(hw, &period, &dir)) < 0) return err;
  if ((err = snd_pcm_hw_params_get_buffer_size(hw, &buffer)) < 0) return err;

  snd_pcm_sw_params_alloca(&sw);
  if ((err = snd_pcm_sw_params_current(pcm, sw)) < 0) return err;
  if ((err = snd_pcm_sw_params_set_start_threshold(pcm, sw, period)) < 0) return err;
  if ((err = snd_pcm_sw_params_set_avail_min(pcm, sw, period)) < 0) return err;
  if ((err = snd_pcm_sw_params(pcm, sw)) < 0) return err;

  params->rate = rate;
  params->channels = channels;
  params->period_frames = period;
  params->buffer_frames = buffer;
  return 0;
}

int calsa_open(calsa_pcm **out, const char *name, int blocking, calsa_params *params) {
  snd_pcm_t *pcm = NULL;
  int err;

  *out = NULL;
  snd_lib_error_set_handler(quiet);
  if ((err = snd_pcm_open(&pcm, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)) < 0) return err;
  if ((err = configure(pcm, params)) < 0 || (blocking && (err = snd_pcm_nonblock(pcm, 0)) < 0)) {
    snd_pcm_close(pcm);
    return err;
  }
  *out = (calsa_pcm *)pcm;
  return 0;
}

long calsa_write(calsa_pcm *pcm, const int16_t *samples, unsigned long frames) {
  return (long)snd_pcm_writei(PCM(pcm), samples, frames);
}

long calsa_avail(calsa_pcm *pcm) { return (long)snd_pcm_avail_update(PCM(pcm)); }

int calsa_recover(calsa_pcm *pcm, int err) { return snd_pcm_recover(PCM(pcm), err, 1); }

int calsa_drop(calsa_pcm *pcm) { return snd_pcm_drop(PCM(pcm)); }

int calsa_drain(calsa_pcm *pcm) {
  int err = snd_pcm_nonblock(PCM(pcm), 0);
  return err < 0 ? err : snd_pcm_drain(PCM(pcm));
}

int calsa_prepare(calsa_pcm *pcm) { return snd_pcm_prepare(PCM(pcm)); }

void calsa_close(calsa_pcm *pcm) { snd_pcm_close(PCM(pcm)); }

int calsa_wait(calsa_pcm *pcm, int wake_fd, int64_t timeout_ns) {
  struct pollfd fds[16];
  int count = 0;
  int result = 0;
  struct timespec timeout;

  if (pcm != NULL) {
    count = snd_pcm_poll_descriptors_count(PCM(pcm));
    if (count < 0) return count;
    if (count > 15) return -EINVAL;
    if ((count = snd_pcm_poll_descriptors(PCM(pcm), fds, (unsigned int)count)) < 0) return count;
  }
  fds[count].fd = wake_fd;
  fds[count].events = POLLIN;
  fds[count].revents = 0;

  timeout.tv_sec = (time_t)(timeout_ns / 1000000000);
  timeout.tv_nsec = (long)(timeout_ns % 1000000000);
  if (ppoll(fds, (nfds_t)count + 1, timeout_ns < 0 ? NULL : &timeout, NULL) < 0) {
    return errno == EINTR ? 0 : -errno;
  }

  if (fds[count].revents & POLLIN) result |= 2;
  if (pcm != NULL) {
    unsigned short revents = 0;
    int err = snd_pcm_poll_descriptors_revents(PCM(pcm), fds, (unsigned int)count, &revents);
    if (err < 0 || (revents & (POLLOUT | POLLERR | POLLNVAL | POLLHUP))) result |= 1;
  }
  return result;
}

const char *calsa_strerror(int err) { return snd_strerror(err); }

int calsa_wake_open(void) {
  int fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  return fd < 0 ? -errno : fd;
}

int calsa_wake_signal(int wake_fd) {
  uint64_t one = 1;
  if (write(wake_fd, &one, sizeof one) < 0 && errno != EAGAIN) return -errno;
  return 0;
}

int calsa_wake_clear(int wake_fd) {
  uint64_t count;
  if (read(wake_fd, &count, sizeof count) < 0 && errno != EAGAIN) return -errno;
  return 0;
}

void calsa_wake_close(int wake_fd) { close(wake_fd); }
