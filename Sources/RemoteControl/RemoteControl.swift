// RemoteControl: sources arrive with their issue.
