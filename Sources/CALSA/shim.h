#ifndef CALSA_SHIM_H
#define CALSA_SHIM_H
#include <alsa/asoundlib.h>

/// alsa-lib prints its own diagnostics to stderr ("ALSA lib confmisc.c: cannot find card '0'")
/// through a variadic handler, which Swift cannot define. AudioPlayback reports ALSA failures
/// itself, as typed errors, so it installs this handler, which says nothing.
static void calsa_silent_error_handler(const char *file, int line, const char *function, int err,
                                       const char *fmt, ...) {
  (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/// Installs `calsa_silent_error_handler` (`snd_lib_error_set_handler` takes a variadic
/// function pointer).
static inline int calsa_silence_library_errors(void) {
  return snd_lib_error_set_handler(calsa_silent_error_handler);
}
#endif
