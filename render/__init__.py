"""Pillow renderers: a view in, PNG bytes out. Never sees a full game state."""
