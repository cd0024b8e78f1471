// GLib's checksums (SHA-256 of the font files for the font set's digest). GLib is already linked
// through HarfBuzz, and Debian's libharfbuzz-dev depends on libglib2.0-dev.
#include <glib.h>
