"""Caravan (Караван): two players build three caravans each and sell them at 21–26."""
