public enum BarFramesTestSupportModule {}
