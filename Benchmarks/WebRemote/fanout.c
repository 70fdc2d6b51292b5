/*
 * One state change reaching many WebSocket clients of the web remote, timed by a plain C
 * client so that the figure is the hub's, not the load tool's.
 *
 *   webremote-fanout PORT TOKEN CLIENTS ROUNDS HUB_PID
 *       Opens CLIENTS WebSockets to ws://127.0.0.1:PORT/api/events (the device's key as
 *       `Authorization: Bearer`, as a program on loopback may, and the page's Origin), reads each one's snapshot, then ROUNDS times sets binaural's
 *       volume through POST /api/players/binaural/volume (a new value each round) and waits, with
 *       epoll, until every client has received the change (at most 10 s a round). Prints
 *       "fanout p50 p99 max" in milliseconds from just before the request to each client's
 *       receipt, "received N of M", and "rss BEFORE WITH" in KiB: the hub's resident memory before
 *       the clients connected and with them all connected.
 *
 *   webremote-fanout press PORT TOKEN COUNT
 *       COUNT togglePlayPause commands to binaural over one WebSocket (a new one every 90, under
 *       the hub's flood limit), each sent once the previous one was acknowledged; prints
 *       "press p50 p90 p99" in microseconds from sending the frame to reading its ack.
 *
 *   webremote-fanout press-signed PORT DEVICE KEY COUNT
 *       The same as the page does it: each socket's upgrade signed with the device's KEY
 *       (base64url) as `?auth=DEVICE.TIME.NONCE.HMAC`, each command signed with that socket's key
 *       ({"seq", "signed", "mac"}); the signing is inside the time measured, as it is on a page.
 *
 * Build: cc -O2 fanout.c -lcrypto
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  int fd;
  char *buffer;
  size_t length, capacity;
  int seen; /* the round whose change this client has received */
} Client;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int open_socket(int port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
  inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
    perror("connect");
    exit(1);
  }
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

static void send_all(int fd, const char *text) {
  size_t length = strlen(text), sent = 0;
  while (sent < length) {
    ssize_t n = write(fd, text + sent, length - sent);
    if (n <= 0) { perror("write"); exit(1); }
    sent += (size_t)n;
  }
}

/* Reads until the HTTP head ends; keeps what follows it in the client's buffer. */
static void read_head(Client *client) {
  for (;;) {
    if (client->length == client->capacity) {
      client->capacity *= 2;
      client->buffer = realloc(client->buffer, client->capacity);
    }
    ssize_t n = read(client->fd, client->buffer + client->length, client->capacity - client->length);
    if (n <= 0) { fprintf(stderr, "the upgrade failed\n"); exit(1); }
    client->length += (size_t)n;
    char *end = memmem(client->buffer, client->length, "\r\n\r\n", 4);
    if (end) {
      if (strncmp(client->buffer, "HTTP/1.1 101", 12) != 0) {
        fprintf(stderr, "the upgrade was refused: %.*s\n", 40, client->buffer);
        exit(1);
      }
      size_t head = (size_t)(end + 4 - client->buffer);
      memmove(client->buffer, client->buffer + head, client->length - head);
      client->length -= head;
      return;
    }
  }
}

/* Consumes the complete frames in the buffer; returns 1 when a text frame holds `marker`. */
static int take_frames(Client *client, const char *marker) {
  int found = 0;
  for (;;) {
    if (client->length < 2) break;
    uint8_t *bytes = (uint8_t *)client->buffer;
    uint64_t payload = bytes[1] & 0x7F;
    size_t header = 2;
    if (payload == 126) {
      if (client->length < 4) break;
      payload = (uint64_t)bytes[2] << 8 | bytes[3];
      header = 4;
    } else if (payload == 127) {
      if (client->length < 10) break;
      payload = 0;
      for (int i = 0; i < 8; i++) payload = payload << 8 | bytes[2 + i];
      header = 10;
    }
    if (client->length < header + payload) break;
    if ((bytes[0] & 0x0F) == 1 && marker && memmem(bytes + header, payload, marker, strlen(marker))) found = 1;
    memmove(client->buffer, client->buffer + header + payload, client->length - header - payload);
    client->length -= header + payload;
  }
  return found;
}

static long resident_kib(const char *pid) {
  char path[64], line[256];
  long kib = 0;
  snprintf(path, sizeof path, "/proc/%s/status", pid);
  FILE *status = fopen(path, "r");
  if (!status) return 0;
  while (fgets(line, sizeof line, status))
    if (strncmp(line, "VmRSS:", 6) == 0) kib = atol(line + 6);
  fclose(status);
  return kib;
}

/* Sends `text` as one masked text frame (the mask is zero: the payload goes as it is). */
static void send_text(int fd, const char *text) {
  size_t length = strlen(text);
  char frame[1024];
  size_t header = 0;
  frame[header++] = (char)0x81;
  if (length < 126) {
    frame[header++] = (char)(0x80 | length);
  } else {
    frame[header++] = (char)(0x80 | 126);
    frame[header++] = (char)(length >> 8);
    frame[header++] = (char)(length & 0xFF);
  }
  memset(frame + header, 0, 4);
  header += 4;
  memcpy(frame + header, text, length);
  frame[header + length] = 0;
  size_t sent = 0;
  while (sent < header + length) {
    ssize_t n = write(fd, frame + sent, header + length - sent);
    if (n <= 0) { perror("write"); exit(1); }
    sent += (size_t)n;
  }
}

