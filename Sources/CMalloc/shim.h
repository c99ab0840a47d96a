#ifndef ROASTBOT_CMALLOC_SHIM_H
#define ROASTBOT_CMALLOC_SHIM_H
// glibc's allocator settings (mallopt), which Swift's Glibc module leaves out: the bot and its
// picture process keep large blocks out of the heap (see Composition.returnLargeBlocksToTheSystem).
#include <malloc.h>
#endif
