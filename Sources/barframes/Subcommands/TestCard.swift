import ArgumentParser

extension BarFramesCommand {
  /// Renders a card of drawing primitives (placeholder until the renderer lands).
  struct TestCard: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "test-card",
      abstract: "Render a card of the drawing primitives to PNG and SVG.")

    func run() throws {}
  }
}
