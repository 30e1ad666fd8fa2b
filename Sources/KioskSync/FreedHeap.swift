import CMalloc

/// The C heap's free memory, given back to the system. Pushing a backlog (batches of 1,000 events or up to 5,000, their JSON
/// and the hub's answers) frees megabytes that the allocator would otherwise keep resident for good (`kiosk` gives it
/// one arena, `MallocArenas`), and a steady day's taps leave free pages scattered between what lives on; a gate runs
/// for years in little memory (BENCHMARKS.md, P7).
enum FreedHeap {
    /// Returns the free pages of every allocator arena to the system (`malloc_trim`): bounded work over the heap
    /// alone, no I/O.
    static func returnToSystem() {
        _ = malloc_trim(0)
    }
}
