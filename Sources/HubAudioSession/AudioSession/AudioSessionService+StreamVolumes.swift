import HubCore
import WebRemote

extension AudioSessionService: PlayerStreamVolumes {
  // MARK: - The web remote's way to a player's streams

  func streamLevel(of owner: String) async throws(APIError) -> Double {
    do {
      return try await streamVolume(of: owner)
    } catch {
      throw Self.apiError(error)
    }
  }

  func setStreamLevel(_ level: Double, of owner: String) async throws(APIError) -> Double {
    do {
      return try await setStreamVolume(level, of: owner)
    } catch {
      throw Self.apiError(error)
    }
  }

  private static func apiError(_ error: StreamVolumeError) -> APIError {
    switch error.code {
    case .noStream: APIError(.notOffered, error.description)
    case .unknownPlayer: APIError(.unknownPlayer, error.description)
    case .soundServer: APIError(.unavailable, error.description)
    }
  }
}
