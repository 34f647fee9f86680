// The two process-control calls Swift cannot make directly: prctl is a
// C variadic function.
#include "process_control.h"

#if defined(__linux__)
#include <sys/prctl.h>

int bridgecheck_become_subreaper(void) {
  return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL) == 0 ? 0 : -1;
}

int bridgecheck_die_with_parent(int signal_number) {
  return prctl(PR_SET_PDEATHSIG, (unsigned long)signal_number, 0UL, 0UL, 0UL) == 0 ? 0 : -1;
}
#else
int bridgecheck_become_subreaper(void) { return -1; }
int bridgecheck_die_with_parent(int signal_number) { (void)signal_number; return -1; }
#endif
