"""Training scripts (CleanRL style, one file per method) and their shared helpers."""
