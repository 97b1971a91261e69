// `import BarFrames` gives what a user of the core needs: geometry and colours
// (BarFramesGraphics), text as geometry (BarFramesText), the timing model designs are built
// from (BarFramesTiming) and the JSON model of input files (BarFramesJSON).
@_exported import BarFramesGraphics
@_exported import BarFramesJSON
@_exported import BarFramesText
@_exported import BarFramesTiming
