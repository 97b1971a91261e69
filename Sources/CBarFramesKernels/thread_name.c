#define _GNU_SOURCE
#include "barframes_kernels.h"

#include <string.h>
#if defined(__linux__)
#include <pthread.h>
#endif

void barframes_name_current_thread(const char *name) {
#if defined(__linux__)
  char shortened[16];
  strncpy(shortened, name, sizeof shortened - 1);
  shortened[sizeof shortened - 1] = 0;
  pthread_setname_np(pthread_self(), shortened);
#else
  (void)name;
#endif
}
