#include "cmosquitto.h"

#include <mosquitto.h>
#include <stdlib.h>
#include <string.h>

struct cmosq_client {
  struct mosquitto *mosq;
  cmosq_callback callback;
  void *context;
};

static void on_connect(struct mosquitto *mosq, void *obj, int code) {
  (void)mosq;
  cmosq_client *client = obj;
  client->callback(client->context, CMOSQ_CONNECTED, code, NULL, NULL, 0);
}

static void on_disconnect(struct mosquitto *mosq, void *obj, int code) {
  (void)mosq;
  cmosq_client *client = obj;
  client->callback(client->context, CMOSQ_DISCONNECTED, code, NULL, NULL, 0);
}

static void on_publish(struct mosquitto *mosq, void *obj, int mid) {
  (void)mosq;
  cmosq_client *client = obj;
  client->callback(client->context, CMOSQ_PUBLISHED, mid, NULL, NULL, 0);
}

static void on_message(struct mosquitto *mosq, void *obj, const struct mosquitto_message *message) {
  (void)mosq;
  cmosq_client *client = obj;
  client->callback(client->context, CMOSQ_MESSAGE, message->mid, message->topic,
                   message->payload, message->payloadlen);
}

int cmosq_library_init(void) { return mosquitto_lib_init(); }

int cmosq_new(cmosq_client **out, const char *client_id, int clean_session,
              cmosq_callback callback, void *context) {
  *out = NULL;
  cmosq_client *client = calloc(1, sizeof *client);
  if (client == NULL) return MOSQ_ERR_NOMEM;
  client->callback = callback;
  client->context = context;
  client->mosq = mosquitto_new(client_id, clean_session != 0, client);
  if (client->mosq == NULL) {
    free(client);
    return MOSQ_ERR_ERRNO;
  }
  mosquitto_connect_callback_set(client->mosq, on_connect);
  mosquitto_disconnect_callback_set(client->mosq, on_disconnect);
  mosquitto_publish_callback_set(client->mosq, on_publish);
  mosquitto_message_callback_set(client->mosq, on_message);
  // Publishing and subscribing come from other threads than the loop's.
  mosquitto_threaded_set(client->mosq, true);
  *out = client;
  return MOSQ_ERR_SUCCESS;
}

int cmosq_credentials(cmosq_client *client, const char *username, const char *password) {
  return mosquitto_username_pw_set(client->mosq, username, password);
}

int cmosq_tls(cmosq_client *client, const char *ca_file) {
  return mosquitto_tls_set(client->mosq, ca_file, NULL, NULL, NULL, NULL);
}

int cmosq_will(cmosq_client *client, const char *topic, const char *payload) {
  return mosquitto_will_set(client->mosq, topic, (int)strlen(payload), payload, 1, true);
}

int cmosq_connect(cmosq_client *client, const char *host, int port, int keepalive_seconds) {
  return mosquitto_connect(client->mosq, host, port, keepalive_seconds);
}

int cmosq_reconnect(cmosq_client *client) { return mosquitto_reconnect(client->mosq); }

int cmosq_loop(cmosq_client *client, int timeout_ms) {
  return mosquitto_loop(client->mosq, timeout_ms, 1);
}

int cmosq_publish(cmosq_client *client, int *mid, const char *topic, const void *payload,
                  int length, int qos, int retain) {
  return mosquitto_publish(client->mosq, mid, topic, length, payload, qos, retain != 0);
}

int cmosq_subscribe(cmosq_client *client, const char *pattern, int qos) {
  return mosquitto_subscribe(client->mosq, NULL, pattern, qos);
}

int cmosq_pattern_check(const char *pattern) { return mosquitto_sub_topic_check(pattern); }

void cmosq_stop(cmosq_client *client) {
  if (client == NULL) return;
  mosquitto_destroy(client->mosq);
  free(client);
}

const char *cmosq_error_text(int code) { return mosquitto_strerror(code); }

const char *cmosq_connack_text(int code) { return mosquitto_connack_string(code); }

int cmosq_errno_code(void) { return MOSQ_ERR_ERRNO; }

int cmosq_no_connection_code(void) { return MOSQ_ERR_NO_CONN; }

int cmosq_keepalive_code(void) { return MOSQ_ERR_KEEPALIVE; }
