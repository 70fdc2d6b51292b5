// AudioPlayback: sources arrive with issue 5.
