/*
 * cgpiod: one small C API over libgpiod, the same whether the package is built
 * against libgpiod 1.6 (v1 API) or 2.x (v2 API).
 *
 * Conventions: every function that can fail returns -1 or NULL and sets errno;
 * nothing prints; every object is released in the reverse order it was made
 * (requests before the chip they were made on).
 */
#ifndef CGPIOD_H
#define CGPIOD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The longest chip, line or consumer name the kernel keeps, with its NUL. */
#define CGPIOD_NAME_SIZE 32

/* An open GPIO chip (a /dev/gpiochipN character device). */
struct cgpiod_chip;

/* A set of requested lines of one chip, with one pollable descriptor for the
 * edge events of all its inputs. */
struct cgpiod_request;

/* What a chip says about itself. */
struct cgpiod_chip_info {
	char name[CGPIOD_NAME_SIZE];  /* "gpiochip0" */
	char label[CGPIOD_NAME_SIZE]; /* "pinctrl-bcm2711" */
	unsigned int num_lines;
};

/* What a chip says about one of its lines. */
struct cgpiod_line_info {
	char name[CGPIOD_NAME_SIZE];     /* "GPIO17", or "" when unnamed */
	char consumer[CGPIOD_NAME_SIZE]; /* who holds it, or "" */
	bool used;                       /* held by a process or the kernel */
	bool output;
};

/* A line's pull resistor. */
enum cgpiod_bias {
	CGPIOD_BIAS_AS_IS = 0,
	CGPIOD_BIAS_DISABLED = 1,
	CGPIOD_BIAS_PULL_UP = 2,
	CGPIOD_BIAS_PULL_DOWN = 3,
};

/* How to request one line. Inputs report both edges with kernel timestamps on
 * CLOCK_MONOTONIC and no kernel debounce. */
struct cgpiod_line_settings {
	unsigned int offset;
	bool output;
	enum cgpiod_bias bias;    /* inputs only */
	bool active_low;
	bool initial_value;       /* outputs only: the logical value at request */
};

/* One edge of one input line. "rising" is logical: with active_low set, a
 * line pulled to ground rises. */
struct cgpiod_event {
	unsigned int offset;
	bool rising;
	uint64_t timestamp_ns; /* CLOCK_MONOTONIC, from the kernel */
};

/* Opens a chip by its device path. errno ENOENT: no such file; ENOTTY or
 * ENODEV: not a GPIO chip; EACCES: no permission. */
struct cgpiod_chip *cgpiod_chip_open(const char *path);

/* Closes a chip; its requests must be released first. NULL is ignored. */
void cgpiod_chip_close(struct cgpiod_chip *chip);

/* Fills in the chip's name, label and line count. */
int cgpiod_chip_get_info(struct cgpiod_chip *chip, struct cgpiod_chip_info *info);

/* Fills in a line's name, consumer and state, read fresh from the kernel. */
int cgpiod_chip_get_line_info(struct cgpiod_chip *chip, unsigned int offset,
			      struct cgpiod_line_info *info);

/* The offset of the line with this name, or -1 with errno ENOENT. */
int cgpiod_chip_find_line(struct cgpiod_chip *chip, const char *name);

/* Requests lines of a chip for a consumer; either all of them or none.
 * errno EBUSY: a line is held by someone else. */
struct cgpiod_request *cgpiod_chip_request_lines(struct cgpiod_chip *chip, const char *consumer,
						 const struct cgpiod_line_settings *lines,
						 size_t count);

/* A descriptor that polls readable while edge events are waiting. It stays
 * owned by the request. */
int cgpiod_request_get_fd(struct cgpiod_request *request);

/* Reads the waiting edge events without blocking: returns how many were
 * stored (0 when none wait), or -1. */
int cgpiod_request_read_events(struct cgpiod_request *request, struct cgpiod_event *events,
			       size_t capacity);

/* Drives a requested output line to a logical value. */
int cgpiod_request_set_value(struct cgpiod_request *request, unsigned int offset, bool value);

/* Reads a requested line's logical value: 1 or 0, or -1. */
int cgpiod_request_get_value(struct cgpiod_request *request, unsigned int offset);

/* Releases the lines and frees the request. NULL is ignored. */
void cgpiod_request_release(struct cgpiod_request *request);

/* The libgpiod API the shim was built for: 1 or 2. */
int cgpiod_api_major(void);

/* The version of the libgpiod library loaded at run time, e.g. "2.1.3". */
const char *cgpiod_library_version(void);

#endif
