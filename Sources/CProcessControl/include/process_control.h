#ifndef BRIDGECHECK_PROCESS_CONTROL_H
#define BRIDGECHECK_PROCESS_CONTROL_H

/// Makes the calling process the "child subreaper" of its descendants
/// (Linux `prctl(PR_SET_CHILD_SUBREAPER)`): an orphaned descendant is
/// reparented to it instead of to init, however it detached (`setsid`,
/// double fork). Returns 0 on success, -1 where the system has no such call.
int bridgecheck_become_subreaper(void);

/// Asks the kernel to send `signal_number` to the calling process when its
/// parent dies (Linux `prctl(PR_SET_PDEATHSIG)`), so a worker never outlives
/// a supervisor that was killed outright. Returns 0 on success, -1 otherwise.
int bridgecheck_die_with_parent(int signal_number);

/// Sets glibc's `M_MMAP_THRESHOLD` (allocations at least this large get
/// pages of their own) and `M_TRIM_THRESHOLD` (the most freed memory kept at
/// the top of the heap) with `mallopt`. Returns 0 on success, -1 where the C
/// library has no such call.
int bridgecheck_tune_allocator(int own_pages_threshold, int kept_free_bytes);

#endif
