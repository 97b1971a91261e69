public enum BarFramesExportModule {}
