// A thin shim over libmosquitto (Debian: libmosquitto-dev) for the venue bridge: one
// function per operation, each returning a MOSQ_ERR_* code (0 is success). Nothing here
// prints. The caller runs the network loop on a thread of its own (cmosq_loop) and
// decides when to reconnect: libmosquitto's own thread (mosquitto_loop_start) gives up
// for good on a TLS or authentication error and never retries a first connection that
// failed, and a cabinet's bridge must never give up. The callbacks run on the thread
// that calls cmosq_loop.
#ifndef CMOSQUITTO_H
#define CMOSQUITTO_H

#include <stddef.h>

/// One MQTT client (a struct mosquitto underneath).
typedef struct cmosq_client cmosq_client;

/// What the network thread tells: `code` is the CONNACK code for `connected` (0 is
/// accepted), the reason for `disconnected` (0 when asked for), the message id for
/// `published` (the broker acknowledged a QoS 1 message).
typedef enum cmosq_happening {
  CMOSQ_CONNECTED = 1,
  CMOSQ_DISCONNECTED = 2,
  CMOSQ_PUBLISHED = 3,
  CMOSQ_MESSAGE = 4,
} cmosq_happening;

/// Called on the network thread. `topic` and `payload` are set for CMOSQ_MESSAGE only
/// and are valid for the call's duration.
typedef void (*cmosq_callback)(void *context, cmosq_happening happening, int code,
                               const char *topic, const void *payload, int payload_length);

/// Initialises the library once per process (mosquitto_lib_init).
int cmosq_library_init(void);

/// A new client (mosquitto_new) with a persistent session when `clean_session` is 0,
/// reporting to `callback` with `context`. Returns 0 and `*out`, or an error code.
int cmosq_new(cmosq_client **out, const char *client_id, int clean_session,
              cmosq_callback callback, void *context);

/// Username and password (mosquitto_username_pw_set); either may be NULL.
int cmosq_credentials(cmosq_client *client, const char *username, const char *password);

/// TLS with the CA certificates in `ca_file` (mosquitto_tls_set), the broker's name
/// checked against its certificate.
int cmosq_tls(cmosq_client *client, const char *ca_file);

/// The last will: `payload` is published retained to `topic` with QoS 1 when the broker
/// loses the client (mosquitto_will_set).
int cmosq_will(cmosq_client *client, const char *topic, const char *payload);

/// Connects to `host`:`port` (mosquitto_connect), TLS handshake included; the broker's
/// answer (CONNACK) comes through cmosq_loop as CMOSQ_CONNECTED.
int cmosq_connect(cmosq_client *client, const char *host, int port, int keepalive_seconds);

/// Connects again to the same broker (mosquitto_reconnect).
int cmosq_reconnect(cmosq_client *client);

/// Runs the network for up to `timeout_ms` (mosquitto_loop): reads, writes, keep-alive.
/// An error means the connection is gone.
int cmosq_loop(cmosq_client *client, int timeout_ms);

/// Publishes `length` bytes to `topic` (mosquitto_publish). `*mid` gets the message id
/// that CMOSQ_PUBLISHED reports for QoS 1.
int cmosq_publish(cmosq_client *client, int *mid, const char *topic, const void *payload,
                  int length, int qos, int retain);

/// Subscribes to `pattern` (mosquitto_subscribe): cmosq_no_connection_code() while the
/// client has no connection to the broker, whatever the pattern.
int cmosq_subscribe(cmosq_client *client, const char *pattern, int qos);

/// Whether `pattern` is a valid topic pattern to subscribe to (mosquitto_sub_topic_check):
/// 0, or MOSQ_ERR_INVAL.
int cmosq_pattern_check(const char *pattern);

/// Closes the connection without a DISCONNECT, so the broker publishes the last will,
/// and frees the client (mosquitto_destroy). No cmosq_loop may run any more.
void cmosq_stop(cmosq_client *client);

/// The library's words for an error code (mosquitto_strerror).
const char *cmosq_error_text(int code);

/// The library's words for a CONNACK code (mosquitto_connack_string).
const char *cmosq_connack_text(int code);

/// The error code for a system error (MOSQ_ERR_ERRNO): errno holds the cause.
int cmosq_errno_code(void);

/// The error code for a call that needs a connection made while there is none
/// (MOSQ_ERR_NO_CONN).
int cmosq_no_connection_code(void);

/// The error code for a broker that did not answer within the keepalive
/// (MOSQ_ERR_KEEPALIVE), to CONNECT or to a ping; libmosquitto has no words for it.
int cmosq_keepalive_code(void);

#endif
