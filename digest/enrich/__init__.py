"""`digest enrich`: the arXiv id, the authors and the date of records that lack them.

A lookup (the arXiv API by title, digest/fetch/by_title.py, or a curator's file of findings,
`curated_file.py`) offers candidates for a record; `match.py` accepts one only when its
normalised title is the record's and fills only the fields that are empty; `run.py` asks for
every record first and writes what was accepted in one transaction.
"""
