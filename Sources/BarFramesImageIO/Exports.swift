/// The animated formats build on the PNG module: importing this one brings both.
@_exported import BarFramesPNG
