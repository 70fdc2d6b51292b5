import DBus
import PlayerView
import RemoteControlMPRIS
import Testing

@Suite("Reading a player's introspection")
struct InterfaceDescriptionTests {
  @Test func `methods, signals and properties are read with their signatures, names and change behaviour`() {
    let xml = """
      <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" "x">
      <node>
       <!-- a comment with <interface name="not.this"> inside -->
       <interface name="org.mpris.MediaPlayer2.TrackList">
        <method name="GetTracksMetadata">
         <arg name="TrackIds" type="ao" direction="in"/>
         <arg name="Metadata" type="aa{sv}" direction="out"/>
        </method>
        <method name="GoTo"><arg type="o"/></method>
        <signal name="TrackAdded"><arg name="Metadata" type="a{sv}"/><arg name="AfterTrack" type="o"/></signal>
        <property name="Tracks" type="ao" access="read">
         <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="invalidates"/>
        </property>
        <property name='CanEditTracks' type='b' access='read'/>
        <property name="Bad" type="a" access="read"/>
       </interface>
       <interface name="com.example.Empty"/>
      </node>
      """
    let interfaces = InterfaceDescription.parse(introspection: xml)
    #expect(interfaces.map(\.name) == ["org.mpris.MediaPlayer2.TrackList", "com.example.Empty"])
    let trackList = interfaces[0]
    #expect(
      trackList.methods == [
        .init(
          name: "GetTracksMetadata", inSignature: "ao", outSignature: "aa{sv}", inNames: ["TrackIds"],
          outNames: ["Metadata"]),
        .init(name: "GoTo", inSignature: "o"),
      ])
    #expect(
      trackList.signals == [
        .init(name: "TrackAdded", signature: "a{sv}o", argumentNames: ["Metadata", "AfterTrack"])
      ])
    #expect(trackList.properties.map(\.name) == ["Tracks", "CanEditTracks"], "a bad signature is left out")
    #expect(trackList.properties.first { $0.name == "Tracks" }?.change == .invalidates)
    #expect(trackList.properties.first { $0.name == "Tracks" }?.fallback == .array(elementSignature: "o", []))
    #expect(trackList.properties.first { $0.name == "CanEditTracks" }?.change == .emitsChange)
  }

  @Test func `MPRIS's two interfaces read, without a player, a value of each property's declared type`() {
    let properties = InterfaceDescription.root.properties + InterfaceDescription.player.properties
    #expect(properties.count == 9 + 15)
    for property in properties {
      #expect(property.fallback.signature == property.signature, "\(property.name)")
    }
    let player = InterfaceDescription.player.properties
    #expect(player.first { $0.name == "PlaybackStatus" }?.fallback == .string("Stopped"))
    #expect(player.first { $0.name == "Position" }?.isAnnounced == false)
    #expect(player.first { $0.name == "Volume" }?.isWritable == true)
    #expect(InterfaceDescription.root.properties.first { $0.name == "Fullscreen" }?.isWritable == true)
  }

  @Test func `MPRIS's two interfaces forward exactly the declared methods, with their signatures and names`()
  {
    #expect(InterfaceDescription.root.methods.map(\.name) == ["Raise", "Quit"])
    #expect(
      InterfaceDescription.player.methods.map(\.name) == [
        "Next", "Previous", "Pause", "PlayPause", "Stop", "Play", "Seek", "SetPosition", "OpenUri",
      ])
    let seek = InterfaceDescription.player.methods.first { $0.name == "Seek" }
    #expect(seek?.inSignature == "x" && seek?.inNames == ["Offset"])
    let setPosition = InterfaceDescription.player.methods.first { $0.name == "SetPosition" }
    #expect(setPosition?.inSignature == "ox" && setPosition?.inNames == ["TrackId", "Position"])
    #expect(
      InterfaceDescription.player.methods == PlayerMethod.declarations.map(InterfaceDescription.Method.init))
  }

  @Test func `the empty value of each type has that type`() {
    for signature: Signature in ["y", "b", "s", "o", "as", "a{sv}", "(ias)", "a(sa{sv})", "v", "aai"] {
      #expect(Value.zero(of: signature).signature == signature)
    }
  }
}
