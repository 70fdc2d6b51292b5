extension ContinuousSeek {
  /// A continuous-seek responder that served whatever application its events reached.
  ///
  /// Replaced by ``init(application:configuration:clock:)``: the responder serves the
  /// application given, which is also its ``next`` responder.
  @available(
    *, unavailable,
    message: "give the application it serves: ContinuousSeek(application: application, configuration:clock:)"
  )
  public convenience init(
    configuration: Configuration = Configuration(), clock: any Clock<Duration> = ContinuousClock()
  ) {
    fatalError("unavailable")
  }
}
