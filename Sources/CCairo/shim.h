#ifndef BARFRAMES_CCAIRO_SHIM_H
#define BARFRAMES_CCAIRO_SHIM_H
#include <cairo.h>
#endif
