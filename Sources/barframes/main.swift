// The `barframes` tool: the command line of BarFramesCLI with BarFrames' own designs.
import BarFramesCLI

await BarFramesCLI.main()
