"""Text helpers shared by every stage: LaTeX, case folding, sentences, URLs, keys and trie regexes.

One module per job, and one function per job: the ingest, the rules, the fact extractors and
the pages all split sentences, fold case and find URLs the same way.
"""
