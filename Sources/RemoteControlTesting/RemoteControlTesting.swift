// RemoteControlTesting: sources arrive with their issue.
