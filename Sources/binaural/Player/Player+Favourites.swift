import Logging
import RemoteControl

extension Player {
  /// Offers like (MediaPlayer's `likeCommand`) as marking the current preset a favourite, and
  /// the skip commands' preferred interval; the like's ``FeedbackCommand/isActive`` follows the
  /// preset (``updateFavourite()``).
  func registerFavouriteTarget() {
    let like = application.commandCenter.likeCommand
    like.localizedTitle = "Favourite preset"
    like.localizedShortTitle = "Favourite"
    like.isEnabled = true
    like.addTarget { [unowned self] (isNegative: Bool) in
      setFavourite(!isNegative)
      return .success
    }
    application.commandCenter.skipForwardCommand.preferredIntervals = [Self.skipInterval]
    application.commandCenter.skipBackwardCommand.preferredIntervals = [Self.skipInterval]
    updateFavourite()
  }

  /// How far a skip goes: the skip commands' preferred interval (MediaPlayer's
  /// `preferredIntervals`, which controllers read), the terminal's ← and → and their legend; the
  /// README's "←/→ skip N s" is checked against it.
  nonisolated static let skipInterval = Duration.seconds(15)

  /// Makes the current preset a favourite, or no longer one, and keeps it so across restarts.
  func setFavourite(_ liked: Bool) {
    let id = playlist.current.id
    do {
      try favourites.set(id, liked: liked)
    } catch {
      logger.error("favourites not saved", metadata: ["error": "\(error)"])
    }
    updateFavourite()
    logger.info("favourite", metadata: ["preset": "\(id)", "liked": "\(liked)"])
  }

  /// Shows whether the current preset is a favourite: the like command's `isActive`.
  func updateFavourite() {
    application.commandCenter.likeCommand.isActive = favourites.contains(playlist.current.id)
  }
}
