#ifndef CFUZZING_H
#define CFUZZING_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver on `test_one_input` with the program's arguments, where the
/// program was linked with -sanitize=fuzzer; returns 2 (doing nothing) where it was not.
int simon_fuzz_run(int argc, char **argv, int (*test_one_input)(const uint8_t *, size_t));

#endif
