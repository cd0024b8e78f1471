// The module is its header (a static inline function); SwiftPM builds a C target from at least
// one source file.
#include "CPrefetch.h"
