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


def convert(page: str, *, searched: bool = True) -> tuple[str, str]:
    """(what the search plugin reads, the finished page) as the MkDocs hooks make them."""
    stashed, blocks = passthrough.stash(page, searched=searched)
    for_search = passthrough.restore(markdown.markdown(stashed, extensions=EXTENSIONS), blocks)
    return for_search, passthrough.restore_hidden(for_search, blocks)


def test_a_block_search_leaves_out_is_hidden_from_it_until_the_page_is_indexed():
    indexed, left_out = (
        passthrough.mark("<table><tr><td>indexed</td></tr></table>"),
        passthrough.mark("<ul><li>x</li></ul>"),
    )
    page = f"# Title\n\n{indexed}\n## Related {{ data-search-exclude }}\n\n{left_out}\n## Notes\n\nText.\n"
    for_search, finished = convert(page)
    assert "<td>indexed</td>" in for_search and "<li>x</li>" not in for_search
    assert "<p data-search-exclude>DIGESTHIDDEN1X</p>" in for_search  # the search plugin skips the element
    assert "<td>indexed</td>" in finished and "<li>x</li>" in finished and "DIGEST" not in finished
    # The finished page is the one a single restore after the conversion makes.
    stashed, blocks = passthrough.stash(page.replace(" { data-search-exclude }", ""))
    plain = passthrough.restore(markdown.markdown(stashed, extensions=EXTENSIONS), blocks)
    assert finished.replace(' data-search-exclude id="related"', ' id="related"') == plain


def test_on_a_page_out_of_search_every_block_waits_for_the_index():
    for_search, finished = convert(f"# Title\n\n{passthrough.mark('<p>a table</p>')}", searched=False)
    assert "a table" not in for_search and "<p>a table</p>" in finished
