"""Klac! (Клац!): play colour cards into any player's row; three colours score."""
