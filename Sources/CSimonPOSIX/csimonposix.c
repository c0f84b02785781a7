#define _GNU_SOURCE
#include "csimonposix.h"

#include <signal.h>
#include <time.h>

int csimonposix_ppoll(struct pollfd *fds, nfds_t count, int64_t timeout_ns)
{
	if (timeout_ns < 0)
		return ppoll(fds, count, NULL, NULL);
	struct timespec timeout = { .tv_sec = timeout_ns / 1000000000,
				    .tv_nsec = timeout_ns % 1000000000 };
	return ppoll(fds, count, &timeout, NULL);
}
