#ifndef CSIMONPOSIX_H
#define CSIMONPOSIX_H

/* What Swift's Glibc module leaves out (it is built without _GNU_SOURCE): -1 with errno,
 * no printing. */

#include <poll.h>
#include <stdint.h>

/* ppoll(2) with a timeout in nanoseconds; a negative timeout waits without one. */
int csimonposix_ppoll(struct pollfd *fds, nfds_t count, int64_t timeout_ns);

/* pipe2(2) with O_CLOEXEC, and O_NONBLOCK on both ends when nonblocking is not 0. */
int csimonposix_pipe(int ends[2], int nonblocking);

/* accept4(2) with SOCK_CLOEXEC and SOCK_NONBLOCK. */
int csimonposix_accept(int listener);

/* pthread_setname_np(3) for the calling thread: 0, or ERANGE for a name over 15 bytes. */
int csimonposix_name_thread(const char *name);

#endif
