// A thin shim over alsa-lib for SimonAudio: one function per operation, each
// returning 0 (or a count) on success and a negative errno on failure. Nothing here
// prints; alsa-lib's own error messages are silenced when the first PCM is opened.
#ifndef CALSA_H
#define CALSA_H

#include <errno.h>
#include <stdint.h>

/// The negative errno values the audio code tells apart, as alsa-lib returns them.
enum {
  /// No room in a non-blocking stream.
  CALSA_AGAIN = -EAGAIN,
  /// An underrun.
  CALSA_UNDERRUN = -EPIPE,
  /// The device was suspended.
  CALSA_SUSPENDED = -ESTRPIPE,
  /// No such PCM, or no sound card.
  CALSA_NO_ENTRY = -ENOENT,
  /// Another program holds the device.
  CALSA_BUSY = -EBUSY,
  /// The device exists but this user may not open it.
  CALSA_ACCESS = -EACCES,
  /// Not permitted.
  CALSA_PERMISSION = -EPERM,
  /// The device went away.
  CALSA_NO_DEVICE = -ENODEV,
  /// The device stopped taking samples.
  CALSA_TIMED_OUT = -ETIMEDOUT,
};

/// An open ALSA playback PCM (an snd_pcm_t underneath).
typedef struct calsa_pcm calsa_pcm;

/// What a PCM was configured with; the device may differ from what was asked.
typedef struct calsa_params {
  /// Frames per second.
  unsigned int rate;
  /// Interleaved channels per frame (1 where the device takes mono).
  unsigned int channels;
  /// Frames per period: the device wakes the writer once per period.
  unsigned long period_frames;
  /// Frames the device buffer holds.
  unsigned long buffer_frames;
} calsa_params;

/// Opens the playback PCM `name` (snd_pcm_open, never waiting for a busy device) and
/// sets it up for interleaved S16_LE at `params` (snd_pcm_hw_params, snd_pcm_sw_params:
/// playback starts once one period is written, the writer wakes per period).
/// `params` is updated with what the device accepted. `blocking` selects whether
/// writes wait for room. Returns 0 and `*out`, or a negative errno with `*out` NULL.
int calsa_open(calsa_pcm **out, const char *name, int blocking, calsa_params *params);

/// Writes `frames` interleaved frames (snd_pcm_writei). Returns the frames written,
/// -EAGAIN when a non-blocking PCM has no room, or another negative errno
/// (-EPIPE after an underrun, -ESTRPIPE after a suspend, -ENODEV when unplugged).
long calsa_write(calsa_pcm *pcm, const int16_t *samples, unsigned long frames);

/// The frames that can be written now (snd_pcm_avail_update), or a negative errno.
long calsa_avail(calsa_pcm *pcm);

/// Recovers from an underrun or a suspend reported as `err` (snd_pcm_recover, silent).
/// Returns 0 when the PCM can be written again, else a negative errno.
int calsa_recover(calsa_pcm *pcm, int err);

/// Stops at once, discarding what is queued (snd_pcm_drop).
int calsa_drop(calsa_pcm *pcm);

/// Plays what is queued and stops (snd_pcm_drain, in blocking mode).
int calsa_drain(calsa_pcm *pcm);

/// Makes a stopped PCM ready to start again (snd_pcm_prepare).
int calsa_prepare(calsa_pcm *pcm);

/// Closes the PCM (snd_pcm_close). The handle is invalid afterwards.
void calsa_close(calsa_pcm *pcm);

/// Waits until the PCM has room for a period (when `pcm` is not NULL), the wake
/// descriptor `wake_fd` is signalled, or `timeout_ns` passes (negative: no timeout)
/// (snd_pcm_poll_descriptors, ppoll, snd_pcm_poll_descriptors_revents).
/// Returns a bit set: 1 the PCM has room or an error to collect by writing,
/// 2 woken, 0 timed out; or a negative errno.
int calsa_wait(calsa_pcm *pcm, int wake_fd, int64_t timeout_ns);

/// A description of an error code returned by this shim (snd_strerror).
const char *calsa_strerror(int err);

/// Opens a non-blocking wake descriptor for `calsa_wait` (eventfd).
/// Returns the descriptor or a negative errno.
int calsa_wake_open(void);

/// Signals the wake descriptor (write on the eventfd). Returns 0 or a negative errno.
int calsa_wake_signal(int wake_fd);

/// Clears a signalled wake descriptor (read on the eventfd). Returns 0 or a negative errno.
int calsa_wake_clear(int wake_fd);

/// Closes the wake descriptor (close).
void calsa_wake_close(int wake_fd);

#endif
