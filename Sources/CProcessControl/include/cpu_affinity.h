#ifndef BRIDGECHECK_CPU_AFFINITY_H
#define BRIDGECHECK_CPU_AFFINITY_H

/// Writes the CPUs the calling thread may run on (its affinity mask), in
/// increasing order, to `cpus` (at most `capacity` of them) and returns how
/// many there are; -1 where the system has no affinity masks (not Linux) or
/// the call failed.
int bridgecheck_thread_cpus(int *cpus, int capacity);

/// Restricts the calling thread to the `count` CPUs in `cpus` (Linux
/// `sched_setaffinity` on the thread). Threads and processes it starts from
/// then on inherit the mask. Returns 0 on success, -1 otherwise.
int bridgecheck_set_thread_cpus(const int *cpus, int count);

/// The CPU the calling thread is running on now, or -1.
int bridgecheck_current_cpu(void);

#endif
