// CPU affinity of the calling thread: the cpu_set_t macros (CPU_SET,
// CPU_ISSET) do not reach Swift.
#if defined(__linux__)
#define _GNU_SOURCE
#include <sched.h>
#endif
#include "cpu_affinity.h"

#if defined(__linux__)

int bridgecheck_thread_cpus(int *cpus, int capacity) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return -1;
  int count = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
    if (!CPU_ISSET(cpu, &set)) continue;
    if (count < capacity) cpus[count] = cpu;
    count++;
  }
  return count < capacity ? count : capacity;
}

int bridgecheck_set_thread_cpus(const int *cpus, int count) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int index = 0; index < count; index++) {
    if (cpus[index] < 0 || cpus[index] >= CPU_SETSIZE) return -1;
    CPU_SET(cpus[index], &set);
  }
  if (count <= 0) return -1;
  return sched_setaffinity(0, sizeof(set), &set) == 0 ? 0 : -1;
}

int bridgecheck_current_cpu(void) { return sched_getcpu(); }

#else

int bridgecheck_thread_cpus(int *cpus, int capacity) {
  (void)cpus;
  (void)capacity;
  return -1;
}

int bridgecheck_set_thread_cpus(const int *cpus, int count) {
  (void)cpus;
  (void)count;
  return -1;
}

int bridgecheck_current_cpu(void) { return -1; }

#endif
