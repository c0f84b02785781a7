/*
 * gpio-floor: the least a program can do to light a pad's LED when its button is
 * pressed, through libgpiod: the floor that simond's press-to-LED latency is measured
 * against in the hardware-in-the-loop test.
 *
 *   gpio-floor CHIP BUTTON LED     e.g. gpio-floor /dev/gpiochip0 GPIO17 GPIO23
 *
 * Requests the button as an input (pull-up, active low, both edges) and the LED as an
 * output, then waits for edges and drives the LED to follow the button, until killed.
 * Built against libgpiod 1.x or 2.x, whichever gpiod.h it finds (1.x defines
 * GPIOD_LINE_BULK_MAX_LINES, 2.x does not).
 */
#include <gpiod.h>
#include <stdio.h>
#include <stdlib.h>

#define CONSUMER "gpio-floor"

static int fail(const char *what)
{
	perror(what);
	return 1;
}

#if defined(GPIOD_LINE_BULK_MAX_LINES)

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: gpio-floor CHIP BUTTON LED\n");
		return 2;
	}
	struct gpiod_chip *chip = gpiod_chip_open(argv[1]);
	if (!chip)
		return fail(argv[1]);
	struct gpiod_line *button = gpiod_chip_find_line(chip, argv[2]);
	struct gpiod_line *led = gpiod_chip_find_line(chip, argv[3]);
	if (!button || !led)
		return fail("find lines");
	if (gpiod_line_request_output(led, CONSUMER, 0) < 0)
		return fail("request the LED");
	if (gpiod_line_request_both_edges_events_flags(
		    button, CONSUMER,
		    GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW | GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP) < 0)
		return fail("request the button");
	fprintf(stderr, "gpio-floor: ready (libgpiod %s)\n", gpiod_version_string());
	for (;;) {
		struct gpiod_line_event event;
		if (gpiod_line_event_wait(button, NULL) < 0 || gpiod_line_event_read(button, &event) < 0)
			return fail("read an edge");
		if (gpiod_line_set_value(led, event.event_type == GPIOD_LINE_EVENT_RISING_EDGE) < 0)
			return fail("set the LED");
	}
}

#else

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: gpio-floor CHIP BUTTON LED\n");
		return 2;
	}
	struct gpiod_chip *chip = gpiod_chip_open(argv[1]);
	if (!chip)
		return fail(argv[1]);
	int button = gpiod_chip_get_line_offset_from_name(chip, argv[2]);
	int led = gpiod_chip_get_line_offset_from_name(chip, argv[3]);
	if (button < 0 || led < 0)
		return fail("find lines");
	unsigned int button_offset = (unsigned int)button, led_offset = (unsigned int)led;

	struct gpiod_line_settings *input = gpiod_line_settings_new();
	struct gpiod_line_settings *output = gpiod_line_settings_new();
	struct gpiod_line_config *lines = gpiod_line_config_new();
	struct gpiod_request_config *request_config = gpiod_request_config_new();
	if (!input || !output || !lines || !request_config)
		return fail("allocate");
	gpiod_line_settings_set_direction(input, GPIOD_LINE_DIRECTION_INPUT);
	gpiod_line_settings_set_edge_detection(input, GPIOD_LINE_EDGE_BOTH);
	gpiod_line_settings_set_bias(input, GPIOD_LINE_BIAS_PULL_UP);
	gpiod_line_settings_set_active_low(input, true);
	gpiod_line_settings_set_direction(output, GPIOD_LINE_DIRECTION_OUTPUT);
	gpiod_line_settings_set_output_value(output, GPIOD_LINE_VALUE_INACTIVE);
	if (gpiod_line_config_add_line_settings(lines, &button_offset, 1, input) < 0 ||
	    gpiod_line_config_add_line_settings(lines, &led_offset, 1, output) < 0)
		return fail("configure");
	gpiod_request_config_set_consumer(request_config, CONSUMER);
	struct gpiod_line_request *request = gpiod_chip_request_lines(chip, request_config, lines);
	if (!request)
		return fail("request the lines");
	struct gpiod_edge_event_buffer *events = gpiod_edge_event_buffer_new(16);
	if (!events)
		return fail("allocate");
	fprintf(stderr, "gpio-floor: ready (libgpiod %s)\n", gpiod_api_version());
	for (;;) {
		int count = gpiod_line_request_read_edge_events(request, events, 16);
		if (count < 0)
			return fail("read an edge");
		struct gpiod_edge_event *last = gpiod_edge_event_buffer_get_event(events, count - 1);
		enum gpiod_line_value value =
			gpiod_edge_event_get_event_type(last) == GPIOD_EDGE_EVENT_RISING_EDGE
				? GPIOD_LINE_VALUE_ACTIVE
				: GPIOD_LINE_VALUE_INACTIVE;
		if (gpiod_line_request_set_value(request, led_offset, value) < 0)
			return fail("set the LED");
	}
}

#endif
