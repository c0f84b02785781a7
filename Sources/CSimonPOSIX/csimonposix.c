#define _GNU_SOURCE
#include "csimonposix.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

int csimonposix_ppoll(struct pollfd *fds, nfds_t count, int64_t timeout_ns)
{
	if (timeout_ns < 0)
		return ppoll(fds, count, NULL, NULL);
	struct timespec timeout = { .tv_sec = timeout_ns / 1000000000,
				    .tv_nsec = timeout_ns % 1000000000 };
	return ppoll(fds, count, &timeout, NULL);
}

int csimonposix_pipe(int ends[2], int nonblocking)
{
	return pipe2(ends, O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0));
}

int csimonposix_accept(int listener)
{
	return accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
}

int csimonposix_name_thread(const char *name)
{
	return pthread_setname_np(pthread_self(), name);
}
