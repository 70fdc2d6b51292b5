// RemoteControlMPRIS: sources arrive with their issue.
