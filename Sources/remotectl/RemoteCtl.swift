@main
struct RemoteCtl {
  static func main() { print("remotectl: arrives with issue 4") }
}
