// A streaming DEFLATE (RFC 1951) encoder that finds only runs: each byte equal to the one
// before it continues a copy at distance 1, as zlib's Z_RLE strategy does. PNG rows of flat
// colour filter to long runs of one byte (zeros under Up or Sub), which zlib scans a byte at
// a time; here a run is measured eight bytes at a time, and a literal costs a compare and a
// count. Symbols are gathered into blocks of at most RLE_BLOCK_SYMBOLS, each written with
// whichever of its own Huffman codes and the fixed ones is smaller. Stored blocks are never
// written: at worst (no runs at all, every byte 144 or more) a block takes 9 bits a byte.
#include "barframes_kernels.h"

#include <stdlib.h>
#include <string.h>

#define RLE_BLOCK_SYMBOLS 16384
#define RLE_MIN_RUN 3
#define RLE_MAX_RUN 258
#define LITLEN_CODES 286
#define PRECODE_CODES 19

struct barframes_rle_deflate {
  // A literal is its byte; a copy is RLE_COPY | its length.
  uint16_t symbols[RLE_BLOCK_SYMBOLS];
  size_t symbolCount;
  uint32_t litlenFreq[LITLEN_CODES];
  // Extra bits of the copies' lengths in this block.
  uint64_t extraBits;
  // The last byte of the stream so far, which a run at the start of the next input continues.
  int hasLast;
  uint8_t last;
  // Bytes equal to `last` after it, not yet coded (the run may go on in the next input).
  size_t pendingRun;
  uint64_t bitBuffer;
  int bitCount;
  uint8_t *output;
  size_t outputCount, outputCapacity;
  int failed;
};

#define RLE_COPY 0x8000u

