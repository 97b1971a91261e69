#ifndef BARFRAMES_CZLIB_SHIM_H
#define BARFRAMES_CZLIB_SHIM_H
#include <zlib.h>
#endif
