import BarFramesPNGContainer

/// Decompresses a zlib stream whose decompressed size is known in advance (PNG image data):
/// ``ZlibInflater``, shared with the load-time icon check.
package typealias Inflater = ZlibInflater
