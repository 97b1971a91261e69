#include "barframes_arguments.h"

#include <stddef.h>
#include <stdlib.h>

static int captured_count = 0;
static char *const *captured_vector = NULL;

#if defined(__GLIBC__)
/* glibc passes (argc, argv, envp) to every constructor of the executable and of the shared
 * libraries it loads; the strings live at the top of the initial stack for the whole run. */
__attribute__((constructor)) static void bf_capture_arguments(int argc, char **argv, char **envp) {
  (void)envp;
  captured_count = argc;
  captured_vector = argv;
}
#endif

char *const *bf_process_arguments(int *count) {
  *count = captured_vector == NULL ? 0 : captured_count;
  return captured_vector;
}
