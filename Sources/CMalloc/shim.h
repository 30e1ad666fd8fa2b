#ifndef KIOSK_CMALLOC_SHIM_H
#define KIOSK_CMALLOC_SHIM_H

#include <malloc.h>

/// Caps the arenas glibc's malloc may create (`mallopt(M_ARENA_MAX, count)`); 1 on success.
static inline int kiosk_malloc_limit_arenas(int count) {
    return mallopt(M_ARENA_MAX, count);
}

#endif
