#ifndef BARFRAMES_CLIBDEFLATE_SHIM_H
#define BARFRAMES_CLIBDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
