// OpenSSL's libcrypto on Linux (CryptoKit on Apple): KeelSupport's SHA-256 and HMAC, and
// KeelStorage's EncryptedFileStore.
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/hmac.h>
