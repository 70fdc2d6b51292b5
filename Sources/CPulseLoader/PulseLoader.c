#include "CPulseLoader.h"

#include <dlfcn.h>
#include <stdio.h>

static struct cpulse_calls calls;
static int loaded;

const struct cpulse_calls *cpulse_load(char *error, size_t size) {
  if (loaded) return &calls;
  void *library = dlopen("libpulse.so.0", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    snprintf(error, size, "%s", reason ? reason : "libpulse.so.0 could not be loaded");
    return NULL;
  }
  // Each symbol found, or the first missing one named (an older libpulse than the headers').
#define CPULSE_FIND(name)                                                                          \
  {                                                                                                \
    void *symbol = dlsym(library, "pa_" #name);                                                    \
    if (!symbol) {                                                                                 \
      snprintf(error, size, "libpulse.so.0 has no pa_" #name);                                     \
      dlclose(library);                                                                            \
      return NULL;                                                                                 \
    }                                                                                              \
    calls.name = (__typeof__(calls.name))symbol;                                                   \
  }
  CPULSE_CALLS(CPULSE_FIND)
#undef CPULSE_FIND
  loaded = 1;
  return &calls;
}
