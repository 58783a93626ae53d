// OpenSSL (system package libssl-dev) for BatonSockets' wss://: TLS over memory BIOs.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>

// Macros Swift cannot call, as functions.
static inline long baton_ssl_ctx_set_min_tls12(SSL_CTX *ctx) {
    return SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
}
static inline long baton_ssl_set_sni(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}
