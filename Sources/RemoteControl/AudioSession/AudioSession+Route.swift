extension AudioSession {
  /// One input or output of a route: a device, or a port of one.
  ///
  /// The corresponding AVFoundation class is `AVAudioSessionPortDescription`. On Linux a port
  /// is a sound server's sink (or one of its ports: speakers, headphones).
  public struct PortDescription: Sendable, Hashable {
    /// What kind of port it is (`"headphones"`, `"speaker"`, `"bluetooth"`, or the sound
    /// server's own name for it).
    ///
    /// The corresponding AVFoundation property is `portType`.
    public var portType: String
    /// The name people see ("Headphones", "Built-in Audio Analog Stereo").
    ///
    /// The corresponding AVFoundation property is `portName`.
    public var portName: String
    /// A name that identifies the port on this system (a sink's name).
    ///
    /// The corresponding AVFoundation property is `uid`.
    public var uid: String

    /// A port.
    public init(portType: String, portName: String, uid: String) {
      self.portType = portType
      self.portName = portName
      self.uid = uid
    }
  }

  /// Where audio goes in and comes out.
  ///
  /// The corresponding AVFoundation class is `AVAudioSessionRouteDescription`.
  public struct RouteDescription: Sendable, Hashable {
    /// Where sound comes in.
    public var inputs: [PortDescription]
    /// Where sound goes out.
    public var outputs: [PortDescription]

    /// A route through `inputs` and `outputs`.
    public init(inputs: [PortDescription] = [], outputs: [PortDescription] = []) {
      self.inputs = inputs
      self.outputs = outputs
    }

    /// No input and no output: the route before anything is known.
    public static let none = RouteDescription()
  }
}
