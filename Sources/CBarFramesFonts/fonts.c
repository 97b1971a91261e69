// The pinned font files, embedded byte for byte (C23's #embed, which clang accepts in any mode).
#include "CBarFramesFonts.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char inter_regular[] = {
#embed "../../Vendor/Fonts/Inter-Regular.otf"
};

static const unsigned char inter_bold[] = {
#embed "../../Vendor/Fonts/Inter-Bold.otf"
};

const unsigned char *bf_inter_regular_bytes(void) { return inter_regular; }
size_t bf_inter_regular_count(void) { return sizeof inter_regular; }
const unsigned char *bf_inter_bold_bytes(void) { return inter_bold; }
size_t bf_inter_bold_count(void) { return sizeof inter_bold; }
