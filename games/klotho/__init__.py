"""Klotho / Prospector (Клото / Старатель): dig a face-down field for lines of three."""
