#ifndef CBARFRAMESFONTS_H
#define CBARFRAMESFONTS_H

#include <stddef.h>

/// The pinned typeface's files, Vendor/Fonts/Inter-Regular.otf and Inter-Bold.otf, compiled
/// into the library so that text never depends on a font installed on the machine. The bytes
/// live as long as the process.
const unsigned char *bf_inter_regular_bytes(void);
size_t bf_inter_regular_count(void);
const unsigned char *bf_inter_bold_bytes(void);
size_t bf_inter_bold_count(void);

#endif
