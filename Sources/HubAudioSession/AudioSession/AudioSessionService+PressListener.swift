import HubCore

/// The command path tells the audio session of each user's press (``AudioSessionService/userPressed(_:)``).
extension AudioSessionService: PressListener {}
