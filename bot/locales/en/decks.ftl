## The deck builder (private chat)
deck-title = 🃏 Your deck for { $game }
deck-count = Cards: { $count } ({ $sets })
deck-valid = ✅ The deck is valid.
deck-invalid = ⚠ Not valid yet:
deck-saved-none = Saved deck: none — you play the standard deck. Press “Save” to keep this one.
deck-saved = Saved deck: { $count } { $count ->
    [one] card
   *[other] cards
}{ $changed ->
    [true] ; this draft has unsaved changes.
   *[other] , the same as this draft.
}
deck-page = Showing: set { $set }, { $suit }
deck-hint = Press a card to add (✅) or remove (▫️) it. A deck may hold the same card once from each of the sets A, B and C. Your saved deck is used in games whose lobby says “Decks: everyone’s own”.
deck-set = Set { $set }
deck-btn-all = ➕ All of these
deck-btn-none = ➖ None of these
deck-btn-standard = ↺ Standard deck
deck-btn-clear = 🗑 Empty
deck-btn-save = 💾 Save
deck-btn-forget = ✖ Use the standard deck
deck-note-save = 💾 Saved: { $count } { $count ->
    [one] card
   *[other] cards
}. It will be used in games where everyone plays their own deck.
deck-note-forget = ✖ Saved deck removed: you play the standard deck again.
