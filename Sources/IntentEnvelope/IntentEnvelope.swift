// The seed-004 exchange envelope; see ARCHITECTURE.md.
