#include "CPulseLoader.h"

#include <dlfcn.h>
#include <stdio.h>

int cpulse_load(struct cpulse_calls *calls, char *error, size_t size) {
  void *library = dlopen("libpulse.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    snprintf(error, size, "%s", reason ? reason : "libpulse.so.0 could not be loaded");
    return -1;
  }
  // Each symbol found, or the first missing one named (an older libpulse than the headers').
#define CPULSE_FIND(name)                                                                          \
  {                                                                                                \
    void *symbol = dlsym(library, "pa_" #name);                                                    \
    if (!symbol) {                                                                                 \
      snprintf(error, size, "libpulse.so.0 has no pa_" #name);                                     \
      dlclose(library);                                                                            \
      return -1;                                                                                   \
    }                                                                                              \
    calls->name = (__typeof__(calls->name))symbol;                                                 \
  }
  CPULSE_CALLS(CPULSE_FIND)
#undef CPULSE_FIND
  return 0;
}
