/*
 * The shim over libgpiod 2.x (v2 API, e.g. bookworm-backports' 2.1.3 or
 * Raspberry Pi OS's 2.2). v2's header has no version macro: it is whatever
 * does not define v1's GPIOD_LINE_BULK_MAX_LINES.
 */
#include <gpiod.h>

#if !defined(GPIOD_LINE_BULK_MAX_LINES)

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>

#include "cgpiod.h"
#include "cgpiod_internal.h"

/* Edge events read from the kernel in one go. */
#define CGPIOD_V2_EVENT_BUFFER 64

struct cgpiod_chip {
	struct gpiod_chip *chip;
};

struct cgpiod_request {
	struct gpiod_line_request *request;
	struct gpiod_edge_event_buffer *buffer;
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
	struct gpiod_chip_info *raw = gpiod_chip_get_info(chip->chip);
	if (!raw)
		return -1;
	cgpiod_copy_name(info->name, sizeof(info->name), gpiod_chip_info_get_name(raw));
	cgpiod_copy_name(info->label, sizeof(info->label), gpiod_chip_info_get_label(raw));
	info->num_lines = (unsigned int)gpiod_chip_info_get_num_lines(raw);
	gpiod_chip_info_free(raw);
	return 0;
}

int cgpiod_chip_get_line_info(struct cgpiod_chip *chip, unsigned int offset,
			      struct cgpiod_line_info *info)
{
	struct gpiod_line_info *raw = gpiod_chip_get_line_info(chip->chip, offset);
	if (!raw)
		return -1;
	cgpiod_copy_name(info->name, sizeof(info->name), gpiod_line_info_get_name(raw));
	cgpiod_copy_name(info->consumer, sizeof(info->consumer), gpiod_line_info_get_consumer(raw));
	info->used = gpiod_line_info_is_used(raw);
	info->output = gpiod_line_info_get_direction(raw) == GPIOD_LINE_DIRECTION_OUTPUT;
	gpiod_line_info_free(raw);
	return 0;
}

int cgpiod_chip_find_line(struct cgpiod_chip *chip, const char *name)
{
	return gpiod_chip_get_line_offset_from_name(chip->chip, name);
}

static enum gpiod_line_bias cgpiod_v2_bias(enum cgpiod_bias bias)
{
	switch (bias) {
	case CGPIOD_BIAS_DISABLED:
		return GPIOD_LINE_BIAS_DISABLED;
	case CGPIOD_BIAS_PULL_UP:
		return GPIOD_LINE_BIAS_PULL_UP;
	case CGPIOD_BIAS_PULL_DOWN:
		return GPIOD_LINE_BIAS_PULL_DOWN;
	default:
		return GPIOD_LINE_BIAS_AS_IS;
	}
}

/* Fills settings for one line: an output at its initial value, or an input
 * with its bias and both edges, kernel timestamps on CLOCK_MONOTONIC. */
static int cgpiod_v2_fill_settings(struct gpiod_line_settings *out,
				   const struct cgpiod_line_settings *line)
{
	gpiod_line_settings_reset(out);
	gpiod_line_settings_set_active_low(out, line->active_low);
	if (line->output) {
		if (gpiod_line_settings_set_direction(out, GPIOD_LINE_DIRECTION_OUTPUT) < 0)
			return -1;
		return gpiod_line_settings_set_output_value(out, line->initial_value
								 ? GPIOD_LINE_VALUE_ACTIVE
								 : GPIOD_LINE_VALUE_INACTIVE);
	}
	if (gpiod_line_settings_set_direction(out, GPIOD_LINE_DIRECTION_INPUT) < 0 ||
	    gpiod_line_settings_set_bias(out, cgpiod_v2_bias(line->bias)) < 0 ||
	    gpiod_line_settings_set_edge_detection(out, GPIOD_LINE_EDGE_BOTH) < 0 ||
	    gpiod_line_settings_set_event_clock(out, GPIOD_LINE_CLOCK_MONOTONIC) < 0)
		return -1;
	return 0;
}

