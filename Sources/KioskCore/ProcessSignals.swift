import Glibc

/// Signal set-up every kiosk process makes first.
public enum ProcessSignals {
    /// Ignores SIGPIPE (a closed pipe or socket is an error to handle, not a death) and SIGXFSZ (a file-size limit
    /// reached by the journal is a refused write the kiosk shows, not a death), and undoes what a parent
    /// may have left: blocked signals and ignored SIGINT/SIGTERM (a test runner, a shell's background job).
    /// Without this a SIGTERM could stay pending, or be lost, instead of stopping the service.
    public static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
    }
}
