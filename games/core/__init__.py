"""What every rules engine shares: protocol, errors, cards, RNG, serialisation, menus."""
