#ifndef KIOSK_CSYSTEMCLOCK_SHIM_H
#define KIOSK_CSYSTEMCLOCK_SHIM_H

#include <sys/timex.h>

/// 1 when the kernel considers the system clock synchronised (adjtimex does not report TIME_ERROR), else 0.
static inline int kiosk_clock_synchronised(void) {
    struct timex status = {0};
    return adjtimex(&status) != TIME_ERROR;
}

#endif
