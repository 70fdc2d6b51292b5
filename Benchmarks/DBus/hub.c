/*
 * The Now Playing hub's figures over D-Bus, measured by a plain sd-bus client.
 *
 *   dbus-hub gets COUNT DEST...
 *       Interleaved, so that every call sees the same moment of the machine: COUNT rounds of
 *       (for each DEST: Peer.Ping, Properties.Get Metadata), after 10% of COUNT rounds of
 *       warm-up. Prints "DEST call p50 p90 p99" in microseconds, then, for each DEST after the
 *       first, "ratio Get(Metadata) DEST/FIRST p50-ratio" and the same for each pair of later
 *       DESTs ("ratio Get(Metadata) SECOND/THIRD ...").
 *   dbus-hub playpause COUNT DEST...
 *       The same with Peer.Ping and Player.PlayPause; an even COUNT leaves the players as they were.
 *   dbus-hub switch COUNT A B PROXY...
 *       COUNT switches between the players A and B, both paused but A at first: pause the one
 *       that plays, wait until it and every PROXY announced Paused and the bus is quiet, then
 *       Play the other. Measures, as this client receives them, the time from the player's
 *       PropertiesChanged(PlaybackStatus=Playing) to each PROXY's first PropertiesChanged of
 *       org.mpris.MediaPlayer2.Player with PlaybackStatus=Playing after it. Prints
 *       "PROXY switch p50 p90 p99 (n=...)" in microseconds.
 *
 * It uses the session bus from DBUS_SESSION_BUS_ADDRESS. Build: cc -O2 hub.c -lsystemd
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>
#include <time.h>

#define BENCHMARK_NAME "dbus-hub"
#include "common.h"

enum { MAX_DESTS = 4 };

static const char *short_name(const char *dest) {
  const char *prefix = "org.mpris.MediaPlayer2.";
  return strncmp(dest, prefix, strlen(prefix)) == 0 ? dest + strlen(prefix) : dest;
}

/* Ping and CALL to every DEST, interleaved, COUNT timed rounds. */
static int run_calls(enum call measured, int count, char **dests, int ndests) {
  sd_bus *bus = NULL;
  int r = sd_bus_open_user(&bus);
  if (r < 0) fail("connecting to the session bus", r, NULL);
  if (ndests > MAX_DESTS) ndests = MAX_DESTS;
  struct series ping[MAX_DESTS], call[MAX_DESTS];
  for (int d = 0; d < ndests; d++) {
    ping[d] = (struct series){allocate(count), count, 0, 0, 0};
    call[d] = (struct series){allocate(count), count, 0, 0, 0};
  }
  int warm = count / 10 + (count / 10) % 2;
  for (int i = -warm; i < count; i++)
    for (int d = 0; d < ndests; d++) {
      uint64_t start = now_ns();
      make_call(bus, dests[d], PING);
      uint64_t middle = now_ns();
      make_call(bus, dests[d], measured);
      uint64_t end = now_ns();
      if (i >= 0) {
        ping[d].samples[i] = middle - start;
        call[d].samples[i] = end - middle;
      }
    }
  for (int d = 0; d < ndests; d++) {
    summarize(&ping[d], ping[d].count);
    summarize(&call[d], call[d].count);
    printf("%s %-14s %8.1f %8.1f %8.1f\n", short_name(dests[d]), "Ping", ping[d].p50, ping[d].p90,
           ping[d].p99);
    printf("%s %-14s %8.1f %8.1f %8.1f\n", short_name(dests[d]), call_names[measured], call[d].p50,
           call[d].p90, call[d].p99);
  }
  for (int a = 0; a < ndests; a++)
    for (int b = a + 1; b < ndests; b++)
      printf("ratio %s %s/%s %.3f\n", call_names[measured], short_name(dests[b]),
             short_name(dests[a]), call[b].p50 / call[a].p50);
  for (int d = 0; d < ndests; d++) {
    free(ping[d].samples);
    free(call[d].samples);
  }
  sd_bus_unref(bus);
  return 0;
}

