// OpenSSL's libcrypto from the system (Debian: libssl-dev), for the SHA-256 of downloaded
// models (fm models pull / verify): hundreds of MB at the hardware's speed.
#include <openssl/evp.h>
