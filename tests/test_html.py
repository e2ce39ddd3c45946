"""digest/html.py: the theme's indentation goes, nothing a reader or a script sees changes."""

from __future__ import annotations

from bs4 import BeautifulSoup

from digest.html import strip_indentation

PAGE = """<!doctype html>
<html>
  <head>
    <style>
      .a { color: red; }
    </style>
    <script>
      var text = `line one
          indented line two`;
    </script>
  </head>
  <body>
    <nav>
      <a href="#x">Link</a>
    </nav>
    <pre><code>def f():
    return 1
</code></pre>
    <PRE class="x">  two
      leading spaces</PRE>
    <textarea>
  kept
    </textarea>
    <p>Some <em>inline</em>
       text</p>
  </body>
</html>
"""


def test_indentation_goes_outside_preformatted_text():
    stripped = strip_indentation(PAGE)
    outside = stripped
    for tag in ("pre", "PRE", "textarea", "script", "style"):
        start, end = outside.find(f"<{tag}"), outside.find(f"</{tag}>")
        outside = outside[:start] + outside[end:]
    assert "\n " not in outside
    assert len(stripped) < len(PAGE)


def test_preformatted_text_and_scripts_keep_every_character():
    stripped = strip_indentation(PAGE)
    for tag in ("pre", "textarea", "script", "style"):
        before = [str(node) for node in BeautifulSoup(PAGE, "html.parser").find_all(tag)]
        after = [str(node) for node in BeautifulSoup(stripped, "html.parser").find_all(tag)]
        assert before == after and before, tag
    assert "    return 1" in stripped and "      leading spaces" in stripped


def test_what_a_reader_sees_is_the_same():
    """Text with its white space collapsed, as a browser lays it out, and every element and attribute."""

    def seen(html: str) -> tuple[str, list]:
        soup = BeautifulSoup(html, "html.parser")
        text = " ".join(soup.body.get_text().split())
        return text, [(tag.name, sorted(tag.attrs.items(), key=str)) for tag in soup.find_all(True)]

    assert seen(strip_indentation(PAGE)) == seen(PAGE)