static const uint16_t lengthBase[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                        31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t lengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                        2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint8_t precodeOrder[PRECODE_CODES] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

// The length code (less 257) of a copy length 3…258: 3…10 have a code each; above, each
// power of two is split into four codes of equal width (RFC 1951 §3.2.5), and 258 has its own.
static inline int lengthCode(unsigned length) {
  if (length <= 10) return (int)length - 3;
  if (length == 258) return 28;
  unsigned offset = length - 3;
  int log2 = 31 - __builtin_clz(offset);
  return 8 + 4 * (log2 - 3) + (int)((offset >> (log2 - 2)) & 3);
}

barframes_rle_deflate *barframes_rle_deflate_create(void) {
  barframes_rle_deflate *s = calloc(1, sizeof *s);
  return s;
}

void barframes_rle_deflate_destroy(barframes_rle_deflate *s) {
  if (!s) return;
  free(s->output);
  free(s);
}

void barframes_rle_deflate_reset(barframes_rle_deflate *s) {
  s->symbolCount = 0;
  memset(s->litlenFreq, 0, sizeof s->litlenFreq);
  s->extraBits = 0;
  s->hasLast = 0;
  s->pendingRun = 0;
  s->bitBuffer = 0;
  s->bitCount = 0;
  s->outputCount = 0;
  s->failed = 0;
}

static void reserve(barframes_rle_deflate *s, size_t more) {
  if (s->outputCount + more <= s->outputCapacity) return;
  size_t capacity = s->outputCapacity ? s->outputCapacity : 4096;
  while (capacity < s->outputCount + more) capacity *= 2;
  uint8_t *grown = realloc(s->output, capacity);
  if (!grown) {
    s->failed = 1;
    return;
  }
  s->output = grown;
  s->outputCapacity = capacity;
}

// Appends `count` (≤ 32) bits, least significant first; the caller reserved room.
static inline void putBits(barframes_rle_deflate *s, uint32_t value, int count) {
  s->bitBuffer |= (uint64_t)value << s->bitCount;
  s->bitCount += count;
  if (s->bitCount >= 32) {
    uint8_t *out = s->output + s->outputCount;
    out[0] = (uint8_t)s->bitBuffer;
    out[1] = (uint8_t)(s->bitBuffer >> 8);
    out[2] = (uint8_t)(s->bitBuffer >> 16);
    out[3] = (uint8_t)(s->bitBuffer >> 24);
    s->outputCount += 4;
    s->bitBuffer >>= 32;
    s->bitCount -= 32;
  }
}

static int compareKeys(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

// Huffman code lengths of at most `limit` bits for `count` symbols of frequencies `freq`.
void barframes_huffman_lengths(const uint32_t *freq, int count, int limit, uint8_t *lengths) {
  uint64_t keys[LITLEN_CODES];
  int used = 0;
  for (int i = 0; i < count; i++) {
    lengths[i] = 0;
    if (freq[i]) keys[used++] = (uint64_t)freq[i] << 16 | (uint64_t)i;
  }
  if (used == 0) return;
  if (used == 1) {
    lengths[keys[0] & 0xFFFF] = 1;
    return;
  }
  qsort(keys, (size_t)used, sizeof keys[0], compareKeys);
  // The two-queue construction over leaves sorted by weight: nodes 0..<used are the leaves,
  // the rest internal nodes in the order made (so their weights never decrease).
  uint64_t weight[2 * LITLEN_CODES];
  int parent[2 * LITLEN_CODES];
  for (int i = 0; i < used; i++) weight[i] = keys[i] >> 16;
  int leaf = 0, inner = used, next = used;
  for (int k = 0; k < used - 1; k++) {
    int a, b;
    if (leaf < used && (inner >= next || weight[leaf] <= weight[inner])) a = leaf++; else a = inner++;
    if (leaf < used && (inner >= next || weight[leaf] <= weight[inner])) b = leaf++; else b = inner++;
    weight[next] = weight[a] + weight[b];
    parent[a] = next;
    parent[b] = next;
    next++;
  }
  int depth[2 * LITLEN_CODES];
  depth[next - 1] = 0;
  for (int i = next - 2; i >= 0; i--) depth[i] = depth[parent[i]] + 1;
  // Codes longer than the limit are cut to it, which over-fills the code (its Kraft sum, in
  // units of 2^-limit, exceeds 2^limit); each step then moves a leaf from the deepest level
  // below the limit one level down, with a leaf from the limit beside it, which takes one
  // unit off the sum, until the code is exactly full (zlib's gen_bitlen makes the same moves).
  int perLength[64] = {0};
  for (int i = 0; i < used; i++) perLength[depth[i] > limit ? limit : depth[i]]++;
  int64_t kraft = 0;
  for (int bits = 1; bits <= limit; bits++) kraft += (int64_t)perLength[bits] << (limit - bits);
  while (kraft > (int64_t)1 << limit) {
    int bits = limit - 1;
    while (perLength[bits] == 0) bits--;
    perLength[bits]--;
    perLength[bits + 1] += 2;
    perLength[limit]--;
    kraft--;
  }
  // The longest codes go to the rarest symbols.
  int i = 0;
  for (int bits = limit; bits >= 1; bits--) {
    for (int n = perLength[bits]; n > 0; n--) lengths[keys[i++] & 0xFFFF] = (uint8_t)bits;
  }
}

// Canonical codes (RFC 1951 §3.2.2), bit-reversed for writing least significant bit first.
static void canonicalCodes(const uint8_t *lengths, int count, uint16_t *codes) {
  int perLength[16] = {0};
  int nextCode[16];
  for (int i = 0; i < count; i++) perLength[lengths[i]]++;
  perLength[0] = 0;
  int code = 0;
  for (int bits = 1; bits < 16; bits++) {
    code = (code + perLength[bits - 1]) << 1;
    nextCode[bits] = code;
  }
  for (int i = 0; i < count; i++) {
    int length = lengths[i];
    if (!length) continue;
    unsigned value = (unsigned)nextCode[length]++, reversed = 0;
    for (int k = 0; k < length; k++) {
      reversed = reversed << 1 | (value & 1);
      value >>= 1;
    }
    codes[i] = (uint16_t)reversed;
  }
}

static uint8_t fixedLitlenLength(int symbol) {
  return symbol < 144 ? 8 : symbol < 256 ? 9 : symbol < 280 ? 7 : 8;
}

// Writes the gathered symbols as one block, the last one if `final`.
static void writeBlock(barframes_rle_deflate *s, int final) {
  s->litlenFreq[256]++;  // end of block
  uint8_t litlenLengths[LITLEN_CODES];
  barframes_huffman_lengths(s->litlenFreq, LITLEN_CODES, 15, litlenLengths);
  // Every copy is at distance 1 (code 0): one distance code of one bit.
  int litlenCount = LITLEN_CODES;
  while (litlenCount > 257 && litlenLengths[litlenCount - 1] == 0) litlenCount--;
  // The code lengths, run-length coded with 16 (repeat the last 3–6 times), 17 (3–10 zeros)
  // and 18 (11–138 zeros), followed by the one distance code's length.
  uint8_t all[LITLEN_CODES + 1];
  int allCount = 0;
  for (int i = 0; i < litlenCount; i++) all[allCount++] = litlenLengths[i];
  all[allCount++] = 1;
  uint16_t coded[LITLEN_CODES + 1];
  int codedCount = 0;
  uint32_t precodeFreq[PRECODE_CODES] = {0};
  for (int i = 0; i < allCount;) {
    int value = all[i], run = 1;
    while (i + run < allCount && all[i + run] == value) run++;
    i += run;
    if (value == 0) {
      while (run >= 11) {
        int n = run > 138 ? 138 : run;
        coded[codedCount++] = (uint16_t)(18 | (n - 11) << 5);
        precodeFreq[18]++;
        run -= n;
      }
      if (run >= 3) {
        coded[codedCount++] = (uint16_t)(17 | (run - 3) << 5);
        precodeFreq[17]++;
        run = 0;
      }
    } else {
      coded[codedCount++] = (uint16_t)value;
      precodeFreq[value]++;
      run--;
      while (run >= 3) {
        int n = run > 6 ? 6 : run;
        coded[codedCount++] = (uint16_t)(16 | (n - 3) << 5);
        precodeFreq[16]++;
        run -= n;
      }
    }
    while (run-- > 0) {
      coded[codedCount++] = (uint16_t)value;
      precodeFreq[value]++;
    }
  }
  uint8_t precodeLengths[PRECODE_CODES];
  barframes_huffman_lengths(precodeFreq, PRECODE_CODES, 7, precodeLengths);
  int precodeCount = PRECODE_CODES;
  while (precodeCount > 4 && precodeLengths[precodeOrder[precodeCount - 1]] == 0) precodeCount--;

  // Sizes in bits of the two ways of writing the block (the header's 3 bits left out).
  uint64_t dynamicBits = 5 + 5 + 4 + 3 * (uint64_t)precodeCount, fixedBits = 0;
  for (int i = 0; i < codedCount; i++) {
    int symbol = coded[i] & 31;
    dynamicBits += precodeLengths[symbol] + (symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0);
  }
  for (int i = 0; i < LITLEN_CODES; i++) {
    if (!s->litlenFreq[i]) continue;
    dynamicBits += (uint64_t)s->litlenFreq[i] * litlenLengths[i];
    fixedBits += (uint64_t)s->litlenFreq[i] * fixedLitlenLength(i);
  }
  uint64_t copyCount = 0;
  for (int i = 257; i < LITLEN_CODES; i++) copyCount += s->litlenFreq[i];
  dynamicBits += s->extraBits + copyCount * 1;
  fixedBits += s->extraBits + copyCount * 5;

  // Room for the block: at most 15 + 5 + 1 bits a symbol, plus the header's tables.
  reserve(s, (size_t)(s->symbolCount + 1) * 3 + 1024);
  if (s->failed) {
    // Out of memory: the stream is lost (compress reports it); the block is dropped so that
    // later calls stay within the symbol buffer.
    s->symbolCount = 0;
    memset(s->litlenFreq, 0, sizeof s->litlenFreq);
    return;
  }
  // The fixed code has 288 symbols (286 and 287 are never used but take part in it).
  uint16_t litlenCodes[288];
  uint8_t fixedLengths[288];
  const uint8_t *lengths = litlenLengths;
  int distanceBits;
  uint16_t distanceCode = 0;
  if (dynamicBits < fixedBits) {
    putBits(s, (uint32_t)final | 2u << 1, 3);
    putBits(s, (uint32_t)(litlenCount - 257), 5);
    putBits(s, 0, 5);  // one distance code
    putBits(s, (uint32_t)(precodeCount - 4), 4);
    for (int i = 0; i < precodeCount; i++) putBits(s, precodeLengths[precodeOrder[i]], 3);
    uint16_t precodeCodes[PRECODE_CODES];
    canonicalCodes(precodeLengths, PRECODE_CODES, precodeCodes);
    for (int i = 0; i < codedCount; i++) {
      int symbol = coded[i] & 31, extra = coded[i] >> 5;
      putBits(s, precodeCodes[symbol], precodeLengths[symbol]);
      if (symbol == 16) putBits(s, (uint32_t)extra, 2);
      else if (symbol == 17) putBits(s, (uint32_t)extra, 3);
      else if (symbol == 18) putBits(s, (uint32_t)extra, 7);
    }
    canonicalCodes(litlenLengths, LITLEN_CODES, litlenCodes);
    distanceBits = 1;
  } else {
    putBits(s, (uint32_t)final | 1u << 1, 3);
    for (int i = 0; i < 288; i++) fixedLengths[i] = fixedLitlenLength(i);
    canonicalCodes(fixedLengths, 288, litlenCodes);
    lengths = fixedLengths;
    distanceBits = 5;  // fixed distance code 0: five zero bits
  }
  for (size_t i = 0; i < s->symbolCount; i++) {
    unsigned symbol = s->symbols[i];
    if (!(symbol & RLE_COPY)) {
      putBits(s, litlenCodes[symbol], lengths[symbol]);
      continue;
    }
    unsigned length = symbol & ~RLE_COPY;
    int code = lengthCode(length);
    putBits(s, litlenCodes[257 + code], lengths[257 + code]);
    if (lengthExtra[code]) putBits(s, length - lengthBase[code], lengthExtra[code]);
    putBits(s, distanceCode, distanceBits);
  }
  putBits(s, litlenCodes[256], lengths[256]);
  s->symbolCount = 0;
  memset(s->litlenFreq, 0, sizeof s->litlenFreq);
  s->extraBits = 0;
}

// A block is written when full, before the symbol that would not fit is counted in it.
static inline void addLiteral(barframes_rle_deflate *s, uint8_t byte) {
  if (s->symbolCount == RLE_BLOCK_SYMBOLS) writeBlock(s, 0);
  s->symbols[s->symbolCount++] = byte;
  s->litlenFreq[byte]++;
}

static inline void addCopy(barframes_rle_deflate *s, unsigned length) {
  if (s->symbolCount == RLE_BLOCK_SYMBOLS) writeBlock(s, 0);
  s->symbols[s->symbolCount++] = (uint16_t)(RLE_COPY | length);
  int code = lengthCode(length);
  s->litlenFreq[257 + code]++;
  s->extraBits += lengthExtra[code];
}

static inline uint64_t load64(const uint8_t *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}

// Codes a run of `run` more copies of the last byte: copies of at most 258 and at least 3,
// the one or two bytes left over as literals (a copy of 258 shortened by up to 2 leaves none
// where the run allows).
static void addRun(barframes_rle_deflate *s, size_t run, uint8_t byte) {
  while (run >= RLE_MIN_RUN) {
    size_t take = run > RLE_MAX_RUN ? RLE_MAX_RUN : run;
    if (run > RLE_MAX_RUN && run - RLE_MAX_RUN < RLE_MIN_RUN) take = run - RLE_MIN_RUN;
    addCopy(s, (unsigned)take);
    run -= take;
  }
  while (run-- > 0) addLiteral(s, byte);
}

int barframes_rle_deflate_compress(barframes_rle_deflate *s, const uint8_t *data, size_t length, bool final) {
  if (s->failed) return 0;
  size_t i = 0;
  if (!s->hasLast && length > 0) {
    addLiteral(s, data[0]);
    s->hasLast = 1;
    s->last = data[0];
    i = 1;
  }
  uint8_t last = s->last;
  // A run still open at the end of an input is continued by the next one, so the symbols, and
  // the bytes, do not depend on how the stream was cut into inputs.
  size_t run = s->pendingRun;
  uint64_t runPattern = 0x0101010101010101ull * last;
  while (i < length) {
    if (data[i] != last) {
      addRun(s, run, last);
      run = 0;
      last = data[i];
      addLiteral(s, last);
      runPattern = 0x0101010101010101ull * last;
      i++;
      continue;
    }
    // The run goes on: measured eight bytes at a time.
    size_t start = i;
    while (i + 8 <= length) {
      uint64_t difference = load64(data + i) ^ runPattern;
      if (difference) {
        i += (size_t)__builtin_ctzll(difference) >> 3;
        goto measured;
      }
      i += 8;
    }
    while (i < length && data[i] == last) i++;
  measured:
    run += i - start;
  }
  s->last = last;
  s->pendingRun = run;
  if (final) {
    addRun(s, run, last);
    s->pendingRun = 0;
    writeBlock(s, 1);
    reserve(s, 8);
    if (!s->failed) {
      while (s->bitCount > 0) {
        s->output[s->outputCount++] = (uint8_t)s->bitBuffer;
        s->bitBuffer >>= 8;
        s->bitCount -= 8;
      }
      s->bitCount = 0;
      s->bitBuffer = 0;
    }
  }
  return s->failed ? 0 : 1;
}

const uint8_t *barframes_rle_deflate_output(const barframes_rle_deflate *s, size_t *count) {
  *count = s->outputCount;
  return s->output;
}

void barframes_rle_deflate_take_output(barframes_rle_deflate *s) { s->outputCount = 0; }
