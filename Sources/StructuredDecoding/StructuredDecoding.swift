// Grammar-constrained decoding; see ARCHITECTURE.md.
