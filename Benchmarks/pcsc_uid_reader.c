/*
 * The baseline of kiosk-bench's P2: the least a PC/SC client does for a tap, in C against libpcsclite.
 * Waits on one reader with SCardGetStatusChange, connects to each card presented, reads its UID with
 * FF CA 00 00 00, prints "uid HEX" (flushed) and waits for the next card; COUNT cards, then exits.
 *
 *   cc -O2 -I/usr/include/PCSC pcsc_uid_reader.c -lpcsclite -o pcsc_uid_reader
 *   ./pcsc_uid_reader "Kiosk Reader 00 00" 10
 */
#include <stdio.h>
#include <stdlib.h>
#include <winscard.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s READER COUNT\n", argv[0]);
        return 64;
    }
    const char *reader = argv[1];
    int count = atoi(argv[2]);
    SCARDCONTEXT context;
    LONG rv = SCardEstablishContext(SCARD_SCOPE_SYSTEM, NULL, NULL, &context);
    if (rv != SCARD_S_SUCCESS) {
        fprintf(stderr, "SCardEstablishContext: %s\n", pcsc_stringify_error(rv));
        return 69;
    }
    SCARD_READERSTATE state = {.szReader = reader, .dwCurrentState = SCARD_STATE_UNAWARE};
    printf("ready\n");
    fflush(stdout);
    for (int read = 0; read < count;) {
        rv = SCardGetStatusChange(context, INFINITE, &state, 1);
        if (rv != SCARD_S_SUCCESS) {
            fprintf(stderr, "SCardGetStatusChange(%s): %s\n", reader, pcsc_stringify_error(rv));
            return 69;
        }
        DWORD now = state.dwEventState & ~SCARD_STATE_CHANGED;
        int arrived = (now & SCARD_STATE_PRESENT) && !(state.dwCurrentState & SCARD_STATE_PRESENT);
        state.dwCurrentState = now;
        if (!arrived || (now & SCARD_STATE_MUTE)) continue;
        SCARDHANDLE card;
        DWORD protocol;
        rv = SCardConnect(context, reader, SCARD_SHARE_SHARED, SCARD_PROTOCOL_T0 | SCARD_PROTOCOL_T1, &card, &protocol);
        if (rv != SCARD_S_SUCCESS) continue;
        BYTE command[] = {0xFF, 0xCA, 0x00, 0x00, 0x00};
        BYTE response[258];
        DWORD length = sizeof response;
        rv = SCardTransmit(card, protocol == SCARD_PROTOCOL_T0 ? SCARD_PCI_T0 : SCARD_PCI_T1, command, sizeof command, NULL,
                           response, &length);
        SCardDisconnect(card, SCARD_LEAVE_CARD);
        if (rv != SCARD_S_SUCCESS || length < 2 || response[length - 2] != 0x90) continue;
        printf("uid ");
        for (DWORD i = 0; i + 2 < length; i++) printf("%02X", response[i]);
        printf("\n");
        fflush(stdout);
        read++;
    }
    SCardReleaseContext(context);
    return 0;
}
