#ifndef CPULSELOADER_H
#define CPULSELOADER_H

// libpulse loaded at run time (`dlopen`), for the hub's SoundServer module: the hub links no
// libpulse, so that it, and what it loads (libsndfile's codecs, X11, libdbus), is mapped only
// once a sound server is to be reached. The types are libpulse's own headers'; the table holds
// a pointer to each libpulse function the module calls, of that function's own type
// (`__typeof__`), so that a call through it is checked as a direct call would be.
// The table is kept, once, by the Swift side (SoundServer's `Libpulse`, under a lock): this side
// only fills the table it is given.

#include <stddef.h>
#include <pulse/pulseaudio.h>

#pragma clang assume_nonnull begin

/// Every libpulse function the SoundServer module calls, without its `pa_` prefix.
#define CPULSE_CALLS(X)                                                                           \
  X(threaded_mainloop_new) X(threaded_mainloop_free) X(threaded_mainloop_start)                  \
  X(threaded_mainloop_stop) X(threaded_mainloop_lock) X(threaded_mainloop_unlock)                \
  X(threaded_mainloop_in_thread) X(threaded_mainloop_get_api)                                    \
  X(mainloop_new) X(mainloop_free) X(mainloop_get_api) X(mainloop_run) X(mainloop_quit)          \
  X(context_new) X(context_unref) X(context_connect) X(context_disconnect)                       \
  X(context_get_state) X(context_errno) X(context_set_state_callback)                            \
  X(context_set_subscribe_callback) X(context_subscribe) X(context_rttime_new)                   \
  X(context_get_sink_info_list) X(context_get_sink_info_by_index)                                \
  X(context_get_sink_input_info_list) X(context_get_sink_input_info)                             \
  X(context_set_sink_input_volume) X(context_set_sink_input_mute)                                \
  X(operation_unref) X(proplist_gets) X(strerror) X(rtclock_now)                                 \
  X(cvolume_max) X(cvolume_set) X(cvolume_scale)

/// A pointer to each function of `CPULSE_CALLS`, named without `pa_`.
struct cpulse_calls {
#define CPULSE_FIELD(name) __typeof__(pa_##name) *name;
  CPULSE_CALLS(CPULSE_FIELD)
#undef CPULSE_FIELD
};

/// Loads libpulse (`libpulse.so.0`, the library's ABI, with every symbol bound now) and sets
/// each function of `calls`, which then stay valid as long as the process (libpulse is never
/// unloaded). Returns 0; or -1, with what failed in `error` (`size` bytes at most): `dlerror`'s
/// words when the library cannot be loaded, or the first function it lacks (an older libpulse
/// than the headers'), `calls` then only partly set and libpulse unloaded again. Each call loads
/// anew: the caller keeps the table.
///
/// The corresponding C functions are `dlopen` and `dlsym`.
int cpulse_load(struct cpulse_calls *calls, char *error, size_t size);

#pragma clang assume_nonnull end

#endif
