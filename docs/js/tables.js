// Sortable, filterable comparison tables. Runs on every page load, including the ones
// Material's instant navigation swaps in without a reload (document$), and without Material.
(function () {
  "use strict";

  var EMPTY = "–";
  // The hedges the abstracts use ("near 2×", "+26.6 points"), as digest/render/headline_keys.py reads them.
  var HEDGED_NUMBER = /^(?:(?:up to|over|about|around|nearly|near|almost|more than|at least|approximately|roughly)\s+)?[~≈<>+]?\s*(\d+(?:\.\d+)?)/i;

  function sortKey(cell) {
    var key = numberOrText(cell);
    // A group the cell sorts within first (data-group: a headline's metric and unit class), so that
    // a throughput in FLOP/s and a speedup, or a cut and an absolute time, are never ranked on one
    // scale; the groups come in the order data-group-rank gives (speedups, then reductions, ...).
    if (!key.empty && cell.hasAttribute("data-group")) {
      key.group = cell.getAttribute("data-group");
      var rank = parseFloat(cell.getAttribute("data-group-rank"));
      key.rank = isNaN(rank) ? Infinity : rank;
    }
    return key;
  }

  function numberOrText(cell) {
    // A topic table's Paper cell sorts by the paper's name, not by the line of its other topics under it.
    var also = cell.querySelector(".digest-also");
    var text = (also ? cell.textContent.replace(also.textContent, "") : cell.textContent).trim();
    // "none stated": a curator read no result in the abstract (digest/render/columns.py), a kind of empty
    if (text === "" || text === EMPTY || cell.querySelector(".digest-none")) return { empty: true };
    // A key the digest wrote from the structured value (digest/render/table_keys.py,
    // headline_keys.py): a model scale in parameters, so "1T" sorts above "175B", a headline on its
    // unit's scale, so ">25 PFLOPS" sorts above "156 TFLOPS"; "" means the value has none, sort by text.
    var given = cell.getAttribute("data-sort");
    if (given !== null) return given === "" ? { text: text.toLowerCase() } : { number: parseFloat(given), text: text };
    // A number only when the cell starts with one, perhaps hedged as the abstracts hedge their
    // figures ("2024", "~2×", "up to 3.1×", "over 5×"): names that hold digits (ZO2, GLM-130B,
    // V100) sort as text.
    var number = text.replace(/,/g, "").match(HEDGED_NUMBER);
    return number ? { number: parseFloat(number[1]), text: text } : { text: text.toLowerCase() };
  }

  // The groups' order (data-group-rank, then the group's name): the same whichever the direction,
  // so a sorted headline column always opens on its speedups; a cell with no group after them.
  function compareGroups(a, b) {
    if (a.group === b.group) return 0;
    if (a.group === undefined || b.group === undefined) return a.group === undefined ? 1 : -1;
    return (a.rank - b.rank) || a.group.localeCompare(b.group);
  }

  // Within a group: by number, numbers before text, else by text. The direction flips this.
  function compare(a, b) {
    if (a.number !== undefined && b.number !== undefined && a.number !== b.number) return a.number - b.number;
    if (a.number !== undefined && b.number === undefined) return -1;
    if (a.number === undefined && b.number !== undefined) return 1;
    return a.text.localeCompare(b.text);
  }

  function sortBy(table, index, header, ascending) {
    table.querySelectorAll("thead th").forEach(function (th) { th.setAttribute("aria-sort", "none"); });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows).map(function (row, position) {
      return { row: row, key: sortKey(row.cells[index]), position: position };
    });
    rows.sort(function (a, b) {
      if (a.key.empty || b.key.empty) return ((a.key.empty ? 1 : 0) - (b.key.empty ? 1 : 0)) || a.position - b.position;  // empties stay last
      var order = compare(a.key, b.key);
      return compareGroups(a.key, b.key) || (ascending ? order : -order) || a.position - b.position;
    });
    rows.forEach(function (item) { body.appendChild(item.row); });
    table.digestSort = { index: index, ascending: ascending };
    remember(table);
  }

  // A table's filter words and sort, kept for the reader's way back: Back to a table from a paper
  // it lists shows the rows as the reader left them (Material's instant navigation loads the page
  // afresh, which showed every row unsorted and lost the place). Kept per page and table in the
  // tab's sessionStorage, and put back only when the reader comes back through the history (Back,
  // Forward); a page opened by a link starts afresh. Material's history.state holds its scroll offset.
  var STATE = "digest-table:";
  var cameBackTo = navigationType() === "back_forward" ? location.pathname : null;
  window.addEventListener("popstate", function () { cameBackTo = location.pathname; });

  function navigationType() {
    var entries = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation") : [];
    return entries.length ? entries[0].type : "";
  }

  function remember(table) {
    if (!table.digestKey) return;
    var input = table.digestInput;
    var state = { query: input ? input.value : "", sort: table.digestSort || null };
    try { window.sessionStorage.setItem(table.digestKey, JSON.stringify(state)); } catch (error) { /* storage off */ }
  }

  function recalled(key, restoring) {
    try {
      if (!restoring) { window.sessionStorage.removeItem(key); return null; }
      return JSON.parse(window.sessionStorage.getItem(key) || "null");
    } catch (error) {
      return null;
    }
  }

  // What a row is found by: its cells' text and what the digest wrote for it to be found by but
  // not shown (data-filter: the paper's title, its tags by slug and name, its hardware's
  // architecture). Read once per row: sorting moves rows but never changes them, so each
  // keystroke is a substring test per row.
  function filterText(row) {
    if (row.digestFilter === undefined) {
      row.digestFilter = marked((contentText(row) + " " + (row.getAttribute("data-filter") || "")).toLowerCase());
    }
    return row.digestFilter;
  }

  // A row's content: its cells' text, a space between cells (one cell's last word never runs into
  // the next cell's first), less the labels of the links that leave the site ("PDF", "HF", "code",
  // "project page"): every row has them, and "PD" found all 119 serving papers by their "PDF" (a
  // reader's audit). The site's own links (the paper, its hardware and topics) are content, and so
  // is an arXiv id: a reader pastes one to find its paper.
  var ARXIV_ID = /^\s*\d{4}\.\d{4,5}(?:v\d+)?\s*$/;
  function contentText(row) {
    return Array.prototype.map.call(row.cells, function (cell) {
      var text = "", walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT), node;
      while ((node = walker.nextNode())) {
        var link = node.parentElement && node.parentElement.closest("a[href]");
        if (link && link.classList.contains("digest-more-items")) continue;  // a phone's "+2 more": the rest are content
        if (!link || link.hostname === location.hostname || ARXIV_ID.test(node.nodeValue)) text += node.nodeValue;
      }
      return text;
    }).join(" ");
  }

  // Words match whether written apart, hyphenated or together ("kv cache", "kv-cache", "kvcache"):
  // a query word is found inside one word of the row, or across words from the start of one, with
  // their spaces, hyphens and underscores left out. Never across words from inside one: "kv" does
  // not find "DeepSeek-V4" or "$22K vs" (a reader's audit).
  var SEPARATORS = /[\s\-\u2010\u2011_]+/g;
  var BREAK = "\u0001";  // between the row's words: no query word holds it
  function joined(text) { return text.replace(SEPARATORS, ""); }
  function marked(text) { return text.replace(SEPARATORS, BREAK); }
  function escaped(character) { return character.replace(/[.*+?^${}()|[\]\\\/]/g, "\\$&"); }

  function finder(word) {
    var across = new RegExp("(?:^|" + BREAK + ")" + word.split("").map(escaped).join(BREAK + "?"));
    return function (text) { return text.indexOf(word) !== -1 || across.test(text); };
  }

  // A query word also finds its singular ("KV caches" the rows that say "KV cache", "GPUs" "GPU"):
  // a trailing "es" after s, x, z, ch or sh, else a trailing "s" (not "ss"), is left off. What is
  // left is the start of the word as typed, so a row the whole word finds is still found.
  function singular(word) {
    if (word.length > 4 && /(?:[sxz]|ch|sh)es$/.test(word)) return word.slice(0, -2);
    if (word.length > 3 && /[^s]s$/.test(word)) return word.slice(0, -1);
    return word;
  }

  // A longer query word also finds its other forms ("disaggregation" the rows that say
  // "disaggregated", and the other way round; "scheduling" "scheduler"): one of 6 letters or more,
  // less a common ending, is found as a word that starts with what is left (5 letters or more) and
  // ends in one of those endings, so "generation" finds "generated" and never "general".
  var ENDINGS = ["ations", "ation", "ators", "ator", "ating", "ated", "ates", "ate", "ions", "ion", "ings", "ing",
                 "ive", "ers", "er", "ors", "or", "ed", "es", "e", "s"];
  var ENDING = "(?:" + ENDINGS.join("|") + ")?(?![a-z0-9])";
  function stem(word) {
    if (word.length < 6) return null;
    for (var i = 0; i < ENDINGS.length; i++) {
      var ending = ENDINGS[i];
      if (word.slice(-ending.length) === ending && word.length - ending.length >= 5) return word.slice(0, -ending.length);
    }
    return null;
  }

  function stemFinder(word) {
    var found = finder(word), base = stem(word);
    if (base === null) return found;
    // the start of a word: after a space or hyphen, or any other mark ("(disaggregated)", "P/D")
    var form = new RegExp("(?:^|[^a-z0-9])" + base.split("").map(escaped).join(BREAK + "?") + ENDING);
    return function (text) { return found(text) || form.test(text); };
  }

  function filter(table, query, counter) {
    var words = query.toLowerCase().split(/\s+/).map(function (word) { return joined(singular(word)); }).filter(Boolean);
    var finders = words.map(stemFinder);
    var rows = table.tBodies[0].rows, shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var text = filterText(rows[i]);
      var match = finders.every(function (found) { return found(text); });
      rows[i].hidden = !match;
      if (match) shown++;
    }
    counter.textContent = shown + " of " + rows.length + " rows";
    if (table.digestPapers) followFilter(table, table.digestPapers, words.length > 0);
  }

  // A topic's paragraph per paper, under its table, shows the papers the table's filter leaves:
  // filtered to 3 of 119 rows, the 119 paragraphs below read as the results (a reader's audit).
  function followFilter(table, papers, filtered) {
    var kept = {};
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var link = row.cells.length && row.cells[0].querySelector("a");
      if (link && !row.hidden) kept[link.href] = true;
    });
    papers.querySelectorAll("p").forEach(function (paragraph) {
      var link = paragraph.querySelector("a");
      paragraph.hidden = filtered && !!link && !kept[link.href];
    });
  }

  // Column names that follow the reader down a long table, kept just under the site's header bar:
  // the box that scrolls a wide table sideways is what a CSS-sticky heading would stick to, and a
  // box that also scrolls down would take the page's wheel and swipes. So the headings are moved
  // down by hand, never past the table's last row.
  var following = [];
  var UNDER_BAR = 1;  // px of the names tucked under the bar

  function follow() {
    var bar = document.querySelector(".md-header");
    var top = bar ? bar.getBoundingClientRect().bottom : 0;
    following = following.filter(function (table) { return table.isConnected; });
    following.forEach(function (table) {
      // The names start below the table's top border (clientTop): moved by that much less, they sit
      // flush under the bar, with no sliver of the rows scrolling beneath between the two. And one
      // pixel more, under the bar (which paints over them): the table's top is seldom on a whole
      // pixel, and the names moved by a fraction of one had their top line of pixels half painted,
      // the rows' text and lines showing through it just under the bar (a reader's audit, light,
      // dark and at 390 px).
      var box = table.getBoundingClientRect(), head = table.tHead, edge = box.top + table.clientTop;
      var shift = Math.max(0, Math.min(top - UNDER_BAR - edge, box.bottom - edge - head.offsetHeight));
      var moved = shift ? "translateY(" + shift + "px)" : "";
      Array.prototype.forEach.call(head.rows[0].cells, function (th) { th.style.transform = moved; });
    });
  }

  var scheduled = false;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    window.requestAnimationFrame(function () { scheduled = false; follow(); });
  }
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule);

  // A table wider than its scroll box says how many columns are past its right edge: the box's
  // scrollbar sits under the last row, out of sight on a long table.
  function hiddenColumns(box, table) {
    var edge = box.getBoundingClientRect().right + 1;
    var cells = table.tHead && table.tHead.rows.length ? table.tHead.rows[0].cells : [];
    return Array.prototype.filter.call(cells, function (th) { return th.getBoundingClientRect().right > edge; }).length;
  }

  // A table that fits has no line; one that scrolls keeps its line's room once its columns are all
  // in view, so the table does not jump under a reader scrolling it sideways. Called on every
  // sideways scroll event, it writes to the page only what changed.
  function showHidden(box, table, hint) {
    var count = hiddenColumns(box, table), fits = box.scrollWidth <= box.clientWidth + 1;
    var text = count === 1 ? "1 more column: scroll the table sideways →" :
      count + " more columns: scroll the table sideways →";
    if (hint.textContent !== text) hint.textContent = text;
    var visibility = count ? "" : "hidden";
    if (hint.style.visibility !== visibility) hint.style.visibility = visibility;
    if (hint.hidden !== fits) {
      hint.hidden = fits;
      schedule();  // the table moved: its headings follow again
    }
  }

  function setup(container, position, restoring) {
    var table = container.querySelector("table");
    if (!table || !table.tBodies.length || container.dataset.digestReady) return;
    container.dataset.digestReady = "true";
    if (table.tHead && table.tHead.rows.length) following.push(table);
    var headers = table.querySelectorAll("thead th");
    var toggle = function (index, header) { sortBy(table, index, header, header.getAttribute("aria-sort") !== "ascending"); };
    headers.forEach(function (header, index) {
      // The column the rows come sorted by (a listing's date, newest first) keeps the order the
      // digest wrote on it (html_table's `descending`); every other column is unsorted.
      if (header.getAttribute("aria-sort") !== "descending") header.setAttribute("aria-sort", "none");
      header.tabIndex = 0;
      header.title = "Sort by this column";
      header.addEventListener("click", function () { toggle(index, header); });
      header.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(index, header); }
      });
    });
    var input = container.querySelector("input.digest-filter");
    table.digestInput = input;
    // The list of the same papers under a page's one table (a topic's), filtered with it.
    var article = container.closest("article");
    if (article && article.querySelectorAll(".digest-table").length === 1) {
      table.digestPapers = article.querySelector(".digest-papers");
    }
    var key = STATE + location.pathname + "#" + position, state = recalled(key, restoring);
    if (state && state.sort && headers[state.sort.index]) {
      sortBy(table, state.sort.index, headers[state.sort.index], state.sort.ascending);
    }
    table.digestKey = key;  // remembered from here on
    if (input) {
      if (state) input.value = state.query || "";  // what the browser put back in the box, if anything, gives way
      var counter = document.createElement("span");
      counter.className = "digest-count";
      counter.setAttribute("aria-live", "polite");
      input.insertAdjacentElement("afterend", counter);
      input.addEventListener("input", function () { filter(table, input.value, counter); remember(table); });
      filter(table, input.value, counter);
    }
    var box = container.querySelector(".digest-scroll");
    if (box) hintWhenWide(box, table);
  }

  // A wide table's Paper column stays in view over the others (digest-sticky): a heading or link
  // the keyboard moves to is scrolled out from under it, where the reader saw neither the ring nor
  // the name (Shift+Tab back along the headings; on a phone most of them). The browser scrolls a
  // focused cell into the box's view without knowing that a column covers the box's left edge.
  function uncoverFocus(box, table) {
    if (!table.classList.contains("digest-sticky")) return;
    box.addEventListener("focusin", function (event) {
      var cell = event.target.closest("td, th");
      if (!cell || cell.cellIndex === 0) return;
      window.requestAnimationFrame(function () {
        var covered = cell.parentNode.cells[0].getBoundingClientRect().right - event.target.getBoundingClientRect().left;
        if (covered > 0) box.scrollLeft -= covered + 4;
      });
    });
  }

  // The line over a table that counts the columns past its right edge (showHidden).
  function hintWhenWide(box, table) {
    if (!table || box.dataset.digestHint) return;
    box.dataset.digestHint = "true";
    var hint = document.createElement("p");
    hint.className = "digest-more";
    box.insertAdjacentElement("beforebegin", hint);
    var update = function () {
      if (!box.isConnected) { window.removeEventListener("resize", update); return; }  // a page left
      showHidden(box, table, hint);
    };
    box.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    uncoverFocus(box, table);
    update();
  }

  // A phone's "+2 more" in a list cell (digest/render/columns.py `listed`) shows the rest in place:
  // a link to the paper's page, it left the table, and the reader's place in it, to show two values
  // (a reader's audit). Without this script it is still that link. A listener of its own, so that
  // Material's instant navigation, listening on the document, never sees the tap.
  function showMoreInPlace(more) {
    if (more.dataset.digestMore) return;
    more.dataset.digestMore = "true";
    var list = more.closest(".digest-list");
    if (!list) return;
    more.setAttribute("role", "button");
    more.setAttribute("aria-expanded", "false");
    more.setAttribute("aria-label", "Show " + more.textContent.replace(/^\+/, "") + " here");
    more.addEventListener("click", function (event) {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;  // a new tab: the page
      event.preventDefault();
      event.stopPropagation();
      list.classList.add("digest-open");
      more.setAttribute("aria-expanded", "true");
      list.tabIndex = -1;  // the link is gone: the keyboard stays on the list it opened
      list.focus({ preventScroll: true });
    });
  }

  // Every wide table says so, sortable or not (New's tables, a paper's facts).
  function init() {
    var restoring = cameBackTo === location.pathname;
    cameBackTo = null;
    var tables = document.querySelectorAll(".digest-table");
    tables.forEach(function (container, position) { setup(container, position, restoring); });
    document.querySelectorAll(".digest-scroll").forEach(function (box) { hintWhenWide(box, box.querySelector("table")); });
    document.querySelectorAll(".digest-scroll a.digest-more-items").forEach(showMoreInPlace);
    // Back on a page, Material scrolls to the offset it kept, on a busy machine before the rows were
    // filtered and sorted again and the lines over each table added, which lands on another row: the
    // same offset again, on the page as it is now laid out.
    var kept = restoring && tables.length ? history.state : null;
    if (kept && typeof kept.y === "number") window.scrollTo(kept.x || 0, kept.y);
    follow();
  }

  if (typeof window.document$ !== "undefined") window.document$.subscribe(init);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
