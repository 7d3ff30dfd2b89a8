// The engine lives here; see ARCHITECTURE.md.
