// Durable writes (AtomicFile, OutputDirectory, TemporaryFiles) lived here before they had their own
// module; `import BarFramesExport` (and `import BarFramesRendering`) still gives them.
@_exported import BarFramesOutput
