public enum BarFramesModule {}
