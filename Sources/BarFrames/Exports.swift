// The JSON model of input files is part of the core's API: `import BarFrames` gives it.
@_exported import BarFramesJSON
