/*
 * The shim over libgpiod 1.x (v1 API, e.g. Debian 12's 1.6.3).
 *
 * v1 gives every input line its own event descriptor; one epoll descriptor
 * gathers them so the caller polls a single one, as with v2.
 */
#include <gpiod.h>

#if defined(GPIOD_LINE_BULK_MAX_LINES)

#include <errno.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "cgpiod.h"
#include "cgpiod_internal.h"

struct cgpiod_chip {
	struct gpiod_chip *chip;
};

struct cgpiod_request {
	struct gpiod_line **lines; /* every requested line, in request order */
	bool *is_input;
	size_t count;
	int epoll_fd;
};

struct cgpiod_chip *cgpiod_chip_open(const char *path)
{
	struct cgpiod_chip *wrapper = calloc(1, sizeof(*wrapper));
	if (!wrapper)
		return NULL;
	wrapper->chip = gpiod_chip_open(path);
	if (!wrapper->chip) {
		int saved = errno;
		free(wrapper);
		errno = saved;
		return NULL;
	}
	return wrapper;
}

void cgpiod_chip_close(struct cgpiod_chip *chip)
{
	if (!chip)
		return;
	gpiod_chip_close(chip->chip);
	free(chip);
}

int cgpiod_chip_get_info(struct cgpiod_chip *chip, struct cgpiod_chip_info *info)
{
	cgpiod_copy_name(info->name, sizeof(info->name), gpiod_chip_name(chip->chip));
	cgpiod_copy_name(info->label, sizeof(info->label), gpiod_chip_label(chip->chip));
	info->num_lines = gpiod_chip_num_lines(chip->chip);
	return 0;
}

int cgpiod_chip_get_line_info(struct cgpiod_chip *chip, unsigned int offset,
			      struct cgpiod_line_info *info)
{
	struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
	if (!line)
		return -1;
	if (gpiod_line_update(line) < 0)
		return -1;
	cgpiod_copy_name(info->name, sizeof(info->name), gpiod_line_name(line));
	cgpiod_copy_name(info->consumer, sizeof(info->consumer), gpiod_line_consumer(line));
	info->used = gpiod_line_is_used(line);
	info->output = gpiod_line_direction(line) == GPIOD_LINE_DIRECTION_OUTPUT;
	return 0;
}

int cgpiod_chip_find_line(struct cgpiod_chip *chip, const char *name)
{
	struct gpiod_line *line = gpiod_chip_find_line(chip->chip, name);
	if (!line)
		return -1;
	return (int)gpiod_line_offset(line);
}

static int cgpiod_v1_flags(const struct cgpiod_line_settings *settings)
{
	int flags = settings->active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0;
	if (settings->output)
		return flags;
	switch (settings->bias) {
	case CGPIOD_BIAS_DISABLED:
		return flags | GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE;
	case CGPIOD_BIAS_PULL_UP:
		return flags | GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP;
	case CGPIOD_BIAS_PULL_DOWN:
		return flags | GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN;
	default:
		return flags;
	}
}

/* Requests one line and, for an input, adds its event descriptor to the epoll
 * set under its index. */
static int cgpiod_v1_request_one(struct cgpiod_request *request, struct gpiod_line *line,
				 const char *consumer, const struct cgpiod_line_settings *settings,
				 size_t index)
{
	int flags = cgpiod_v1_flags(settings);
	if (settings->output)
		return gpiod_line_request_output_flags(line, consumer, flags,
						       settings->initial_value ? 1 : 0);
	if (gpiod_line_request_both_edges_events_flags(line, consumer, flags) < 0)
		return -1;
	struct epoll_event event = { .events = EPOLLIN, .data.u64 = index };
	if (epoll_ctl(request->epoll_fd, EPOLL_CTL_ADD, gpiod_line_event_get_fd(line), &event) < 0) {
		int saved = errno;
		gpiod_line_release(line);
		errno = saved;
		return -1;
	}
	return 0;
}

struct cgpiod_request *cgpiod_chip_request_lines(struct cgpiod_chip *chip, const char *consumer,
						 const struct cgpiod_line_settings *lines,
						 size_t count)
{
	struct cgpiod_request *request = calloc(1, sizeof(*request));
	if (!request)
		return NULL;
	request->lines = calloc(count ? count : 1, sizeof(*request->lines));
	request->is_input = calloc(count ? count : 1, sizeof(*request->is_input));
	request->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
	if (!request->lines || !request->is_input || request->epoll_fd < 0)
		goto fail;
	for (size_t i = 0; i < count; i++) {
		struct gpiod_line *line = gpiod_chip_get_line(chip->chip, lines[i].offset);
		if (!line)
			goto fail;
		if (cgpiod_v1_request_one(request, line, consumer, &lines[i], i) < 0)
			goto fail;
		request->lines[i] = line;
		request->is_input[i] = !lines[i].output;
		request->count = i + 1;
	}
	return request;
fail: {
	int saved = errno;
	cgpiod_request_release(request);
	errno = saved;
	return NULL;
}
}

int cgpiod_request_get_fd(struct cgpiod_request *request)
{
	return request->epoll_fd;
}

int cgpiod_request_read_events(struct cgpiod_request *request, struct cgpiod_event *events,
			       size_t capacity)
{
	struct epoll_event ready[16];
	int count = epoll_wait(request->epoll_fd, ready, 16, 0);
	if (count < 0)
		return -1;
	size_t stored = 0;
	for (int i = 0; i < count && stored < capacity; i++) {
		struct gpiod_line *line = request->lines[ready[i].data.u64];
		struct gpiod_line_event raw[16];
		size_t room = capacity - stored < 16 ? capacity - stored : 16;
		int read = gpiod_line_event_read_multiple(line, raw, (unsigned int)room);
		if (read < 0)
			return -1;
		for (int j = 0; j < read; j++, stored++) {
			events[stored].offset = gpiod_line_offset(line);
			events[stored].rising = raw[j].event_type == GPIOD_LINE_EVENT_RISING_EDGE;
			events[stored].timestamp_ns = (uint64_t)raw[j].ts.tv_sec * 1000000000u +
						      (uint64_t)raw[j].ts.tv_nsec;
		}
	}
	return (int)stored;
}

int cgpiod_request_set_value(struct cgpiod_request *request, unsigned int offset, bool value)
{
	for (size_t i = 0; i < request->count; i++) {
		if (gpiod_line_offset(request->lines[i]) == offset && !request->is_input[i])
			return gpiod_line_set_value(request->lines[i], value ? 1 : 0);
	}
	errno = EINVAL;
	return -1;
}

int cgpiod_request_get_value(struct cgpiod_request *request, unsigned int offset)
{
	for (size_t i = 0; i < request->count; i++) {
		if (gpiod_line_offset(request->lines[i]) == offset)
			return gpiod_line_get_value(request->lines[i]);
	}
	errno = EINVAL;
	return -1;
}

void cgpiod_request_release(struct cgpiod_request *request)
{
	if (!request)
		return;
	for (size_t i = request->count; i > 0; i--)
		gpiod_line_release(request->lines[i - 1]);
	if (request->epoll_fd >= 0)
		close(request->epoll_fd);
	free(request->is_input);
	free(request->lines);
	free(request);
}

int cgpiod_api_major(void)
{
	return 1;
}

const char *cgpiod_library_version(void)
{
	return gpiod_version_string();
}

#endif
