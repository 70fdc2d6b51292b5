import AudioPlayback
import Foundation
import Testing

@Suite("Output specifications")
struct AudioOutputSpecTests {
  @Test(
    "every accepted form parses, and prints back as written",
    arguments: [
      ("auto", AudioOutputSpec.automatic),
      ("pulse", .pulseAudio(server: nil)),
      ("pulse:unix:/tmp/x/native", .pulseAudio(server: "unix:/tmp/x/native")),
      ("alsa", .alsa(device: "default")),
      ("alsa:hw:1,0", .alsa(device: "hw:1,0")),
      ("wav:/tmp/out.wav", .wav(path: "/tmp/out.wav")),
      ("wav:relative/out put.wav", .wav(path: "relative/out put.wav")),
      ("null", .null),
    ])
  func parses(text: String, spec: AudioOutputSpec) throws {
    #expect(try AudioOutputSpec(parsing: text) == spec)
    #expect(spec.description == text)
  }

  @Test(
    "an unknown output is refused with a message naming the accepted ones",
    arguments: ["speaker", "", "pulse:", "auto:x", "null:y", "oss"])
  func refusesUnknown(text: String) {
    #expect {
      try AudioOutputSpec(parsing: text)
    } throws: { error in
      guard let error = error as? AudioOutputError else { return false }
      return error.code == .invalidSpec
        && error.message.contains("auto, pulse, pulse:SERVER, alsa, alsa:DEVICE, wav:PATH, null")
    }
  }

  @Test("wav without a path asks for one")
  func wavNeedsPath() {
    #expect(throws: AudioOutputError(.invalidSpec, "Output \"wav:\" needs a file: wav:PATH.")) {
      try AudioOutputSpec(parsing: "wav:")
    }
  }

  @Test("null and wav open the outputs they name")
  func opensSimpleOutputs() throws {
    #expect(try AudioOutputSpec.open("null").output is NullOutput)
    let path = temporaryPath("spec.wav")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let opened = try AudioOutputSpec.open("wav:\(path)")
    #expect(opened.output is WAVFileOutput)
    #expect(opened.output.name == "WAV file \(path)")
    #expect(opened.notice == nil)
    try opened.output.close()
  }

  @Test("a file that cannot be created is an error that names it")
  func wavInMissingFolder() {
    #expect {
      try AudioOutputSpec.open("wav:/nonexistent-folder/x.wav")
    } throws: { error in
      (error as? AudioOutputError)?.message
        == "Cannot create /nonexistent-folder/x.wav: No such file or directory."
    }
  }
}
