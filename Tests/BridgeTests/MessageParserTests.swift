import Foundation
import HubSupport
import RemoteControl
import Testing

@testable import Bridge

/// The protocol's messages read as the document says, without a bus: every member checked, and
/// every refusal naming the message type, the member and the value.
@Suite("The bridge's messages, read")
struct MessageParserTests {
  let parser = MessageParser(limits: BridgeLimits())

  func refusal(_ text: String) -> ProtocolError? {
    if case .failure(let error) = parser.parse(text).result { return error }
    return nil
  }

  @Test func `hello, register, metadata, actions, positionState, playbackState and ping are read`() throws {
    #expect(
      try parser.parse(#"{"type":"hello","version":1,"token":"abc","id":3}"#).result.get()
        == .hello(version: 1, token: "abc", client: nil))
    #expect(parser.parse(#"{"type":"ping","id":3}"#).id == .integer(3))
    #expect(
      try parser.parse(#"{"type":"register","player":"p","appId":"com.example.App","identity":"App"}"#).result
        .get()
        == .register(.init(player: "p", appID: "com.example.App", identity: "App", desktopEntry: nil)))
    let metadata = try parser.parse(
      #"{"type":"metadata","player":"p","metadata":{"title":"T","artist":"A","album":"B","trackId":"t1","#
        + #""artwork":[{"src":"https://x.example/a.png","sizes":"96x96"},{"src":"https://x.example/b.png","sizes":"512x512"}]}}"#
    ).result.get()
    guard case .metadata("p", let item?) = metadata else {
      Issue.record("not metadata: \(metadata)")
      return
    }
    #expect(item.title == "T" && item.artist == "A" && item.album == "B" && item.trackID == "t1")
    #expect(
      item.artwork == .remote(try #require(URL(string: "https://x.example/b.png"))), "the largest picture")
    #expect(
      try parser.parse(#"{"type":"actions","player":"p","actions":["play","seekto"]}"#).result.get()
        == .actions(player: "p", [.play, .seekto]))
    #expect(
      try parser.parse(
        #"{"type":"positionState","player":"p","positionState":{"duration":null,"position":5}}"#
      )
      .result.get() == .positionState(player: "p", try PositionState(duration: nil, position: .seconds(5))))
    #expect(
      try parser.parse(#"{"type":"positionState","player":"p","positionState":null}"#).result.get()
        == .positionState(player: "p", nil))
    #expect(
      try parser.parse(#"{"type":"playbackState","player":"p","playbackState":"none"}"#).result.get()
        == .playbackState(player: "p", .stopped))
  }

