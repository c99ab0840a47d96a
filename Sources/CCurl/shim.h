#ifndef ROASTBOT_CCURL_SHIM_H
#define ROASTBOT_CCURL_SHIM_H
// Typed, non-variadic wrappers for libcurl's variadic calls: Swift cannot call C variadics.
#include <curl/curl.h>
#include <errno.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

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
static inline CURLMcode rb_multi_setopt_pointer(CURLM *m, CURLMoption o, void *v) { return curl_multi_setopt(m, o, v); }
static inline CURLMcode rb_multi_setopt_socket_function(CURLM *m, curl_socket_callback f) {
    return curl_multi_setopt(m, CURLMOPT_SOCKETFUNCTION, f);
}
static inline CURLMcode rb_multi_setopt_timer_function(CURLM *m, curl_multi_timer_callback f) {
    return curl_multi_setopt(m, CURLMOPT_TIMERFUNCTION, f);
}

// epoll for curl_multi_socket_action: curl says which sockets to watch for what, the loop waits on them all at once.

/// Watches `fd` in `epfd` for curl's CURL_POLL_* `what` (replacing what it watched before), or stops on CURL_POLL_REMOVE.
static inline int rb_epoll_watch(int epfd, int fd, int what) {
    if (what == CURL_POLL_REMOVE) return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
    struct epoll_event event = {0};
    event.data.fd = fd;
    if (what & CURL_POLL_IN) event.events |= EPOLLIN;
    if (what & CURL_POLL_OUT) event.events |= EPOLLOUT;
    if (epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &event) == 0) return 0;
    if (errno == ENOENT) return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
    return -1;
}

/// Waits up to `timeout_ms` for at most `max` (≤ 64) ready descriptors: their numbers in `fds`, what
/// they are ready for as curl's CURL_CSELECT_* in `masks`. Returns how many, 0 on timeout, -1 on error.
static inline int rb_epoll_wait(int epfd, int *fds, int *masks, int max, int timeout_ms) {
    struct epoll_event events[64];
    if (max > 64) max = 64;
    int count = epoll_wait(epfd, events, max, timeout_ms);
    for (int i = 0; i < count; i++) {
        fds[i] = events[i].data.fd;
        int mask = 0;
        if (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLRDHUP)) mask |= CURL_CSELECT_IN;
        if (events[i].events & EPOLLOUT) mask |= CURL_CSELECT_OUT;
        if (events[i].events & EPOLLERR) mask |= CURL_CSELECT_ERR;
        masks[i] = mask;
    }
    return count;
}

static inline int rb_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }
static inline int rb_eventfd_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }
/// Makes the eventfd readable (wakes the loop); safe from any thread.
static inline void rb_eventfd_signal(int fd) { uint64_t one = 1; ssize_t written = write(fd, &one, sizeof one); (void)written; }
/// Makes the eventfd unreadable again.
static inline void rb_eventfd_drain(int fd) { uint64_t count; ssize_t got = read(fd, &count, sizeof count); (void)got; }

#endif
