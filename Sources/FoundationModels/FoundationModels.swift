// Apple-compatible public API; see ARCHITECTURE.md.
