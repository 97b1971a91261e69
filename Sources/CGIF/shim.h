#ifndef BARFRAMES_CGIF_SHIM_H
#define BARFRAMES_CGIF_SHIM_H
// giflib: a GIF decoder written by others, the reference the fuzz target of our GIF writer
// decodes its files with.
#include <gif_lib.h>
#endif
