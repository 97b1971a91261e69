#ifndef BARFRAMES_ARGUMENTS_H
#define BARFRAMES_ARGUMENTS_H

/* The process's argument vector as the C library handed it over at start-up, without /proc.
 *
 * On Linux, Swift's `CommandLine.arguments` is found by reading /proc/self/maps (to locate the
 * stack and walk back from `environ` to `argv`); where /proc is not mounted it is empty. glibc
 * calls the functions of `.init_array` with (argc, argv, envp), so a constructor keeps them
 * here. Sets `*count` and returns argv, or sets 0 and returns NULL where the C library does not
 * pass them (musl, other systems). */
char *const *bf_process_arguments(int *count);

#endif
