#ifndef BARFRAMES_CWEBP_SHIM_H
#define BARFRAMES_CWEBP_SHIM_H
// libwebp: the animation encoder (mux.h, encode.h) and the demuxer and animation decoder
// (demux.h), which count the frames written and decode them in the round-trip tests.
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
#endif
