#ifndef ROASTBOT_CCURL_SHIM_H
#define ROASTBOT_CCURL_SHIM_H
// Typed, non-variadic wrappers for libcurl's variadic calls: Swift cannot call C variadics.
#include <curl/curl.h>

static inline CURLcode rb_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode rb_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode rb_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode rb_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode rb_easy_setopt_off_t(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
typedef size_t (*rb_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
static inline CURLcode rb_easy_setopt_write_function(CURL *h, CURLoption o, rb_write_callback f) { return curl_easy_setopt(h, o, f); }
static inline CURLcode rb_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode rb_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode rb_easy_getinfo_double(CURL *h, CURLINFO i, double *v) { return curl_easy_getinfo(h, i, v); }
/// `CURL_GLOBAL_ALL` is a compound macro Swift does not import.
static inline CURLcode rb_global_init_all(void) { return curl_global_init(CURL_GLOBAL_ALL); }
static inline CURLMcode rb_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }

#endif
