#ifndef KIOSK_CPCSCLITE_SHIM_H
#define KIOSK_CPCSCLITE_SHIM_H

/* pkg-config libpcsclite adds -I/usr/include/PCSC, where winscard.h lives. */
#include <winscard.h>

/* SCARD_PCI_T0/T1/RAW are macros Swift cannot import: the request header for a connected protocol. */
static inline const SCARD_IO_REQUEST *kiosk_pci_for_protocol(DWORD protocol) {
    switch (protocol) {
    case SCARD_PROTOCOL_T0: return SCARD_PCI_T0;
    case SCARD_PROTOCOL_T1: return SCARD_PCI_T1;
    default: return SCARD_PCI_RAW;
    }
}

/* The PnP pseudo-reader that reports readers being added or removed. */
static inline const char *kiosk_pnp_notification(void) { return "\\\\?PnP?\\Notification"; }

#endif
