import Testing

@testable import remotectl

@Suite("The --format template language, as playerctl's")
struct TemplateTests {
  let context: [String: TemplateValue] = [
    "xesam:title": .string("Alpha Waves"),
    "title": .string("Alpha Waves"),
    "xesam:artist": .strings(["Binaural", "Lab"]),
    "artist": .strings(["Binaural", "Lab"]),
    "mpris:length": .int64(3_725_000_000),
    "position": .int64(65_500_000),
    "status": .string("Playing"),
    "volume": .double(0.5),
    "shuffle": .bool(false),
    "playerName": .string("binaural"),
    "empty": .string(""),
    "markup": .string("<b>Tom & \"Jerry\"</b>"),
  ]

  func expand(_ source: String) throws -> String {
    try Template(source).expand(context)
  }

  @Test func `text outside braces is printed verbatim, variables are expanded`() throws {
    #expect(try expand("{{playerName}}: {{title}}") == "binaural: Alpha Waves")
    #expect(try expand("{ not a template }}") == "{ not a template }}")
    #expect(try expand("{{ title }}") == "Alpha Waves")
  }

  @Test func `unknown variables expand to nothing`() throws {
    #expect(try expand("[{{xesam:album}}]") == "[]")
  }

  @Test func `string arrays are joined with a comma and values print as GVariant does`() throws {
    #expect(try expand("{{artist}}") == "Binaural, Lab")
    #expect(try expand("{{volume}} {{shuffle}} {{position}}") == "0.5 false 65500000")
    #expect(try expand("{{5}}") == "5.0")
    #expect(GVariantText.double(0.1) == "0.10000000000000001")
    #expect(GVariantText.double(1) == "1.0")
  }

  @Test func `lc and uc change case`() throws {
    #expect(try expand("{{lc(status)}} {{uc(title)}}") == "playing ALPHA WAVES")
    #expect(try expand("[{{lc(missing)}}]") == "[]")
  }

  @Test func `duration formats microseconds as m:ss or h:mm:ss`() throws {
    #expect(try expand("{{duration(position)}}") == "1:05")
    #expect(try expand("{{duration(mpris:length)}}") == "1:02:05")
    #expect(try expand("{{duration(3000000)}}") == "0:03")
    #expect(throws: TemplateError("function duration can only be called on track position values")) {
      try expand("{{duration(title)}}")
    }
  }

  @Test func `markup_escape escapes XML characters`() throws {
    #expect(try expand("{{markup_escape(markup)}}") == "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;")
  }

  @Test func `default prints the first value unless it is unset or empty`() throws {
    #expect(try expand("{{default(title, \"none\")}}") == "Alpha Waves")
    #expect(try expand("{{default(missing, \"none\")}}") == "none")
    #expect(try expand("{{default(empty, \"none\")}}") == "none")
    #expect(try expand("[{{default(missing, other)}}]") == "[]")
  }

  @Test func `emoji shows status and volume`() throws {
    #expect(try expand("{{emoji(status)}}") == "▶️")
    #expect(try expand("{{emoji(volume)}}") == "🔉")
    #expect(try Template("{{emoji(status)}}").expand(["status": .string("Paused")]) == "⏸️")
    #expect(try Template("{{emoji(volume)}}").expand(["volume": .double(0.9)]) == "🔊")
    #expect(try expand("{{emoji(title)}}") == "Alpha Waves")
  }

  @Test func `trunc cuts to a length and adds an ellipsis`() throws {
    #expect(try expand("{{trunc(title, 5)}}") == "Alpha…")
    #expect(try expand("{{trunc(title, 50)}}") == "Alpha Waves")
    #expect(throws: TemplateError("function trunc's length parameter can only be called with an int")) {
      try expand("{{trunc(title, \"a\")}}")
    }
  }

  @Test func `arithmetic keeps int64 and follows precedence`() throws {
    #expect(try expand("{{position / 1000000}}") == "65.5")
    #expect(try expand("{{duration(mpris:length - position)}}") == "1:00:59")
    #expect(try expand("{{1 + 2 * 3}}") == "7.0")
    #expect(try expand("{{(1 + 2) * 3}}") == "9.0")
    #expect(try expand("{{-position}}") == "-65500000")
    #expect(throws: TemplateError("Divide by zero error")) { try expand("{{1 / 0}}") }
    #expect(throws: TemplateError("Got unsupported operand types for +: 's' and 'd'")) {
      try expand("{{title + 1}}")
    }
    #expect(throws: TemplateError("Got unsupported operand type for +: NULL")) {
      try expand("{{missing + 1}}")
    }
  }

  @Test(
    arguments: [
      ("{{lc(}}", "unexpected \"}\", expected expression (position  5)"),
      ("{{title", "unexpected end of expression"),
      ("{{ title }", "expecting \"}}\" (position 9)"),
      ("{{@}}", "unexpected \"@\", expected expression (position  2)"),
      ("{{\"abc}}", "unexpected end of expression"),
      ("{{1 +}}", "unexpected \"}\", expected expression (position  5)"),
      ("{{(title}}", "expected \")\" (position  8)"),
      ("{{lc(title}}", "expecting \")\" (position 10)"),
      ("{{}}", "unexpected \"}\", expected expression (position  2)"),
      ("{{1.2.3}}", "invalid number: \"1.2.3\" (position 7)"),
      ("{{title}}{{", "unexpected end of expression"),
      ("{{foo(title)}}", "unknown template function: foo"),
      ("{{lc(title, artist)}}", "function lc takes exactly one argument (got 2)"),
      ("{{default(title)}}", "function default takes exactly two arguments (got 1)"),
      ("{{emoji(\"x\")}}", "the emoji function can only be called with a variable"),
    ])
  func `bad templates fail with playerctl's message`(source: String, message: String) {
    #expect(throws: TemplateError(message)) { try Template(source) }
  }

  @Test func `templates that are too long are refused`() {
    #expect(throws: TemplateError("the maximum format string length is 1028")) {
      try Template(String(repeating: "x", count: 1028))
    }
  }

  @Test func `a template knows which variables it reads`() throws {
    let template = try Template("{{duration(position)}} {{lc(status)}}")
    #expect(template.reads("position"))
    #expect(template.reads("status"))
    #expect(!template.reads("volume"))
  }
}
