public enum BarFramesImageIOModule {}
