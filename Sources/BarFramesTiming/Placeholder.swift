public enum BarFramesTimingModule {}