static int compare_doubles(const void *a, const void *b);

static void hex(const unsigned char *bytes, size_t count, char *out) {
  for (size_t i = 0; i < count; i++) sprintf(out + 2 * i, "%02x", bytes[i]);
}

/* HMAC-SHA-256 of `text` with `key`, in hexadecimal (65 bytes with the NUL). */
static void hmac_hex(const unsigned char *key, size_t key_length, const char *text, char *out) {
  unsigned char mac[32];
  unsigned int length = 32;
  HMAC(EVP_sha256(), key, (int)key_length, (const unsigned char *)text, strlen(text), mac, &length);
  hex(mac, 32, out);
}

static size_t base64url_decode(const char *text, unsigned char *out) {
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  uint32_t bits = 0;
  int count = 0;
  size_t length = 0;
  for (const char *c = text; *c; c++) {
    const char *at = strchr(alphabet, *c);
    if (!at) break;
    bits = bits << 6 | (uint32_t)(at - alphabet);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[length++] = (unsigned char)(bits >> count);
    }
  }
  return length;
}

static double wall_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Reads until the ack holding `marker` arrives; 0 when the socket closed first. */
static int await_ack(Client *client, const char *marker) {
  for (;;) {
    if (client->length == client->capacity) client->length = 0;
    ssize_t n = read(client->fd, client->buffer + client->length, client->capacity - client->length);
    if (n <= 0) {
      fprintf(stderr, "press: the socket closed\n");
      return 0;
    }
    client->length += (size_t)n;
    if (take_frames(client, marker)) return 1;
  }
}

/* "LABEL p50 p90 p99" of the `count` times, which it sorts. */
static void print_percentiles(const char *label, double *times, int count) {
  qsort(times, (size_t)count, sizeof(double), compare_doubles);
  printf("%s %.1f %.1f %.1f\n", label, times[count / 2], times[(size_t)(count * 0.9)], times[(size_t)(count * 0.99)]);
}

/* Writes into REQUEST (SIZE bytes) the WebSocket upgrade of /api/events on the hub's web remote at
 * PORT, as the paired device whose token is TOKEN asks for it. */
static void upgrade_request(char *request, size_t size, int port, const char *token) {
  snprintf(request, size,
           "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
           "Origin: http://127.0.0.1:%d\r\nAuthorization: Bearer %s\r\n\r\n",
           port, port, token);
}

static int press(int port, const char *token, int count) {
  char request[1024];
  upgrade_request(request, sizeof request, port, token);
  double *times = malloc(sizeof(double) * (size_t)count);
  Client client = {.fd = -1, .capacity = 1 << 16};
  client.buffer = malloc(client.capacity);
  for (int index = 0; index < count; index++) {
    if (index % 90 == 0) {
      if (client.fd >= 0) close(client.fd);
      client.fd = open_socket(port);
      client.length = 0;
      send_all(client.fd, request);
      read_head(&client);
    }
    char command[256], marker[64];
    snprintf(command, sizeof command,
             "{\"type\": \"command\", \"id\": \"p%d\", \"player\": \"binaural\", \"command\": \"togglePlayPause\"}",
             index);
    snprintf(marker, sizeof marker, "\"id\":\"p%d\",\"ok\":true", index);
    double started = now_ms();
    send_text(client.fd, command);
    if (!await_ack(&client, marker)) return 1;
    times[index] = (now_ms() - started) * 1000;
  }
  print_percentiles("press", times, count);
  return 0;
}

