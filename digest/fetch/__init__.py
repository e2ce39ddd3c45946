"""`digest fetch`: new papers from the Hugging Face Daily Papers API and the arXiv API.

A fetch downloads every page it needs into a scratch folder first (`http`), reads each with
the source registry, keeps the papers the machine places in a topic (digest/derive/relevance.py),
and only then ingests, in one transaction: a fetch that fails anywhere writes nothing. What to
ask each API for is in its own module (`hf_daily`, `arxiv`), as a `Series` of pages (`plan`).
"""
