"""Logical Curling (Логический керлинг): dice and card variants."""