static int press_signed(int port, const char *device, const char *key_text, int count) {
  unsigned char key[64];
  size_t key_length = base64url_decode(key_text, key);
  unsigned char socket_key[32];
  double *times = malloc(sizeof(double) * (size_t)count);
  Client client = {.fd = -1, .capacity = 1 << 16};
  client.buffer = malloc(client.capacity);
  int seq = 0;
  for (int index = 0; index < count; index++) {
    if (index % 90 == 0) {
      if (client.fd >= 0) close(client.fd);
      unsigned char random[16];
      char nonce[33], text[512], mac[65], request[1024];
      RAND_bytes(random, sizeof random);
      hex(random, sizeof random, nonce);
      long long time = (long long)wall_ms();
      snprintf(text, sizeof text,
               "remotectld-signature-1\nGET\n/api/events\n%lld\n%s\n"
               "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
               time, nonce);
      hmac_hex(key, key_length, text, mac);
      snprintf(request, sizeof request,
               "GET /api/events?auth=%s.%lld.%s.%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
               "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
               "Origin: http://127.0.0.1:%d\r\n\r\n",
               device, time, nonce, mac, port, port);
      snprintf(text, sizeof text, "remotectld-socket-1\n%s", nonce);
      unsigned int length = 32;
      HMAC(EVP_sha256(), key, (int)key_length, (const unsigned char *)text, strlen(text), socket_key, &length);
      client.fd = open_socket(port);
      client.length = 0;
      seq = 0;
      send_all(client.fd, request);
      read_head(&client);
    }
    char command[256], escaped[512], text[600], mac[65], frame[1024], marker[64];
    snprintf(marker, sizeof marker, "\"id\":\"p%d\",\"ok\":true", index);
    double started = now_ms();
    snprintf(command, sizeof command,
             "{\"type\":\"command\",\"id\":\"p%d\",\"player\":\"binaural\",\"command\":\"togglePlayPause\"}", index);
    size_t at = 0;
    for (const char *c = command; *c; c++) {
      if (*c == '"') escaped[at++] = '\\';
      escaped[at++] = *c;
    }
    escaped[at] = 0;
    seq += 1;
    snprintf(text, sizeof text, "%d\n%s", seq, command);
    hmac_hex(socket_key, 32, text, mac);
    snprintf(frame, sizeof frame, "{\"seq\":%d,\"signed\":\"%s\",\"mac\":\"%s\"}", seq, escaped, mac);
    send_text(client.fd, frame);
    if (!await_ack(&client, marker)) return 1;
    times[index] = (now_ms() - started) * 1000;
  }
  print_percentiles("press-signed", times, count);
  return 0;
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc == 5 && strcmp(argv[1], "press") == 0) return press(atoi(argv[2]), argv[3], atoi(argv[4]));
  if (argc == 6 && strcmp(argv[1], "press-signed") == 0)
    return press_signed(atoi(argv[2]), argv[3], argv[4], atoi(argv[5]));
  if (argc != 6) {
    fprintf(stderr, "usage: webremote-fanout PORT TOKEN CLIENTS ROUNDS HUB_PID\n");
    return 2;
  }
  int port = atoi(argv[1]), count = atoi(argv[3]), rounds = atoi(argv[4]);
  const char *token = argv[2];
  char request[1024];
  upgrade_request(request, sizeof request, port, token);
  long before = resident_kib(argv[5]);
  Client *clients = calloc((size_t)count, sizeof *clients);
  int poll = epoll_create1(0);
  for (int i = 0; i < count; i++) {
    clients[i].fd = open_socket(port);
    clients[i].capacity = 1 << 16;
    clients[i].buffer = malloc(clients[i].capacity);
    send_all(clients[i].fd, request);
    read_head(&clients[i]);
    struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
    epoll_ctl(poll, EPOLL_CTL_ADD, clients[i].fd, &event);
  }
  double *latencies = malloc(sizeof(double) * (size_t)count * (size_t)rounds);
  size_t received = 0;
  struct epoll_event events[256];
  /* Drain the snapshots. */
  double quiet = now_ms() + 2000;
  while (now_ms() < quiet) {
    int ready = epoll_wait(poll, events, 256, 100);
    for (int e = 0; e < ready; e++) {
      Client *client = &clients[events[e].data.u32];
      ssize_t n = read(client->fd, client->buffer + client->length, client->capacity - client->length);
      if (n > 0) { client->length += (size_t)n; take_frames(client, NULL); }
    }
  }
  long with = resident_kib(argv[5]);
  for (int round = 1; round <= rounds; round++) {
    char body[64], post[1024], marker[64];
    double volume = 0.2 + round / 1000.0;
    snprintf(body, sizeof body, "{\"volume\": %.3f}", volume);
    snprintf(marker, sizeof marker, "\"volume\":%.3f", volume);
    /* The hub writes numbers as Swift prints them: 0.201, never 0.2010. */
    for (char *end = marker + strlen(marker) - 1; *end == '0'; end--) *end = 0;
    snprintf(post, sizeof post,
             "POST /api/players/binaural/volume HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAuthorization: Bearer %s\r\n"
             "Content-Type: application/json\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n%s",
             port, token, strlen(body), body);
    int control = open_socket(port);
    double started = now_ms();
    send_all(control, post);
    int pending = count;
    double deadline = started + 10000;
    while (pending > 0 && now_ms() < deadline) {
      int ready = epoll_wait(poll, events, 256, 100);
      for (int e = 0; e < ready; e++) {
        Client *client = &clients[events[e].data.u32];
        if (client->length == client->capacity) client->length = 0;
        ssize_t n = read(client->fd, client->buffer + client->length, client->capacity - client->length);
        if (n <= 0) continue;
        client->length += (size_t)n;
        if (take_frames(client, marker) && client->seen != round) {
          client->seen = round;
          latencies[received++] = now_ms() - started;
          pending--;
        }
      }
    }
    char answer[512];
    (void)read(control, answer, sizeof answer);
    close(control);
    usleep(200000);
  }
  printf("received %zu of %d\n", received, count * rounds);
  printf("rss %ld %ld\n", before, with);
  if (received == 0) return 1;
  qsort(latencies, received, sizeof(double), compare);
  printf("fanout %.2f %.2f %.2f\n", latencies[received / 2], latencies[(size_t)(received * 0.99)],
         latencies[received - 1]);
  return 0;
}
