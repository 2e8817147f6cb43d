"""Krendzu / Four in a row: attackers build lines of four cards, defenders block them."""
