#ifndef KIOSK_CLIBNFC_SHIM_H
#define KIOSK_CLIBNFC_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <nfc/nfc.h>

#endif
