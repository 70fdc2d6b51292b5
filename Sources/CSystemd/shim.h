#ifndef CSYSTEMD_SHIM_H
#define CSYSTEMD_SHIM_H

// libsystemd's sd-bus, plus what Swift cannot import from it: the SD_BUS_VTABLE_* macros
// (struct initialisers with bit-fields and unions) become static inline functions that return
// one vtable entry by value. Each uses the macro itself, so the layout stays sd-bus's own.
// Nothing else lives here: every call into sd-bus is made from Swift.

#include <stdint.h>
#include <systemd/sd-bus.h>
#include <systemd/sd-bus-vtable.h>

/// SD_BUS_VTABLE_START(flags): the first entry of every vtable.
static inline sd_bus_vtable csd_vtable_start(uint64_t flags) {
  const sd_bus_vtable entries[] = { SD_BUS_VTABLE_START(flags) };
  return entries[0];
}

/// SD_BUS_METHOD_WITH_NAMES(...). `names` is the whole argument-name list, input names then
/// output names, each NUL-terminated (the macro concatenates two string literals; at run time
/// the caller has already done that, so the input-names slot is left empty).
static inline sd_bus_vtable csd_vtable_method(const char *member, const char *signature,
                                              const char *result, const char *names,
                                              sd_bus_message_handler_t handler,
                                              uint64_t flags) {
  const sd_bus_vtable entries[] = {
    SD_BUS_METHOD_WITH_NAMES(member, signature, /* input names: in `names` */, result, names,
                             handler, flags)
  };
  return entries[0];
}

/// SD_BUS_METHOD(...): a method without argument names.
static inline sd_bus_vtable csd_vtable_method_unnamed(const char *member, const char *signature,
                                                      const char *result,
                                                      sd_bus_message_handler_t handler,
                                                      uint64_t flags) {
  const sd_bus_vtable entries[] = { SD_BUS_METHOD(member, signature, result, handler, flags) };
  return entries[0];
}

/// SD_BUS_PROPERTY(...): a read-only property served by `getter` (offset 0: userdata as given).
static inline sd_bus_vtable csd_vtable_property(const char *member, const char *signature,
                                                sd_bus_property_get_t getter, uint64_t flags) {
  const sd_bus_vtable entries[] = { SD_BUS_PROPERTY(member, signature, getter, 0, flags) };
  return entries[0];
}

/// SD_BUS_WRITABLE_PROPERTY(...): a read-write property.
static inline sd_bus_vtable csd_vtable_writable_property(const char *member, const char *signature,
                                                         sd_bus_property_get_t getter,
                                                         sd_bus_property_set_t setter,
                                                         uint64_t flags) {
  const sd_bus_vtable entries[] = {
    SD_BUS_WRITABLE_PROPERTY(member, signature, getter, setter, 0, flags)
  };
  return entries[0];
}

/// SD_BUS_SIGNAL_WITH_NAMES(...). `names`: each argument name NUL-terminated.
static inline sd_bus_vtable csd_vtable_signal(const char *member, const char *signature,
                                              const char *names, uint64_t flags) {
  const sd_bus_vtable entries[] = { SD_BUS_SIGNAL_WITH_NAMES(member, signature, names, flags) };
  return entries[0];
}

/// SD_BUS_VTABLE_END: the last entry of every vtable.
static inline sd_bus_vtable csd_vtable_end(void) {
  const sd_bus_vtable entries[] = { SD_BUS_VTABLE_END };
  return entries[0];
}

// MARK: - Flags Swift cannot see (members of an anonymous `__extension__` enum of 1ULL << n).

static const uint64_t csd_vtable_property_const = SD_BUS_VTABLE_PROPERTY_CONST;
static const uint64_t csd_vtable_property_emits_change = SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE;
static const uint64_t csd_vtable_property_emits_invalidation =
  SD_BUS_VTABLE_PROPERTY_EMITS_INVALIDATION;
/// A method or setter any peer the bus lets through may call: without it, sd-bus on a connection
/// it does not trust (the system bus, a bus given by address) asks the bus for the caller's
/// credentials before each call, and refuses a caller of another user without CAP_SYS_ADMIN.
static const uint64_t csd_vtable_unprivileged = SD_BUS_VTABLE_UNPRIVILEGED;

#endif
