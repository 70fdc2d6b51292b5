import DBus
import PlayerView
import Testing

@Suite("Reading a player's child objects from its introspection")
struct InterfaceDescriptionChildrenTests {
  @Test
  func
    `child nodes one level down are listed once; nested and inline-described nodes' interfaces are not the object's`()
  {
    let xml = """
      <node name="/org/mpris/MediaPlayer2">
       <interface name="com.example.Own"><method name="Go"/></interface>
       <node name="RemoteControl"/>
       <node name="Inline">
        <interface name="com.example.NotOwn"><method name="Stop"/></interface>
        <node name="Grandchild"/>
       </node>
       <node name="RemoteControl"/>
       <node name="bad/name"/>
       <node name="bad-element"/>
      </node>
      """
    #expect(
      InterfaceDescription.children(introspection: xml, of: "/org/mpris/MediaPlayer2")
        == ["/org/mpris/MediaPlayer2/RemoteControl", "/org/mpris/MediaPlayer2/Inline"])
    #expect(InterfaceDescription.parse(introspection: xml).map(\.name) == ["com.example.Own"])
  }
}