  @Test(arguments: [
    ("not json", ProtocolError.Code.malformedMessage, "not JSON"),
    ("[1]", .malformedMessage, "an array"),
    (#"{"version":1}"#, .malformedMessage, "type is missing"),
    (#"{"type":"dance"}"#, .unknownType, "\"dance\""),
    (#"{"type":"hello","version":1,"colour":"red"}"#, .unknownField, "colour"),
    (#"{"type":"hello"}"#, .missingField, "version"),
    (#"{"type":"hello","version":"1"}"#, .invalidField, "version is a string"),
    (#"{"type":"ping","id":[1]}"#, .invalidField, "id"),
    (#"{"type":"register","player":"p","appId":"9lives","identity":"x"}"#, .invalidField, "9lives"),
    (#"{"type":"register","player":"p","appId":"a..b","identity":"x"}"#, .invalidField, "a..b"),
    (
      #"{"type":"register","player":"p","appId":"vlc.instance42","identity":"x"}"#, .reservedAppID,
      "instance42"
    ),
    (#"{"type":"register","player":"p","appId":"remotectld","identity":"x"}"#, .reservedAppID, "remotectld"),
    (#"{"type":"register","player":"p q","appId":"a","identity":"x"}"#, .invalidField, "player"),
    (#"{"type":"register","player":"p","appId":"a","identity":""}"#, .invalidField, "identity"),
    (#"{"type":"metadata","player":"p","metadata":{"titel":"x"}}"#, .unknownField, "metadata.titel"),
    (#"{"type":"metadata","player":"p","metadata":{"title":5}}"#, .invalidField, "title is a number"),
    (
      #"{"type":"metadata","player":"p","metadata":{"artwork":[{"src":"cover.png"}]}}"#, .invalidField,
      "cover.png"
    ),
    (
      #"{"type":"metadata","player":"p","metadata":{"artwork":[{"src":"data:image/png;base64,@@@"}]}}"#,
      .invalidField, "does not decode"
    ),
    (#"{"type":"metadata","player":"p"}"#, .missingField, "metadata"),
    (#"{"type":"actions","player":"p","actions":["play","skipad"]}"#, .unknownAction, "skipad"),
    (#"{"type":"actions","player":"p","actions":["play","play"]}"#, .invalidField, "twice"),
    (#"{"type":"actions","player":"p","actions":"play"}"#, .invalidField, "not an array"),
    (
      #"{"type":"positionState","player":"p","positionState":{"duration":-1}}"#, .invalidPositionState,
      "negative"
    ),
    (
      #"{"type":"positionState","player":"p","positionState":{"duration":10,"position":11}}"#,
      .invalidPositionState, "outside"
    ),
    (
      #"{"type":"positionState","player":"p","positionState":{"duration":10,"playbackRate":0}}"#,
      .invalidPositionState, "rate is 0"
    ),
    (
      #"{"type":"positionState","player":"p","positionState":{"position":1}}"#, .invalidPositionState,
      "duration"
    ),
    (
      #"{"type":"positionState","player":"p","positionState":{"duration":"long"}}"#, .invalidPositionState,
      "string"
    ),
    (#"{"type":"playbackState","player":"p","playbackState":"stopped"}"#, .invalidField, "\"stopped\""),
  ])
  func `a bad message is refused with its code and a message naming the problem`(
    text: String, code: ProtocolError.Code, named: String
  ) throws {
    let error = try #require(refusal(text), "\(text) was accepted")
    #expect(error.code == code, "\(error.message)")
    #expect(error.message.contains(named), "\(error.message)")
  }

  @Test func `metadata over the limits is refused, and so is a data: picture over the artwork limit`() throws
  {
    let small = MessageParser(limits: BridgeLimits(metadataBytes: 10, artworkCount: 1, artworkBytes: 4))
    func code(_ text: String) -> ProtocolError.Code? {
      if case .failure(let error) = small.parse(text).result { return error.code }
      return nil
    }
    #expect(
      code(#"{"type":"metadata","player":"p","metadata":{"title":"0123456789a"}}"#) == .metadataTooLarge)
    #expect(
      code(#"{"type":"metadata","player":"p","metadata":{"artwork":[{"src":"data:,a"},{"src":"data:,b"}]}}"#)
        == .metadataTooLarge)
    #expect(
      code(#"{"type":"metadata","player":"p","metadata":{"artwork":[{"src":"data:;base64,AAAAAAAAAA=="}]}}"#)
        == .artworkTooLarge)
    #expect(
      code(#"{"type":"metadata","player":"p","metadata":{"artwork":[{"src":"data:;base64,AAAA"}]}}"#) == nil)
  }

  @Test
  func `an error carries the refused message's id and player, and unsupported-version lists the versions`() {
    let parsed = parser.parse(
      #"{"type":"positionState","player":"p","id":"x","positionState":{"duration":-1}}"#)
    #expect(parsed.id == .string("x") && parsed.player == "p")
    let text = HubMessage.error(ProtocolError(.unsupportedVersion, "no"), id: .integer(1), player: nil).text
    #expect(text.contains(#""supported":[1]"#) && text.contains(#""id":1"#), "\(text)")
  }

  @Test func `the largest picture is chosen: any first, then by area, a picture without sizes last`() {
    let images = [
      MediaImage(source: "a", sizes: nil), MediaImage(source: "b", sizes: "64x64 128x128"),
      MediaImage(source: "c", sizes: "96x96"),
    ]
    #expect(MediaImage.preferred(among: images)?.source == "b")
    #expect(MediaImage.preferred(among: images + [MediaImage(source: "d", sizes: "any")])?.source == "d")
    #expect(MediaImage.preferred(among: [MediaImage(source: "a"), MediaImage(source: "b")])?.source == "a")
  }
}
