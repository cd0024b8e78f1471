// Yoga's public C API (from the pyyoga wheel; bin/bench-layout adds its include directory).
#include <yoga/Yoga.h>
