// The explorer: the tree, the game being played (its steps are the URL fragment, so a position can be
// shared), the board and its controls.  Every rule of the game comes from makeRules (rules.js).
(function () {
  "use strict";
  const DATA = JSON.parse(document.getElementById("tree-data").textContent);
  const LIST_LIMIT = 60, COLOURS = "byg", MAX_MESSAGE = 400;
  const $ = (id) => document.getElementById(id);
  const fmt = (n) => n.toLocaleString("en-US");

  // ---- the tree: nodes are numbered breadth-first, so node i's children are the nodes
  // firstChild[i] .. firstChild[i] + kids[i] - 1, and child c was reached by pattern[c - 1].
  // DATA.words: the words concatenated (L UTF-16 units each), or a list when a symbol is past U+FFFF
  const L = DATA.game.length, N = DATA.guess.length;
  const wordAt = (list, i) => (typeof list === "string" ? list.substr(L * i, L) : list[i]);
  const word = (node) => wordAt(DATA.words, DATA.guess[node]);
  const solves = (node) => DATA.solves.charCodeAt(node) === 49; // "1": the guess can be the answer
  const firstChild = new Int32Array(N), parent = new Int32Array(N).fill(-1);
  const level = new Uint8Array(N);   // the guess number played at the node
  const below = new Int32Array(N);   // answers solved in the node's subtree
  const total = new Float64Array(N); // their guess counts, summed
  const deepest = new Uint8Array(N); // the most guesses any of them needs
  const answerNode = new Map();
  let next = 1;
  for (let i = 0; i < N; i++) {
    firstChild[i] = next;
    for (let c = next; c < next + DATA.kids[i]; c++) parent[c] = i;
    next += DATA.kids[i];
    level[i] = i === 0 ? 1 : level[parent[i]] + 1;
    if (solves(i)) answerNode.set(word(i), i);
  }
  for (let i = N - 1; i >= 0; i--) { // children come after parents: one backward pass
    if (solves(i)) { below[i] += 1; total[i] += level[i]; deepest[i] = Math.max(deepest[i], level[i]); }
    const p = parent[i];
    if (p >= 0) { below[p] += below[i]; total[p] += total[i]; deepest[p] = Math.max(deepest[p], deepest[i]); }
  }
  const sortedAnswers = Array.from(answerNode.keys()).sort();
  const children = (node) => {
    const out = [];
    for (let c = firstChild[node]; c < firstChild[node] + DATA.kids[node]; c++) out.push(c);
    return out;
  };
  const childFor = (node, code) => children(node).find((c) => DATA.pattern[c - 1] === code);
  const answersCache = new Map();
  function answersBelow(node) { // the answers solved at node or below it, alphabetical
    if (!answersCache.has(node)) {
      const out = [], stack = [node];
      while (stack.length) {
        const n = stack.pop();
        if (solves(n)) out.push(word(n));
        for (const c of children(n)) stack.push(c);
      }
      answersCache.set(node, rules.sorted(out));
    }
    return answersCache.get(node).slice();
  }
  let allowed = null; // the game's guess list (the tree's words and DATA.allowed), built on first use
  function isAllowed(w) {
    if (DATA.allowed === null) return true; // a tree file without a guess list accepts any word
    if (allowed === null) {
      allowed = new Set();
      for (const list of [DATA.words, DATA.allowed]) {
        const n = typeof list === "string" ? list.length / L : list.length;
        for (let i = 0; i < n; i++) allowed.add(wordAt(list, i));
      }
    }
    return allowed.has(w);
  }
  const rules = makeRules({ game: DATA.game, mode: DATA.mode, limits: DATA.limits, guessAt: word, childOf: childFor,
    solvesAt: solves, answersBelow, isAllowed });
  const { DONE, MASTERMIND, digitsOf, formatPattern } = rules;
  const patternText = formatPattern;
  const oneLine = (text) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 30)}… (${fmt(text.length)} characters)` : text);

  function where(steps) { // rules.position, with a refusal as { error, noAnswer }
    try { return rules.position(steps); }
    catch (e) {
      if (e instanceof rules.HistoryError) return { error: e.message, noAnswer: e instanceof rules.NoAnswerError };
      throw e;
    }
  }

  // ---- the game: steps are [word, code] pairs, the URL fragment their --path notation
  const encode = (steps) => rules.formatHistory(steps, ":", ",");
  function decode(fragment) { // { steps, error }: the longest playable start of the fragment
    let text;
    try { text = decodeURIComponent(fragment.replace(/^#/, "")); }
    catch (e) { return { steps: [], error: "the position in the address (after #) is not readable" }; }
    let steps;
    try { steps = rules.parseHistory(text); } catch (e) { return { steps: [], error: e.message }; }
    const at = where(steps);
    if (!at.error) return { steps };
    let good = 0;
    while (good < steps.length && !where(steps.slice(0, good + 1)).error) good++;
    return { steps: steps.slice(0, good), error: at.error };
  }

  let steps = [], at = null, entry = "", pending = [], index = 0, maxIndex = 0;
  const analysis = makeAnalysis({ DATA, rules, el, mini, fmt, oneLine, state: () => ({ steps, at, entry }) });

  function go(newSteps, message) {
    steps = newSteps;
    index += 1; maxIndex = index;
    history.pushState({ i: index }, "", "#" + encode(steps));
    render(message);
  }
  window.addEventListener("popstate", (event) => {
    if (event.state && typeof event.state.i === "number") index = event.state.i;
    else { index = maxIndex + 1; maxIndex = index; history.replaceState({ i: index }, "", location.hash); }
    const parsed = decode(location.hash);
    steps = parsed.steps;
    render(parsed.error ? { error: parsed.error } : null);
  });

  // ---- drawing
  function el(tag, attrs, ...kids) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v; else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const kid of kids) node.append(kid);
    return node;
  }
  // a tile's colour: the feedback of its position (Mastermind tells no position: its score stands beside)
  const tileClass = (code, i) => (code === null ? "blank" : MASTERMIND ? "n" : COLOURS[digitsOf(code)[i]]);
  const score = (code) => (MASTERMIND && code !== null ? [el("span", { class: "score" }, patternText(code))] : []);
  function mini(text, code) {
    return el("span", { class: "mini", title: code === null ? text : `${text} ${patternText(code)}` },
      ...Array.from(text).map((ch, i) => el("span", { class: tileClass(code, i) }, ch)), ...score(code));
  }
  const boardRow = (text, code) => el("div", { class: "row" },
    ...Array.from(text).map((ch, i) => el("div", { class: "tile " + tileClass(code, i) }, ch)), ...score(code));
  const plural = (n, what) => `${fmt(n)} ${what}${n === 1 ? "" : "s"}`;

  function render(message) {
    at = where(steps);
    if (at.error) { steps = []; at = where(steps); message = message || { error: at.error }; }
    entry = at.solved ? "" : at.guess;
    pending = new Array(L).fill(0);
    $("back").disabled = index <= 0;
    $("forward").disabled = index >= maxIndex;
    $("undo").disabled = $("restart").disabled = steps.length === 0;
    $("share-link").hidden = true;
    drawBreadcrumb();
    drawBoard();
    drawStatus(message);
    for (const id of ["controls", "play-hint"]) $(id).style.display = at.solved ? "none" : "";
    $("guess-input").value = at.solved ? "" : at.guess;
    $("pattern-input").value = "";
    noteGuess();
    drawChildren(at.onTree && !at.solved ? at.node : null);
    drawStats();
    analysis.moved();
  }

  function drawStatus(message) {
    const status = $("status");
    status.className = "";
    const badge = el("span", { class: "badge " + (at.onTree ? "on" : "off") }, at.onTree ? "on the tree" : "off the tree");
    if (message && message.error) { status.className = "error"; status.textContent = oneLine(message.error); }
    else if (at.solved) {
      status.className = "solved";
      status.textContent = `Solved: ${at.candidates[0].toUpperCase()} in ${steps.length} guesses.`;
    } else {
      const left = at.candidates.length, guess = at.guess.toUpperCase();
      status.replaceChildren(`Play ${guess}: ${plural(left, "answer")} left${playedWhy(left)}`, badge);
    }
  }
  function playedWhy(left) { // why the guess shown is played, and whether it is proved best
    const guess = at.guess.toUpperCase();
    if (left === 1 && at.candidates[0] === at.guess) return `, so ${guess} is proved best: solved in 1 more guess. `;
    if (at.onTree) return solves(at.node) ? ` (${guess} may itself be the answer). ` : ". ";
    if (left === 2) // the off-tree rule guesses one of the two: the likelier one is best, and unweighted both are
      return ` (the off-tree rule guesses one of them: proved best when both are equally likely). `;
    return " (the runtime's simple off-tree rule, not a proved best move). ";
  }

  function drawBreadcrumb() {
    const crumbs = [el("a", { onclick: () => go([]) }, "Start")];
    steps.forEach(([w, code], k) => {
      crumbs.push(el("span", { class: "sep" }, "›"));
      crumbs.push(el("a", { onclick: () => go(steps.slice(0, k + 1)), title: `${w}:${patternText(code)}` }, mini(w, code)));
    });
    $("breadcrumb").replaceChildren(...crumbs);
  }

  function drawBoard() {
    const rows = steps.map(([w, code]) => boardRow(w, code));
    if (!at.solved) rows.push(el("div", { class: "row", id: "guess-tiles" }));
    $("board").replaceChildren(...rows);
    if (!at.solved) drawEntry();
  }
  function drawEntry() { // the row being played: the entry's letters, pending colours, tap to cycle
    const row = $("guess-tiles");
    if (!row) return;
    if (row.children.length !== L) // built once per position; then repainted, so focus stays on a tile
      row.replaceChildren(...pending.map((_, i) => el("button", { class: "tile current", "data-index": i,
        onclick: () => cycle(i) })));
    const letters = Array.from(entry).concat(new Array(L).fill(" ")).slice(0, L);
    Array.from(row.children).forEach((tile, i) => {
      tile.className = "tile current " + (MASTERMIND ? "n" : COLOURS[pending[i]]);
      tile.textContent = letters[i];
      tile.setAttribute("aria-label", `letter ${i + 1}, ${letters[i].trim() || "empty"}, ${["grey", "yellow", "green"][pending[i]]}: ` +
        "tap to change its colour");
    });
  }
  function cycle(i) { // grey -> yellow -> green -> grey, like marking a row by hand
    if (MASTERMIND) return; // its score is typed: B2W1
    pending[i] = (pending[i] + 1) % 3;
    drawEntry();
    $("pattern-input").value = pending.map((d) => COLOURS[d]).join("");
  }

  function noteGuess() { // what playing the typed word means: the tree's guess, an own one, or a refusal
    const note = $("guess-note");
    note.className = "hint";
    if (at.solved) { note.textContent = ""; return; }
    const typed = rules.normalised($("guess-input").value) || at.guess;
    if (Array.from(typed).length !== L || typed === at.guess) {
      note.textContent = typed === at.guess ? (at.onTree ? "The tree's guess." : "The off-tree rule's guess.") : "";
      return;
    }
    const problem = rules.guessProblem(steps, typed);
    if (problem) { note.className = "hint error"; note.textContent = oneLine(problem); return; }
    note.textContent = at.onTree ? `Your own guess: playing ${typed.toUpperCase()} leaves the tree.`
      : `Your own guess, off the tree.`;
  }
  function typedWord() {
    const typed = $("guess-input").value.trim();
    return typed ? typed : at.guess;
  }

  function submit(forceGreen) {
    if (at.solved) return;
    const typed = typedWord(), patternTyped = $("pattern-input").value.trim();
    const pattern = forceGreen ? DONE : (patternTyped || formatPattern(rules.codeOf(pending)));
    const tried = where(steps.concat([[typed, pattern]]));
    if (tried.error) {
      $("status").className = "error";
      $("status").textContent = oneLine(tried.error);
      return;
    }
    go(tried.steps);
  }

  function drawChildren(node) {
    const rows = node === null ? [] : children(node).sort((a, b) => below[b] - below[a] || DATA.pattern[a - 1] - DATA.pattern[b - 1]);
    $("children").tBodies[0].replaceChildren(...rows.map((c) => {
      const code = DATA.pattern[c - 1];
      return el("tr", { "data-pattern": patternText(code), onclick: () => go(steps.concat([[word(node), code]])) },
        el("td", {}, mini(word(node), code)),
        el("td", {}, DATA.kids[c] ? mini(word(c), null) : el("span", { class: "tag" }, `${word(c).toUpperCase()} solves it`)),
        el("td", { class: "num" }, fmt(below[c])),
        el("td", { class: "num wide" }, (total[c] / below[c]).toFixed(3)),
        el("td", { class: "num wide" }, String(deepest[c])));
    }));
    $("children").style.display = rows.length ? "" : "none";
    $("children-heading").style.display = rows.length ? "" : "none";
  }

  function treeStats() { // [word, guesses] for the answers below the tree's node (the solved one if solved)
    if (at.solved) return [[at.candidates[0], steps.length]];
    const out = [], stack = [at.node];
    while (stack.length) {
      const n = stack.pop();
      if (solves(n)) out.push([word(n), level[n]]);
      for (const c of children(n)) stack.push(c);
    }
    return out;
  }
  function drawStats() {
    const onTree = at.onTree || at.solved;
    const answers = onTree ? treeStats() : [];
    const sum = answers.reduce((s, a) => s + a[1], 0);
    $("stat-left").textContent = fmt(at.candidates.length);
    $("stat-total").textContent = onTree ? fmt(sum) : "–";
    $("stat-average").textContent = onTree ? (sum / answers.length).toFixed(4) : "–";
    $("stat-max").textContent = onTree ? String(Math.max(...answers.map((a) => a[1]))) : "–";
    $("stats-hint").textContent = at.solved ? `This game took ${steps.length} guesses.`
      : onTree ? "Guesses are counted from the first guess of the game, playing the tree's."
        : "Off the tree the page knows only the answers left; the exact values need the engine.";
    const counts = new Map();
    for (const [, g] of answers) counts.set(g, (counts.get(g) || 0) + 1);
    const peak = Math.max(0, ...counts.values()), cells = [];
    for (const g of Array.from(counts.keys()).sort((a, b) => a - b)) {
      const n = counts.get(g);
      cells.push(el("span", {}, `${g} guess${g === 1 ? "" : "es"}`),
        el("div", { class: "bar", "data-guesses": g, "data-count": n, style: `width:${(100 * n / peak).toFixed(1)}%` }),
        el("span", { class: "num" }, fmt(n)));
    }
    $("histogram").replaceChildren(...cells);
    const list = $("answers-list"), words = at.candidates;
    const show = () => list.replaceChildren(words.join(" "));
    $("answers-heading").textContent = `Answers left (${fmt(words.length)})`;
    if (words.length <= LIST_LIMIT) show();
    else list.replaceChildren(el("button", { class: "navbtn", id: "show-answers", onclick: show }, `Show all ${fmt(words.length)}`));
  }

  // ---- search: an answer's whole path on the tree, as the board would show it
  function pathTo(node) {
    const route = [];
    for (let n = node; n > 0; n = parent[n]) route.push([word(parent[n]), DATA.pattern[n - 1]]);
    return route.reverse().concat([[word(node), DONE]]);
  }
  function search(text) {
    const target = (text || "").trim().toLowerCase();
    const out = $("search-result");
    $("suggestions").replaceChildren();
    if (!answerNode.has(target)) {
      out.replaceChildren(el("p", { class: "hint" }, `${JSON.stringify(target)} is not an answer of this tree.`));
      return;
    }
    const route = pathTo(answerNode.get(target));
    out.replaceChildren(el("p", {}, `${target.toUpperCase()} is solved in ${route.length} guesses:`),
      ...route.map(([w, code]) => boardRow(w, code)),
      el("button", { class: "navbtn", id: "open-path", onclick: () => go(route) }, "Open this game"));
  }
  function suggest(text) {
    const prefix = text.trim().toLowerCase();
    if (!prefix) return $("suggestions").replaceChildren();
    let lo = 0, hi = sortedAnswers.length; // binary search for the first word >= prefix
    while (lo < hi) { const mid = (lo + hi) >> 1; if (sortedAnswers[mid] < prefix) lo = mid + 1; else hi = mid; }
    const hits = [];
    for (let k = lo; k < sortedAnswers.length && hits.length < 8 && sortedAnswers[k].startsWith(prefix); k++) hits.push(sortedAnswers[k]);
    $("suggestions").replaceChildren(...hits.map((w) => el("button", { onclick: () => { $("search-input").value = w; search(w); } }, w)));
  }

  function share() {
    const link = location.href, box = $("share-link");
    box.value = link; box.hidden = false; box.select();
    const said = (text) => { $("status").className = ""; $("status").textContent = text; };
    if (navigator.clipboard && window.isSecureContext)
      navigator.clipboard.writeText(link).then(() => said("Link copied."), () => said("Copy the link below."));
    else said("Copy the link below.");
  }

  // ---- wiring: every control is a button or a field, so touch, mouse and keyboard all work
  $("back").addEventListener("click", () => history.back());
  $("forward").addEventListener("click", () => history.forward());
  $("undo").addEventListener("click", () => go(steps.slice(0, -1)));
  $("restart").addEventListener("click", () => go([]));
  $("share").addEventListener("click", share);
  $("play-button").addEventListener("click", () => submit(false));
  $("solved-button").addEventListener("click", () => submit(true));
  $("guess-input").addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); $("pattern-input").value ? submit(false) : $("pattern-input").focus(); }
    if (e.key === "Escape") { $("guess-input").value = at.guess || ""; entry = at.guess || ""; drawEntry(); noteGuess(); }
  });
  $("guess-input").addEventListener("input", (e) => {
    const typed = rules.normalised(e.target.value);
    entry = Array.from(typed).length <= L ? typed || at.guess : entry;
    drawEntry();
    noteGuess();
    analysis.moved();
  });
  $("pattern-input").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); submit(false); } });
  $("pattern-input").addEventListener("input", (e) => {
    let code;
    try { code = rules.parsePattern(e.target.value); } catch (err) { return; }
    pending = digitsOf(code);
    drawEntry();
  });
  $("search-input").addEventListener("keydown", (e) => { if (e.key === "Enter") search(e.target.value); });
  $("search-input").addEventListener("input", (e) => suggest(e.target.value));
  $("search-button").addEventListener("click", () => search($("search-input").value));

  if (MASTERMIND) {
    $("play-hint").textContent = "Play the suggestion or type your own code, then its score: black and white pegs as " +
      "B2W1 (or 2,1), then Enter.";
  }
  document.documentElement.style.setProperty("--symbols", String(L)); // mini tiles fit a phone's row
  $("title").textContent = DATA.title;
  $("subtitle").textContent = DATA.subtitle;
  const initial = decode(location.hash || (DATA.start_path ? "#" + DATA.start_path : ""));
  steps = initial.steps;
  // after a reload the browser keeps its history entries: carry on counting from there
  index = maxIndex = history.state && typeof history.state.i === "number" ? history.state.i : 0;
  history.replaceState({ i: index }, "", "#" + encode(steps));
  render(initial.error ? { error: initial.error } : null);

  // For tests and tools: the rules answer a whole batch of histories in one call.
  window.explorer = {
    rules,
    check(histories) {
      return histories.map((h) => {
        const got = where(h);
        if (got.error) return { error: got.error, no_answer: got.noAnswer };
        return { guess: got.guess, candidates: got.candidates, on_tree: got.onTree, solved: got.solved };
      });
    },
  };
  window.explorerReadyMs = performance.now();
  document.body.dataset.ready = "true";
})();