/* Switch latency. */

struct watch {
  char owners[2 + MAX_DESTS][128]; /* unique names: A, B, then the proxies */
  int nowners;
  /* The latest PlaybackStatus announcement of each owner, and when it came. */
  char status[2 + MAX_DESTS][16];
  uint64_t at[2 + MAX_DESTS];
  int count[2 + MAX_DESTS];
  /* Whether the owner is still on the bus: a proxy that crashed is no longer waited for. */
  int alive[2 + MAX_DESTS];
};

static int on_properties_changed(sd_bus_message *m, void *userdata, sd_bus_error *error) {
  (void)error;
  struct watch *watch = userdata;
  uint64_t at = now_ns();
  const char *sender = sd_bus_message_get_sender(m);
  int index = -1;
  for (int i = 0; sender && i < watch->nowners; i++)
    if (strcmp(watch->owners[i], sender) == 0) index = i;
  if (index < 0) return 0;
  const char *interface;
  if (sd_bus_message_read(m, "s", &interface) < 0 || strcmp(interface, player_interface) != 0)
    return 0;
  if (sd_bus_message_enter_container(m, 'a', "{sv}") <= 0) return 0;
  while (sd_bus_message_enter_container(m, 'e', "sv") > 0) {
    const char *name;
    if (sd_bus_message_read(m, "s", &name) < 0) return 0;
    if (strcmp(name, "PlaybackStatus") == 0) {
      const char *status;
      if (sd_bus_message_read(m, "v", "s", &status) < 0) return 0;
      snprintf(watch->status[index], sizeof watch->status[index], "%s", status);
      watch->at[index] = at;
      watch->count[index]++;
    } else if (sd_bus_message_skip(m, "v") < 0) {
      return 0;
    }
    sd_bus_message_exit_container(m);
  }
  return 0;
}

static void owner_of(sd_bus *bus, const char *name, char *owner, size_t size) {
  sd_bus_error error = SD_BUS_ERROR_NULL;
  sd_bus_message *reply = NULL;
  const char *unique;
  int r = sd_bus_call_method(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                             "org.freedesktop.DBus", "GetNameOwner", &error, &reply, "s", name);
  if (r < 0) fail(name, r, &error);
  if (sd_bus_message_read(reply, "s", &unique) < 0) fail("reading GetNameOwner", -EIO, NULL);
  snprintf(owner, size, "%s", unique);
  sd_bus_message_unref(reply);
}

/* Whether NAME still has an owner. */
static int has_owner(sd_bus *bus, const char *name) {
  sd_bus_error error = SD_BUS_ERROR_NULL;
  int r = sd_bus_call_method(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                             "org.freedesktop.DBus", "GetNameOwner", &error, NULL, "s", name);
  sd_bus_error_free(&error);
  return r >= 0;
}

static void call_player(sd_bus *bus, const char *dest, const char *member) {
  sd_bus_error error = SD_BUS_ERROR_NULL;
  int r = sd_bus_call_method(bus, dest, player_path, player_interface, member, &error, NULL, "");
  if (r < 0) fail(member, r, &error);
}

/* Dispatches messages until `done` holds or `timeout_ms` passes, then until the bus has been quiet
 * for `quiet_ms`. */
static int pump(sd_bus *bus, struct watch *watch, int (*done)(struct watch *, void *), void *arg,
                int timeout_ms, int quiet_ms) {
  uint64_t deadline = now_ns() + (uint64_t)timeout_ms * 1000000u;
  int reached = 0;
  uint64_t quiet_since = now_ns();
  for (;;) {
    int r = sd_bus_process(bus, NULL);
    if (r < 0) fail("processing the bus", r, NULL);
    if (r > 0) {
      quiet_since = now_ns();
      continue;
    }
    if (!reached && done(watch, arg)) reached = 1;
    uint64_t now = now_ns();
    if (reached && now - quiet_since >= (uint64_t)quiet_ms * 1000000u) return 1;
    if (!reached && now > deadline) return 0;
    sd_bus_wait(bus, 2000);
  }
}

