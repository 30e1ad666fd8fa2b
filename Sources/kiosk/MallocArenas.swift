import CMalloc

/// The heap of `kiosk`. glibc gives each thread that finds the heap busy an arena of its own, up to eight per core,
/// and keeps what each one grew; a gate allocates little and from few threads at once, so one arena serves it: 1 MB
/// less resident and a third of the growth over many taps, with no cost on the tap path (BENCHMARKS.md, P7).
enum MallocArenas {
    /// Called first thing, before the threads that allocate start.
    static func limitToOne() {
        _ = kiosk_malloc_limit_arenas(1)
    }
}
