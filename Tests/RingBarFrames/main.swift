import BarFramesCLI
import RingDesign

await BarFramesCLI.main(designs: [Ring.self])
