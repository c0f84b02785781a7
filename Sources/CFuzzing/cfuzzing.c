#include "cfuzzing.h"

// libFuzzer's entry for programs that have a main of their own (SwiftPM names every
// executable's entry point). Weak: an ordinary build has no libFuzzer.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))
    __attribute__((weak));

int simon_fuzz_run(int argc, char **argv, int (*test_one_input)(const uint8_t *, size_t)) {
  if (!LLVMFuzzerRunDriver) {
    return 2;
  }
  return LLVMFuzzerRunDriver(&argc, &argv, test_one_input);
}
