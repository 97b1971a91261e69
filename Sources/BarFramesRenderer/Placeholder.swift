public enum BarFramesRendererModule {}
