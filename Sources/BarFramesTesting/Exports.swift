// One import gives a test everything it needs: the assertions, and the tolerance and record
// mode types they take.
@_exported import BarFramesGolden
