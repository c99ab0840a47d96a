#ifndef ROASTBOT_CSOCKETS_SHIM_H
#define ROASTBOT_CSOCKETS_SHIM_H
// Linux's accept4 and pipe2, which Swift's Glibc module leaves out (glibc declares them only with
// _GNU_SOURCE): the bot's HTTP listener makes each connection and its wake-up pipe non-blocking and
// close-on-exec in the same call, so that a child started meanwhile (the picture renderer) never
// inherits one. Declared here rather than included: a macro set before a modular header is ignored.
extern int accept4(int descriptor, void *address, void *length, int flags);
extern int pipe2(int descriptors[2], int flags);
#endif
