"""Chat frontends and the frontend-agnostic table service."""
