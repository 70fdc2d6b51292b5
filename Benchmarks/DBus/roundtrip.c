/*
 * Round trips to MPRIS players over D-Bus, measured by a plain sd-bus client.
 *
 *   dbus-roundtrip calls COUNT DEST...
 *       Interleaved, so that every call sees the same moment of the machine: COUNT rounds of
 *       (for each DEST: Peer.Ping, Properties.Get Metadata, Properties.Get Position), then
 *       COUNT rounds of (for each DEST: Peer.Ping, Player.PlayPause), each after 10% of COUNT
 *       rounds of warm-up. Prints "DEST call p50 p90 p99" in microseconds, one line each, then
 *       "DEST ratio CALL/Ping p50-ratio" with the Ping of the same loop, and, with two DESTs,
 *       "ratio CALL first/second p50-ratio". An even COUNT leaves each player as it was.
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

#define BENCHMARK_NAME "dbus-roundtrip"
#include "common.h"

enum { MAX_DESTS = 4 };

/* The samples of one call to one destination, and its percentiles once sorted. */
static void time_call(sd_bus *bus, const char *dest, enum call call, struct series *series, int i) {
  uint64_t start = now_ns();
  make_call(bus, dest, call);
  series->samples[i] = now_ns() - start;
}

static int run_calls(int count, char **dests, int ndests) {
  sd_bus *bus = NULL;
  int r = sd_bus_open_user(&bus);
  if (r < 0) fail("connecting to the session bus", r, NULL);
  if (ndests > MAX_DESTS) ndests = MAX_DESTS;
  /* [dest][call], and the Ping of the PlayPause loop apart: each ratio uses its own loop's Ping. */
  struct series series[MAX_DESTS][PLAY_PAUSE + 1], ping_b[MAX_DESTS];
  for (int d = 0; d < ndests; d++) {
    for (enum call call = PING; call <= PLAY_PAUSE; call++) {
      series[d][call].samples = allocate(count);
    }
    ping_b[d].samples = allocate(count);
  }
  /* Loop A: Ping and the property reads, interleaved. */
  for (int i = -count / 10; i < count; i++)
    for (int d = 0; d < ndests; d++)
      for (enum call call = PING; call <= GET_POSITION; call++) {
        if (i < 0) make_call(bus, dests[d], call);
        else time_call(bus, dests[d], call, &series[d][call], i);
      }
  /* Loop B: Ping and PlayPause, interleaved (the warm-up count is even, like COUNT should be). */
  int warm = count / 10 + (count / 10) % 2;
  for (int i = -warm; i < count; i++)
    for (int d = 0; d < ndests; d++) {
      if (i < 0) {
        make_call(bus, dests[d], PING);
        make_call(bus, dests[d], PLAY_PAUSE);
      } else {
        time_call(bus, dests[d], PING, &ping_b[d], i);
        time_call(bus, dests[d], PLAY_PAUSE, &series[d][PLAY_PAUSE], i);
      }
    }
  for (int d = 0; d < ndests; d++) {
    for (enum call call = PING; call <= PLAY_PAUSE; call++) summarize(&series[d][call], count);
    summarize(&ping_b[d], count);
    for (enum call call = PING; call <= PLAY_PAUSE; call++)
      printf("%s %-14s %8.1f %8.1f %8.1f\n", dests[d], call_names[call], series[d][call].p50,
             series[d][call].p90, series[d][call].p99);
    for (enum call call = GET_METADATA; call <= PLAY_PAUSE; call++) {
      double floor = call == PLAY_PAUSE ? ping_b[d].p50 : series[d][PING].p50;
      printf("%s ratio %s/Ping %.3f\n", dests[d], call_names[call], series[d][call].p50 / floor);
    }
  }
  if (ndests == 2)
    for (enum call call = PING; call <= PLAY_PAUSE; call++)
      printf("ratio %s first/second %.3f\n", call_names[call],
             series[0][call].p50 / series[1][call].p50);
  for (int d = 0; d < ndests; d++) {
    for (enum call call = PING; call <= PLAY_PAUSE; call++) free(series[d][call].samples);
    free(ping_b[d].samples);
  }
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
  if (argc >= 4 && strcmp(argv[1], "calls") == 0 && atoi(argv[2]) > 0)
    return run_calls(atoi(argv[2]), argv + 3, argc - 3);
  if (argc >= 4 && strcmp(argv[1], "startup") == 0) return run_startup(argv[2], argv + 3);
  fprintf(stderr, "usage: dbus-roundtrip calls COUNT DEST... | startup NAME PROGRAM [ARG...]\n");
  return 2;
}
