#ifndef KIOSK_CPROCESSEXIT_SHIM_H
#define KIOSK_CPROCESSEXIT_SHIM_H

#include <poll.h>
#include <sys/pidfd.h>

/// Waits up to `milliseconds` for the process behind `pidfd` to exit: 1 when it has, 0 when the time ran out,
/// -1 with errno set on an error (EINTR included).
static inline int kiosk_wait_for_exit(int pidfd, int milliseconds) {
    struct pollfd watched = {.fd = pidfd, .events = POLLIN, .revents = 0};
    return poll(&watched, 1, milliseconds);
}

#endif
