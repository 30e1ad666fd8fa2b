#ifndef KIOSK_CLINUXINPUT_SHIM_H
#define KIOSK_CLINUXINPUT_SHIM_H

#include <linux/input.h>
#include <sys/ioctl.h>

/* ioctl is variadic and EVIOCGRAB a macro, neither importable: grab (1) or release (0) an evdev device so its
   keys reach only this process. */
static inline int kiosk_input_grab(int fd, int grab) { return ioctl(fd, EVIOCGRAB, grab); }

#endif
