"""Records: the paper model, the store on disk, and the one YAML validator every curated file uses."""
