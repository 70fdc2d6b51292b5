print("binaural: not yet built")
