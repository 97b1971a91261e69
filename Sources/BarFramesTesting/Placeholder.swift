public enum BarFramesTestingModule {}
