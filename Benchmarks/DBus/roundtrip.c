/*
 * Round trips to an MPRIS player over D-Bus, measured by a plain sd-bus client.
 *
 *   dbus-roundtrip calls DEST [COUNT]
 *       For each call (Peer.Ping, Properties.Get Metadata, Properties.Get Position,
 *       Player.PlayPause): 10% of COUNT as warm-up, then COUNT timed calls; prints
 *       "call p50 p90 p99" in microseconds, one line each.
 *   dbus-roundtrip startup NAME PROGRAM [ARG...]
 *       Watches for NAME on the bus, starts PROGRAM, prints the milliseconds from
 *       just before exec to the NameOwnerChanged signal that gives NAME an owner,
 *       then stops PROGRAM with SIGTERM.
 *
 * It uses the session bus from DBUS_SESSION_BUS_ADDRESS. Build: cc -O2 roundtrip.c -lsystemd
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <systemd/sd-bus.h>
#include <time.h>
#include <unistd.h>

static const char *player_path = "/org/mpris/MediaPlayer2";

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int compare(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static void fail(const char *what, int r, const sd_bus_error *error) {
  fprintf(stderr, "dbus-roundtrip: %s: %s\n", what,
          error && sd_bus_error_is_set(error) ? error->message : strerror(-r));
  exit(1);
}

enum call { PING, GET_METADATA, GET_POSITION, PLAY_PAUSE };
static const char *call_names[] = {"Ping", "Get(Metadata)", "Get(Position)", "PlayPause"};

static void make_call(sd_bus *bus, const char *dest, enum call call) {
  sd_bus_error error = SD_BUS_ERROR_NULL;
  sd_bus_message *reply = NULL;
  int r;
  switch (call) {
  case PING:
    r = sd_bus_call_method(bus, dest, player_path, "org.freedesktop.DBus.Peer", "Ping", &error,
                           &reply, "");
    break;
  case GET_METADATA:
  case GET_POSITION:
    r = sd_bus_call_method(bus, dest, player_path, "org.freedesktop.DBus.Properties", "Get", &error,
                           &reply, "ss", "org.mpris.MediaPlayer2.Player",
                           call == GET_METADATA ? "Metadata" : "Position");
    break;
  default:
    r = sd_bus_call_method(bus, dest, player_path, "org.mpris.MediaPlayer2.Player", "PlayPause",
                           &error, &reply, "");
    break;
  }
  if (r < 0) fail(call_names[call], r, &error);
  sd_bus_message_unref(reply);
  sd_bus_error_free(&error);
}

static int run_calls(const char *dest, int count) {
  sd_bus *bus = NULL;
  int r = sd_bus_open_user(&bus);
  if (r < 0) fail("connecting to the session bus", r, NULL);
  uint64_t *samples = calloc((size_t)count, sizeof *samples);
  if (!samples) fail("allocating samples", -ENOMEM, NULL);
  for (enum call call = PING; call <= PLAY_PAUSE; call++) {
    for (int i = 0; i < count / 10; i++) make_call(bus, dest, call);
    for (int i = 0; i < count; i++) {
      uint64_t start = now_ns();
      make_call(bus, dest, call);
      samples[i] = now_ns() - start;
    }
    qsort(samples, (size_t)count, sizeof *samples, compare);
    printf("%-14s %8.1f %8.1f %8.1f\n", call_names[call], samples[count / 2] / 1e3,
           samples[count * 9 / 10] / 1e3, samples[count * 99 / 100] / 1e3);
  }
  free(samples);
  sd_bus_unref(bus);
  return 0;
}

struct startup { const char *name; int owned; };

static int on_owner_changed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
  (void)error;
  struct startup *startup = userdata;
  const char *name, *old_owner, *new_owner;
  if (sd_bus_message_read(m, "sss", &name, &old_owner, &new_owner) >= 0 &&
      strcmp(name, startup->name) == 0 && new_owner[0] != '\0')
    startup->owned = 1;
  return 0;
}

static int run_startup(const char *name, char **argv) {
  sd_bus *bus = NULL;
  int r = sd_bus_open_user(&bus);
  if (r < 0) fail("connecting to the session bus", r, NULL);
  struct startup startup = {name, 0};
  char rule[512];
  snprintf(rule, sizeof rule,
           "type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='%s'", name);
  r = sd_bus_add_match(bus, NULL, rule, on_owner_changed, &startup);
  if (r < 0) fail("adding the NameOwnerChanged match", r, NULL);
  uint64_t start = now_ns();
  pid_t pid = fork();
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  while (!startup.owned) {
    r = sd_bus_process(bus, NULL);
    if (r < 0) fail("processing the bus", r, NULL);
    if (r > 0) continue;
    if (now_ns() - start > 10000000000u) fail("waiting 10 s for the name", -ETIMEDOUT, NULL);
    r = sd_bus_wait(bus, 100000);
    if (r < 0 && r != -EINTR) fail("waiting on the bus", r, NULL);
  }
  printf("%.1f\n", (now_ns() - start) / 1e6);
  kill(pid, SIGTERM);
  waitpid(pid, NULL, 0);
  sd_bus_unref(bus);
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 3 && strcmp(argv[1], "calls") == 0)
    return run_calls(argv[2], argc >= 4 ? atoi(argv[3]) : 3000);
  if (argc >= 4 && strcmp(argv[1], "startup") == 0) return run_startup(argv[2], argv + 3);
  fprintf(stderr, "usage: dbus-roundtrip calls DEST [COUNT] | startup NAME PROGRAM [ARG...]\n");
  return 2;
}
