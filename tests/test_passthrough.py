"""The digest's HTML blocks carried past Python-Markdown (digest/passthrough.py, the MkDocs hooks)."""

from __future__ import annotations

import markdown

from digest import passthrough

EXTENSIONS = ["tables", "attr_list", "md_in_html", "admonition", "toc"]  # as mkdocs.yml


def test_a_marked_block_comes_back_byte_for_byte_and_the_rest_is_converted():
    block = '<div class="x"><table><tr><td>*not emphasis* [not](a link) a|b</td></tr></table></div>'
    page = (
        f"# Title\n\nSome *text*.\n\n{passthrough.mark(block)}\nMore text.\n\n{passthrough.mark('<ul><li>b</li></ul>')}"
    )
    stashed, blocks = passthrough.stash(page)
    assert blocks == [block, "<ul><li>b</li></ul>"] and "<table>" not in stashed
    html = passthrough.restore(markdown.markdown(stashed, extensions=EXTENSIONS), blocks)
    assert block in html and "<ul><li>b</li></ul>" in html and "<em>text</em>" in html
    assert "DIGESTHTML" not in html


def test_without_the_hooks_a_marked_block_is_still_the_same_html():
    """Another renderer that runs no hooks sees raw HTML and the comments, and shows the same."""
    block = '<div class="x"><table><tr><td>a &lt; b</td></tr></table></div>'
    html = markdown.markdown(f"Text.\n\n{passthrough.mark(block)}", extensions=EXTENSIONS)
    assert block in html


def test_a_page_without_marks_is_left_alone():
    assert passthrough.stash("# Title\n\nText.\n") == ("# Title\n\nText.\n", [])
    assert passthrough.restore("<p>x</p>", []) == "<p>x</p>"
