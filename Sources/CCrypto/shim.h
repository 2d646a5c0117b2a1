#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H
#include <stddef.h>
#include <stdint.h>

/*
 * The hashes and the AES-CBC of PDFInfo's standard security handler, from the platform's
 * crypto library (OpenSSL 3's libcrypto on Linux, CommonCrypto on Apple platforms) behind one
 * small interface that only Sources/PDFInfo/Crypto/ calls. Everything is static inline:
 * CCrypto is a system-library module and compiles no sources.
 *
 * Digests write 16 (MD5), 32, 48 or 64 bytes to `out` and return 1, or 0 if the library
 * refuses (e.g. MD5 under a FIPS-only OpenSSL configuration).
 * AES-CBC takes a 16-, 24- or 32-byte key and a 16-byte IV; `out` must have room for
 * `in_len + 16` bytes (`out_capacity`). It returns the number of bytes written, or -1 for a
 * bad key size, a short `out`, input that is not whole blocks without padding, or bad padding.
 */

#if defined(__APPLE__)
/* ------------------------------------------------------------ CommonCrypto (Apple) */
/* UNCOMPILED: this branch has never been built with Apple's SDK (the package is developed on
 * Linux); it is written against CommonDigest.h and CommonCryptor.h as Apple documents them and
 * was only syntax-checked against stand-ins with the same declarations. */
#include <CommonCrypto/CommonCryptor.h>
#include <CommonCrypto/CommonDigest.h>

/// CC_MD5 is deprecated as a cryptographic hash; the PDF standard handler still needs it.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
static inline int ccrypto_md5(const void *in, size_t in_len, uint8_t *out) {
    if (in_len > UINT32_MAX) return 0;
    CC_MD5(in, (CC_LONG)in_len, out);
    return 1;
}
#pragma clang diagnostic pop

/// One-shot SHA-256 (CC_LONG lengths are 32-bit).
static inline int ccrypto_sha256(const void *in, size_t in_len, uint8_t *out) {
    if (in_len > UINT32_MAX) return 0;
    CC_SHA256(in, (CC_LONG)in_len, out);
    return 1;
}

/// One-shot SHA-384.
static inline int ccrypto_sha384(const void *in, size_t in_len, uint8_t *out) {
    if (in_len > UINT32_MAX) return 0;
    CC_SHA384(in, (CC_LONG)in_len, out);
    return 1;
}

/// One-shot SHA-512.
static inline int ccrypto_sha512(const void *in, size_t in_len, uint8_t *out) {
    if (in_len > UINT32_MAX) return 0;
    CC_SHA512(in, (CC_LONG)in_len, out);
    return 1;
}

/// CCCrypt does a whole CBC operation in one call; kCCOptionPKCS7Padding adds/strips padding.
static inline long ccrypto_aes_cbc(int encrypt, const uint8_t *key, size_t key_len, const uint8_t *iv,
                                   int padding, const void *in, size_t in_len, uint8_t *out,
                                   size_t out_capacity) {
    if (key_len != kCCKeySizeAES128 && key_len != kCCKeySizeAES192 && key_len != kCCKeySizeAES256) return -1;
    if (in_len > SIZE_MAX - kCCBlockSizeAES128 || out_capacity < in_len + kCCBlockSizeAES128) return -1;
    size_t written = 0;
    CCCryptorStatus status = CCCrypt(encrypt ? kCCEncrypt : kCCDecrypt, kCCAlgorithmAES,
                                     padding ? kCCOptionPKCS7Padding : 0, key, key_len, iv, in, in_len,
                                     out, out_capacity, &written);
    return status == kCCSuccess ? (long)written : -1;
}

#else
/* ------------------------------------------------------------ OpenSSL 3 libcrypto (Linux) */
#include <limits.h>
#include <openssl/evp.h>

/// EVP_Digest is OpenSSL's one-shot hash; the low-level MD5()/SHA256() are deprecated in 3.0.
static inline int ccrypto_digest(const EVP_MD *md, const void *in, size_t in_len, uint8_t *out) {
    return EVP_Digest(in, in_len, out, NULL, md, NULL);
}

/// One-shot MD5. A FIPS configuration hides MD5 from the default property query; the
/// standard handler needs it as a checksum, so ask again for any implementation ("-fips").
static inline int ccrypto_md5(const void *in, size_t in_len, uint8_t *out) {
    if (ccrypto_digest(EVP_md5(), in, in_len, out)) return 1;
    EVP_MD *md5 = EVP_MD_fetch(NULL, "MD5", "-fips");
    if (md5 == NULL) return 0;
    int ok = ccrypto_digest(md5, in, in_len, out);
    EVP_MD_free(md5);
    return ok;
}

/// One-shot SHA-256.
static inline int ccrypto_sha256(const void *in, size_t in_len, uint8_t *out) {
    return ccrypto_digest(EVP_sha256(), in, in_len, out);
}

/// One-shot SHA-384.
static inline int ccrypto_sha384(const void *in, size_t in_len, uint8_t *out) {
    return ccrypto_digest(EVP_sha384(), in, in_len, out);
}

/// One-shot SHA-512.
static inline int ccrypto_sha512(const void *in, size_t in_len, uint8_t *out) {
    return ccrypto_digest(EVP_sha512(), in, in_len, out);
}

/// EVP ciphers need a context, init, update and final; this does all four in one call.
static inline long ccrypto_aes_cbc(int encrypt, const uint8_t *key, size_t key_len, const uint8_t *iv,
                                   int padding, const void *in, size_t in_len, uint8_t *out,
                                   size_t out_capacity) {
    const EVP_CIPHER *cipher = key_len == 16 ? EVP_aes_128_cbc()
                             : key_len == 24 ? EVP_aes_192_cbc()
                             : key_len == 32 ? EVP_aes_256_cbc() : NULL;
    if (cipher == NULL || in_len > (size_t)INT_MAX - 16 || out_capacity < in_len + 16) return -1;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (ctx == NULL) return -1;
    int update_len = 0, final_len = 0;
    int ok = EVP_CipherInit_ex(ctx, cipher, NULL, key, iv, encrypt ? 1 : 0)
          && EVP_CIPHER_CTX_set_padding(ctx, padding ? 1 : 0)
          && (in_len == 0 || EVP_CipherUpdate(ctx, out, &update_len, in, (int)in_len))
          && EVP_CipherFinal_ex(ctx, out + update_len, &final_len);
    EVP_CIPHER_CTX_free(ctx);
    return ok ? (long)update_len + final_len : -1;
}

#endif
#endif
