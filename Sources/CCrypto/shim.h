// OpenSSL's libcrypto for KeelStorage's EncryptedFileStore on Linux (CryptoKit on Apple).
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
