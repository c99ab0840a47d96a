#ifndef ROASTBOT_COPENSSL_SHIM_H
#define ROASTBOT_COPENSSL_SHIM_H
// OpenSSL 3's libcrypto, which libcurl already loads for TLS: SHA-1 for the WebSocket opening
// handshake (Sec-WebSocket-Accept), and the EVP interface (Ed25519 verification, later).
#include <openssl/sha.h>
#include <openssl/evp.h>
#endif
