// OpenSSL's functions as grove-server calls them (asio's TLS stream, the TLS
// listener's context, token hashes): each loads libssl, and through it
// libcrypto, on its first call (support/SharedLibrary.h says why), then calls
// OpenSSL's own. Linked at start, the two cost about 3 ms of every start on
// the machines measured (24,000 relocations, most of them libcrypto's, each
// touching a page), though a core that never listens with TLS and never
// checks a token uses neither.
//
// grove_tls does not link OpenSSL; these definitions are what its calls and
// asio's resolve to. The declarations are OpenSSL's headers', so a signature
// that drifts from OpenSSL's is a compile error ("conflicting declaration").
// A function the code (or asio) starts calling must be added here, or the
// link fails naming it.
#include <openssl/bio.h>
#include <openssl/conf.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>

#include "support/SharedLibrary.h"

namespace {

// libssl's own dependencies (libcrypto) are searched by dlsym on its handle.
constinit grove::SharedLibrary libssl("libssl.so.3", "libssl3", "TLS or an access token",
                                      grove::ErrorKind::InvalidOperation);

}  // namespace

#define GROVE_SSL(...) GROVE_FORWARD(libssl, __VA_ARGS__)

extern "C" {

// libcrypto
GROVE_SSL(long, BIO_ctrl, (BIO * bp, int cmd, long larg, void* parg), (bp, cmd, larg, parg))
GROVE_SSL(size_t, BIO_ctrl_pending, (BIO * b), (b))
GROVE_SSL(int, BIO_free, (BIO * a), (a))
GROVE_SSL(int, BIO_new_bio_pair, (BIO * *bio1, size_t writebuf1, BIO** bio2, size_t writebuf2),
          (bio1, writebuf1, bio2, writebuf2))
GROVE_SSL(BIO*, BIO_new_file, (const char* filename, const char* mode), (filename, mode))
GROVE_SSL(int, BIO_read, (BIO * b, void* data, int dlen), (b, data, dlen))
GROVE_SSL(int, BIO_write, (BIO * b, const void* data, int dlen), (b, data, dlen))
GROVE_SSL(int, CRYPTO_memcmp, (const void* in_a, const void* in_b, size_t len), (in_a, in_b, len))
GROVE_SSL(void, ERR_clear_error, (void), ())
GROVE_SSL(void, ERR_error_string_n, (unsigned long e, char* buf, size_t len), (e, buf, len))
GROVE_SSL(unsigned long, ERR_get_error, (void), ())
GROVE_SSL(const char*, ERR_lib_error_string, (unsigned long e), (e))
GROVE_SSL(const char*, ERR_reason_error_string, (unsigned long e), (e))
GROVE_SSL(int, EVP_Digest,
          (const void* data, size_t count, unsigned char* md, unsigned int* size, const EVP_MD* type, ENGINE* impl),
          (data, count, md, size, type, impl))
GROVE_SSL(void, EVP_PKEY_free, (EVP_PKEY * pkey), (pkey))
GROVE_SSL(const EVP_MD*, EVP_sha256, (void), ())
GROVE_SSL(EVP_PKEY*, PEM_read_bio_PrivateKey, (BIO * bp, EVP_PKEY** x, pem_password_cb* cb, void* u),
          (bp, x, cb, u))
GROVE_SSL(int, RAND_bytes, (unsigned char* buf, int num), (buf, num))

// asio's OpenSSL guard calls this as the program exits: nothing to unload
// when nothing loaded OpenSSL, and no reason to load it then.
void CONF_modules_unload(int all) {
  if (!libssl.loaded()) return;
  static const auto real = libssl.function<decltype(&CONF_modules_unload)>("CONF_modules_unload");
  real(all);
}

// libssl
GROVE_SSL(int, SSL_CTX_check_private_key, (const SSL_CTX* ctx), (ctx))
GROVE_SSL(long, SSL_CTX_ctrl, (SSL_CTX * ctx, int cmd, long larg, void* parg), (ctx, cmd, larg, parg))
GROVE_SSL(void, SSL_CTX_free, (SSL_CTX * ctx), (ctx))
GROVE_SSL(void*, SSL_CTX_get_default_passwd_cb_userdata, (SSL_CTX * ctx), (ctx))
GROVE_SSL(void*, SSL_CTX_get_ex_data, (const SSL_CTX* ssl, int idx), (ssl, idx))
GROVE_SSL(int, SSL_CTX_load_verify_locations, (SSL_CTX * ctx, const char* CAfile, const char* CApath),
          (ctx, CAfile, CApath))
GROVE_SSL(SSL_CTX*, SSL_CTX_new, (const SSL_METHOD* meth), (meth))
GROVE_SSL(void, SSL_CTX_set_client_CA_list, (SSL_CTX * ctx, STACK_OF(X509_NAME) * name_list), (ctx, name_list))
GROVE_SSL(void, SSL_CTX_set_default_passwd_cb_userdata, (SSL_CTX * ctx, void* u), (ctx, u))
GROVE_SSL(int, SSL_CTX_set_ex_data, (SSL_CTX * ssl, int idx, void* data), (ssl, idx, data))
GROVE_SSL(uint64_t, SSL_CTX_set_options, (SSL_CTX * ctx, uint64_t op), (ctx, op))
GROVE_SSL(void, SSL_CTX_set_verify, (SSL_CTX * ctx, int mode, SSL_verify_cb callback), (ctx, mode, callback))
GROVE_SSL(int, SSL_CTX_use_PrivateKey_file, (SSL_CTX * ctx, const char* file, int type), (ctx, file, type))
GROVE_SSL(int, SSL_CTX_use_certificate_chain_file, (SSL_CTX * ctx, const char* file), (ctx, file))
GROVE_SSL(int, SSL_accept, (SSL * ssl), (ssl))
GROVE_SSL(int, SSL_connect, (SSL * ssl), (ssl))
GROVE_SSL(long, SSL_ctrl, (SSL * ssl, int cmd, long larg, void* parg), (ssl, cmd, larg, parg))
GROVE_SSL(void, SSL_free, (SSL * ssl), (ssl))
GROVE_SSL(int, SSL_get_error, (const SSL* s, int ret_code), (s, ret_code))
GROVE_SSL(void*, SSL_get_ex_data, (const SSL* ssl, int idx), (ssl, idx))
GROVE_SSL(int, SSL_get_shutdown, (const SSL* ssl), (ssl))
GROVE_SSL(STACK_OF(X509_NAME) *, SSL_load_client_CA_file, (const char* file), (file))
GROVE_SSL(SSL*, SSL_new, (SSL_CTX * ctx), (ctx))
GROVE_SSL(int, SSL_read, (SSL * ssl, void* buf, int num), (ssl, buf, num))
GROVE_SSL(void, SSL_set_bio, (SSL * s, BIO* rbio, BIO* wbio), (s, rbio, wbio))
GROVE_SSL(int, SSL_set_ex_data, (SSL * ssl, int idx, void* data), (ssl, idx, data))
GROVE_SSL(int, SSL_write, (SSL * ssl, const void* buf, int num), (ssl, buf, num))
GROVE_SSL(const SSL_METHOD*, TLS_client_method, (void), ())
GROVE_SSL(const SSL_METHOD*, TLS_method, (void), ())
GROVE_SSL(const SSL_METHOD*, TLS_server_method, (void), ())

}  // extern "C"
