// DBus: sources arrive with their issue.