/* Builds the line configuration: one settings entry per line. */
static struct gpiod_line_config *cgpiod_v2_line_config(const struct cgpiod_line_settings *lines,
						       size_t count)
{
	struct gpiod_line_config *config = gpiod_line_config_new();
	struct gpiod_line_settings *settings = gpiod_line_settings_new();
	if (!config || !settings)
		goto fail;
	for (size_t i = 0; i < count; i++) {
		unsigned int offset = lines[i].offset;
		if (cgpiod_v2_fill_settings(settings, &lines[i]) < 0 ||
		    gpiod_line_config_add_line_settings(config, &offset, 1, settings) < 0)
			goto fail;
	}
	gpiod_line_settings_free(settings);
	return config;
fail: {
	int saved = errno;
	if (settings)
		gpiod_line_settings_free(settings);
	if (config)
		gpiod_line_config_free(config);
	errno = saved;
	return NULL;
}
}

struct cgpiod_request *cgpiod_chip_request_lines(struct cgpiod_chip *chip, const char *consumer,
						 const struct cgpiod_line_settings *lines,
						 size_t count)
{
	struct cgpiod_request *request = calloc(1, sizeof(*request));
	struct gpiod_request_config *request_config = gpiod_request_config_new();
	struct gpiod_line_config *line_config = cgpiod_v2_line_config(lines, count);
	if (!request || !request_config || !line_config)
		goto fail;
	gpiod_request_config_set_consumer(request_config, consumer);
	request->buffer = gpiod_edge_event_buffer_new(CGPIOD_V2_EVENT_BUFFER);
	if (!request->buffer)
		goto fail;
	request->request = gpiod_chip_request_lines(chip->chip, request_config, line_config);
	if (!request->request)
		goto fail;
	/* Non-blocking, so that reading the waiting edges is one read(2) and needs no poll
	 * first: it runs for every press, before its lamp is driven. */
	int fd = gpiod_line_request_get_fd(request->request);
	int flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
		goto fail;
	gpiod_line_config_free(line_config);
	gpiod_request_config_free(request_config);
	return request;
fail: {
	int saved = errno;
	if (line_config)
		gpiod_line_config_free(line_config);
	if (request_config)
		gpiod_request_config_free(request_config);
	cgpiod_request_release(request);
	errno = saved;
	return NULL;
}
}

int cgpiod_request_get_fd(struct cgpiod_request *request)
{
	return gpiod_line_request_get_fd(request->request);
}

int cgpiod_request_read_events(struct cgpiod_request *request, struct cgpiod_event *events,
			       size_t capacity)
{
	size_t room = capacity < CGPIOD_V2_EVENT_BUFFER ? capacity : CGPIOD_V2_EVENT_BUFFER;
	int read = gpiod_line_request_read_edge_events(request->request, request->buffer, room);
	if (read < 0)
		return errno == EAGAIN ? 0 : -1;
	for (int i = 0; i < read; i++) {
		struct gpiod_edge_event *event =
			gpiod_edge_event_buffer_get_event(request->buffer, (unsigned long)i);
		events[i].offset = gpiod_edge_event_get_line_offset(event);
		events[i].rising =
			gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
		events[i].timestamp_ns = gpiod_edge_event_get_timestamp_ns(event);
	}
	return read;
}

int cgpiod_request_set_value(struct cgpiod_request *request, unsigned int offset, bool value)
{
	return gpiod_line_request_set_value(request->request, offset,
					    value ? GPIOD_LINE_VALUE_ACTIVE
						  : GPIOD_LINE_VALUE_INACTIVE);
}

int cgpiod_request_get_value(struct cgpiod_request *request, unsigned int offset)
{
	enum gpiod_line_value value = gpiod_line_request_get_value(request->request, offset);
	if (value == GPIOD_LINE_VALUE_ERROR)
		return -1;
	return value == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
}

void cgpiod_request_release(struct cgpiod_request *request)
{
	if (!request)
		return;
	if (request->request)
		gpiod_line_request_release(request->request);
	if (request->buffer)
		gpiod_edge_event_buffer_free(request->buffer);
	free(request);
}

int cgpiod_api_major(void)
{
	return 2;
}

const char *cgpiod_library_version(void)
{
	return gpiod_api_version();
}

#endif
