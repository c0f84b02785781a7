/* Helpers shared by the v1 and v2 implementations; not part of the API. */
#ifndef CGPIOD_INTERNAL_H
#define CGPIOD_INTERNAL_H

#include <string.h>

/* Copies a C string that may be NULL into a fixed buffer, always terminated. */
static inline void cgpiod_copy_name(char *dest, size_t size, const char *src)
{
	if (!src)
		src = "";
	strncpy(dest, src, size - 1);
	dest[size - 1] = '\0';
}

#endif
