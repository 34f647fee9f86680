// The process-control calls Swift cannot make directly: prctl is a C
// variadic function, and mallopt's constants live in malloc.h, which the
// Glibc module does not import.
#include "process_control.h"

#if defined(__linux__)
#include <sys/prctl.h>

int bridgecheck_become_subreaper(void) {
  return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL) == 0 ? 0 : -1;
}

int bridgecheck_die_with_parent(int signal_number) {
  return prctl(PR_SET_PDEATHSIG, (unsigned long)signal_number, 0UL, 0UL, 0UL) == 0 ? 0 : -1;
}
#if defined(__GLIBC__)
#include <malloc.h>

int bridgecheck_tune_allocator(int own_pages_threshold, int kept_free_bytes) {
  int ok = mallopt(M_MMAP_THRESHOLD, own_pages_threshold) && mallopt(M_TRIM_THRESHOLD, kept_free_bytes);
  return ok ? 0 : -1;
}
#else
int bridgecheck_tune_allocator(int own_pages_threshold, int kept_free_bytes) {
  (void)own_pages_threshold;
  (void)kept_free_bytes;
  return -1;
}
#endif
#else
int bridgecheck_tune_allocator(int own_pages_threshold, int kept_free_bytes) {
  (void)own_pages_threshold;
  (void)kept_free_bytes;
  return -1;
}
int bridgecheck_become_subreaper(void) { return -1; }
int bridgecheck_die_with_parent(int signal_number) { (void)signal_number; return -1; }
#endif
