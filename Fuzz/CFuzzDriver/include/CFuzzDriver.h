// libFuzzer's driver, started from a fuzz target's Swift `@main`. SwiftPM links an executable's
// own entry point as `main` (--defsym), which hides libFuzzer's; each target's main calls this.
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the process's arguments over `test` (the target's
/// LLVMFuzzerTestOneInput); returns its exit status.
int baton_fuzz_main(int argc, char **argv, int (*test)(const uint8_t *data, size_t size));