struct expectation {
  const char *status;
  uint64_t since;
};

/* Every watched owner announced the status since the mark. */
static int all_announced(struct watch *watch, void *arg) {
  struct expectation *expected = arg;
  for (int i = 0; i < watch->nowners; i++)
    if (watch->alive[i] &&
        (strcmp(watch->status[i], expected->status) != 0 || watch->at[i] < expected->since))
      return 0;
  return 1;
}

static int run_switch(int count, char **names, int nnames) {
  sd_bus *bus = NULL;
  int r = sd_bus_open_user(&bus);
  if (r < 0) fail("connecting to the session bus", r, NULL);
  if (nnames > 2 + MAX_DESTS) nnames = 2 + MAX_DESTS;
  static struct watch watch;
  watch.nowners = nnames;
  for (int i = 0; i < nnames; i++) {
    owner_of(bus, names[i], watch.owners[i], sizeof watch.owners[i]);
    watch.alive[i] = 1;
  }
  r = sd_bus_add_match(bus, NULL,
                       "type='signal',interface='org.freedesktop.DBus.Properties',"
                       "member='PropertiesChanged',path='/org/mpris/MediaPlayer2',"
                       "arg0='org.mpris.MediaPlayer2.Player'",
                       on_properties_changed, &watch);
  if (r < 0) fail("adding the match", r, NULL);
  int nproxies = nnames - 2;
  struct series latency[MAX_DESTS];
  for (int p = 0; p < nproxies; p++) latency[p] = (struct series){allocate(count), 0, 0, 0, 0};
  int missed[MAX_DESTS] = {0};
  for (int i = 0; i < count; i++) {
    const char *playing = names[i % 2], *next = names[(i + 1) % 2];
    /* Pause the one that may play; wait until it and the proxies say so, and for quiet. */
    struct expectation paused = {"Paused", now_ns()};
    call_player(bus, playing, "Pause");
    pump(bus, &watch, all_announced, &paused, 500, 30);
    /* Start the other: the switch. */
    struct expectation started = {"Playing", now_ns()};
    call_player(bus, next, "Play");
    pump(bus, &watch, all_announced, &started, 500, 30);
    int player = (i + 1) % 2;
    for (int p = 0; p < nproxies; p++) {
      int proxy = 2 + p;
      if (!watch.alive[proxy]) continue;
      if (strcmp(watch.status[player], "Playing") != 0 || watch.at[player] < started.since ||
          strcmp(watch.status[proxy], "Playing") != 0 || watch.at[proxy] < watch.at[player]) {
        missed[p]++;
        if (!has_owner(bus, names[proxy])) {
          watch.alive[proxy] = 0;
          printf("%s left the bus after %d switches\n", short_name(names[proxy]), i);
        }
        continue;
      }
      latency[p].samples[latency[p].count++] = watch.at[proxy] - watch.at[player];
    }
  }
  for (int p = 0; p < nproxies; p++) {
    summarize(&latency[p], latency[p].count);
    printf("%s switch %8.1f %8.1f %8.1f (n=%d, missed %d)\n", short_name(names[2 + p]),
           latency[p].p50, latency[p].p90, latency[p].p99, latency[p].count, missed[p]);
    free(latency[p].samples);
  }
  sd_bus_unref(bus);
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 4 && strcmp(argv[1], "gets") == 0 && atoi(argv[2]) > 0)
    return run_calls(GET_METADATA, atoi(argv[2]), argv + 3, argc - 3);
  if (argc >= 4 && strcmp(argv[1], "playpause") == 0 && atoi(argv[2]) > 0)
    return run_calls(PLAY_PAUSE, atoi(argv[2]), argv + 3, argc - 3);
  if (argc >= 6 && strcmp(argv[1], "switch") == 0 && atoi(argv[2]) > 0)
    return run_switch(atoi(argv[2]), argv + 3, argc - 3);
  fprintf(stderr,
          "usage: dbus-hub gets COUNT DEST... | playpause COUNT DEST... | switch COUNT A B PROXY...\n");
  return 2;
}
