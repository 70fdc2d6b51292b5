/*
 * What the plain sd-bus benchmark clients (hub.c, roundtrip.c) share: the monotonic clock,
 * percentiles of a series of samples, failing with sd-bus's words, and the calls they time. Define BENCHMARK_NAME
 * (the program's name, for error messages) before including it.
 */
#ifndef BENCHMARKS_DBUS_COMMON_H
#define BENCHMARKS_DBUS_COMMON_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <systemd/sd-bus.h>
#include <time.h>

static const char *player_path = "/org/mpris/MediaPlayer2";
static const char *player_interface = "org.mpris.MediaPlayer2.Player";

/* Nanoseconds on the monotonic clock. */
static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int compare(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Prints what failed, in sd-bus's error message or errno's words, and exits with 1. */
static void fail(const char *what, int r, const sd_bus_error *error) {
  fprintf(stderr, BENCHMARK_NAME ": %s: %s\n", what,
          error && sd_bus_error_is_set(error) ? error->message : strerror(-r));
  exit(1);
}

/* Samples in nanoseconds, and their percentiles in microseconds once summarized. */
struct series {
  uint64_t *samples;
  int count;
  double p50, p90, p99;
};

/* Sorts the first COUNT samples and sets the percentiles; nothing when COUNT is 0. */
static void summarize(struct series *series, int count) {
  if (count == 0) return;
  qsort(series->samples, (size_t)count, sizeof *series->samples, compare);
  series->p50 = series->samples[count / 2] / 1e3;
  series->p90 = series->samples[count * 9 / 10] / 1e3;
  series->p99 = series->samples[count * 99 / 100] / 1e3;
}

/* Room for COUNT samples; exits when there is none. */
static uint64_t *allocate(int count) {
  uint64_t *samples = calloc((size_t)count, sizeof(uint64_t));
  if (!samples) fail("allocating samples", -ENOMEM, NULL);
  return samples;
}

/* The calls timed, each made once and waited for by make_call. */
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
                           &reply, "ss", player_interface,
                           call == GET_METADATA ? "Metadata" : "Position");
    break;
  default:
    r = sd_bus_call_method(bus, dest, player_path, player_interface, "PlayPause", &error, &reply,
                           "");
    break;
  }
  if (r < 0) fail(call_names[call], r, &error);
  sd_bus_message_unref(reply);
  sd_bus_error_free(&error);
}

#endif
