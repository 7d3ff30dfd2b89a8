// The declaration in include/CFuzzerDriver.h is all; libFuzzer (-sanitize=fuzzer) defines it.
#include "CFuzzerDriver.h"
