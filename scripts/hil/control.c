/*
 * hil-control: the control-socket client of the power-cut runs (scripts/hil-test
 * powercut), run inside the test VM beside a looping player.
 *
 *   hil-control SOCKET
 *
 * It connects to simond's control socket (trying for 30 s) and makes the writes a
 * cabinet makes besides its games: after each game over it names that game (a name
 * request), and after each answer it changes a setting (difficulty, in turn easy,
 * medium, hard). Each request is printed as "powercut: sent LINE" before it is written;
 * each game over with a stored record, and each answer, is printed as "powercut: heard
 * LINE" as soon as it is read. So the console tells the host what simond acknowledged
 * before the power was cut: what it must find on disk at the next boot. Runs until
 * killed, or exits 1 when the socket goes away.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static int control = -1;
static long next_id = 1;

static void say(const char *what, const char *line)
{
	printf("powercut: %s %s\n", what, line);
	fflush(stdout);
}

/* Prints, then writes one request line. */
static void send_request(const char *line)
{
	say("sent", line);
	char buffer[512];
	int length = snprintf(buffer, sizeof buffer, "%s\n", line);
	for (int done = 0; done < length;) {
		ssize_t n = write(control, buffer + done, (size_t)(length - done));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			perror("hil-control: write");
			exit(1);
		}
		done += (int)n;
	}
}

/* The number after "KEY": in LINE, or -1. */
static long number_after(const char *line, const char *key)
{
	const char *at = strstr(line, key);
	if (!at)
		return -1;
	at += strlen(key);
	while (*at == ' ')
		at++;
	char *end;
	long value = strtol(at, &end, 10);
	return end == at ? -1 : value;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: hil-control SOCKET\n");
		return 64;
	}
	struct sockaddr_un address = {.sun_family = AF_UNIX};
	snprintf(address.sun_path, sizeof address.sun_path, "%s", argv[1]);
	for (int tries = 0;; tries++) {
		control = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (control >= 0 && connect(control, (struct sockaddr *)&address, sizeof address) == 0)
			break;
		if (tries >= 300) {
			perror("hil-control: connect");
			return 1;
		}
		close(control);
		nanosleep(&(struct timespec){.tv_nsec = 100000000}, NULL);
	}
	FILE *in = fdopen(control, "r");
	if (!in) {
		perror("hil-control: fdopen");
		return 1;
	}
	static const char *const difficulties[] = {"easy", "medium", "hard"};
	static const char *const names[] = {"Ann", "Bob", "Cleo", "Dev"};
	long sets = 0, naming = -1;
	char *line = NULL;
	size_t capacity = 0;
	ssize_t length;
	while ((length = getline(&line, &capacity, in)) > 0) {
		if (line[length - 1] == '\n')
			line[length - 1] = '\0';
		char request[256];
		if (strncmp(line, "{\"game_over\":", 13) == 0) {
			/* The record's keys are sorted: its id is somewhere inside it. */
			const char *record = strstr(line, "\"record\":{");
			long game = record ? number_after(record, "\"id\":") : -1;
			if (game <= 0)
				continue; /* not stored (yet): nothing acknowledged */
			say("heard", line);
			naming = next_id++;
			snprintf(request, sizeof request,
				 "{\"id\":%ld,\"request\":\"name\",\"game\":%ld,\"name\":\"%s\"}", naming,
				 game, names[game % 4]);
			send_request(request);
		} else if (strncmp(line, "{\"ok\":", 6) == 0 || strncmp(line, "{\"error\":", 9) == 0) {
			say("heard", line);
			/* The name's answer (done or refused) is followed by one setting. */
			long id = number_after(line, "\"ok\":");
			if (id < 0)
				id = number_after(line, "\"id\":");
			if (id != naming)
				continue;
			snprintf(request, sizeof request,
				 "{\"id\":%ld,\"request\":\"set\",\"key\":\"difficulty\",\"value\":\"%s\"}",
				 next_id++, difficulties[sets++ % 3]);
			send_request(request);
		}
	}
	fprintf(stderr, "hil-control: the control socket closed\n");
	return 1;
}
