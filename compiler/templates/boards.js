// A multi-board game (Dordle to Duotrigordle) over the original lists: K boards, each hiding its own
// answer (distinct words), every guess scored on every open board by the runtime's Wordle rule
// (makeRules, rules.js), K + 5 guesses.  The address holds the game: ?seed=N chooses the answers, the
// fragment the guesses played (#salet,crony), so a reload or a shared link is the same game.
(function () {
  "use strict";
  const DATA = JSON.parse(document.getElementById("boards-data").textContent);
  const K = DATA.boards, LIMIT = DATA.limit, L = 5, MAX_MESSAGE = 400;
  const $ = (id) => document.getElementById(id);
  const fmt = (n) => n.toLocaleString("en-US");
  const rules = makeRules({ ...DATA.rules, isAllowed: () => true });
  const { DONE, scoreCode, digitsOf, formatPattern } = rules;
  const ANSWERS = Array.from({ length: DATA.answers.length / L }, (_, i) => DATA.answers.substr(L * i, L));
  const ALLOWED = new Set(ANSWERS);
  for (let i = 0; i < DATA.allowed.length; i += L) ALLOWED.add(DATA.allowed.substr(i, L));
  const title = (game) => game.charAt(0).toUpperCase() + game.slice(1); // the games: DATA.games, as the server names them
  const STRIPES = Math.min(K, 8); // a key's colours per board: up to 8 boards a row, as many rows as needed
  const COLOURS = "byg", KEY_ROWS = ["qwertyuiop", "asdfghjkl", "<zxcvbnm>"]; // < Enter, > Backspace
  const oneLine = (text) => (text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text);

  function el(tag, attrs, ...kids) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "onclick") node.addEventListener("click", value);
      else node.setAttribute(key, value);
    }
    node.append(...kids);
    return node;
  }

  // ---- the answers: SplitMix64 from the seed (as wordle_compiler.util.splitmix): the k-th word of the
  // sequence (k = 1, 2, ...) modulo the answer count indexes the original answer list; a word drawn
  // twice is skipped, so the K answers are distinct.
  const MASK = (1n << 64n) - 1n, SEED_MAX = MASK;
  function answersFor(seed) {
    const picked = [];
    for (let k = 1n; picked.length < K; k++) {
      let z = (seed + k * 0x9e3779b97f4a7c15n) & MASK;
      z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
      z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
      const index = Number((z ^ (z >> 31n)) % BigInt(ANSWERS.length));
      if (!picked.includes(index)) picked.push(index);
    }
    return picked.map((i) => ANSWERS[i]);
  }
  const randomSeed = () => BigInt(crypto.getRandomValues(new Uint32Array(1))[0]);

  // ---- the game: each step is { word, boards (the boards open before it, in order), codes (one per such board) }
  let seed, answers, steps = [], entry = "";
  const solvedAt = () => { // per board, the guess number that solved it, or 0
    const out = new Array(K).fill(0);
    steps.forEach((step, n) => step.boards.forEach((b, k) => { if (step.codes[k] === DONE) out[b] = n + 1; }));
    return out;
  };
  const openBoards = () => { const at = solvedAt(); return at.flatMap((n, b) => (n ? [] : [b])); };
  const over = () => openBoards().length === 0 || steps.length >= LIMIT;
  const historyText = () => steps.map((s) => `${s.word} ${s.codes.map(formatPattern).join(",")}`).join(" ");

  function play(word) { // the refusal, or null once the guess is played
    if (over()) return "the game is over: New game plays another";
    if (Array.from(word).length !== L) return `a guess has ${L} letters`;
    if (!ALLOWED.has(word)) return `${rules.repr(word)} is not in the word list`;
    const boards = openBoards();
    steps.push({ word, boards, codes: boards.map((b) => scoreCode(word, answers[b])) });
    return null;
  }

  // ---- drawing
  function tile(letter, colour) {
    return el("div", { class: colour ? `t ${colour}` : letter ? "t typed" : "t" }, letter || "");
  }
  function boardNode(b, at) {
    const rows = [];
    for (const step of steps) {
      const k = step.boards.indexOf(b);
      if (k < 0) break; // solved before this step
      const digits = digitsOf(step.codes[k]);
      rows.push(el("div", { class: "brow" }, ...Array.from(step.word, (ch, i) => tile(ch, COLOURS[digits[i]]))));
    }
    if (!at[b] && !over()) {
      const typed = Array.from(entry);
      rows.push(el("div", { class: "brow entry" }, ...Array.from({ length: L }, (_, i) => tile(typed[i] || ""))));
    }
    while (rows.length < LIMIT) rows.push(el("div", { class: "brow" }, ...Array.from({ length: L }, () => tile(""))));
    const shown = over() || at[b] ? answers[b] : "";
    const note = at[b] ? `${shown} · ${at[b]}` : shown;
    return el("div", { class: `board${at[b] ? " solved" : over() ? " missed" : ""}`, "data-board": String(b + 1),
      "aria-label": `board ${b + 1}` }, ...rows, el("div", { class: "answer" }, note));
  }
  function keyStates() { // per letter, per board: -1 unknown, 0 grey, 1 yellow, 2 green (open boards only)
    const states = new Map(), at = solvedAt();
    for (const ch of "abcdefghijklmnopqrstuvwxyz") states.set(ch, new Array(K).fill(-1));
    for (const step of steps) {
      step.boards.forEach((b, k) => {
        if (at[b]) return;
        digitsOf(step.codes[k]).forEach((d, i) => {
          const per = states.get(step.word[i]);
          if (per) per[b] = Math.max(per[b], d);
        });
      });
    }
    return { states, open: at.map((n) => !n) };
  }
  function drawKeyboard() {
    const { states, open } = keyStates(), colour = ["var(--grey)", "var(--yellow)", "var(--green)"];
    const rows = Math.ceil(K / STRIPES);
    for (const key of document.querySelectorAll(".key[data-letter]")) {
      const per = states.get(key.dataset.letter), live = per.filter((_, b) => open[b]);
      const layers = [];
      for (let r = 0; r < rows; r++) {
        const stops = per.slice(r * STRIPES, (r + 1) * STRIPES).map((s, j) => {
          const c = open[r * STRIPES + j] && s >= 0 ? colour[s] : "var(--key)";
          return `${c} ${(100 * j) / STRIPES}% ${(100 * (j + 1)) / STRIPES}%`;
        });
        layers.push(`linear-gradient(to right, ${stops.join(", ")}) 0 ${rows > 1 ? (100 * r) / (rows - 1) : 0}% / 100% ${100 / rows}% no-repeat`);
      }
      key.style.background = live.some((s) => s >= 0) ? layers.join(", ") : "";
      key.classList.toggle("out", live.length > 0 && live.every((s) => s === 0));
    }
  }
  function draw() {
    const at = solvedAt(), solved = at.filter(Boolean).length, status = $("status");
    $("boards").replaceChildren(...answers.map((_, b) => boardNode(b, at)));
    if (solved === K) {
      status.className = "won";
      status.textContent = `Won: all ${K} boards solved in ${steps.length} guesses.`;
    } else if (over()) {
      status.className = "lost";
      status.textContent = `Lost: ${K - solved} of ${K} boards unsolved after ${LIMIT} guesses; the answers are under the boards.`;
    } else {
      status.className = "";
      status.textContent = `Guess ${steps.length + 1} of ${LIMIT} · ${solved} of ${K} boards solved`;
    }
    const box = $("history-text");
    box.value = historyText();
    box.style.height = "auto"; // as tall as the history
    box.style.height = `${box.scrollHeight + 2}px`;
    $("analyse-button").disabled = over();
    $("keyboard").classList.toggle("done", over());
    drawKeyboard();
  }
  function keep() { // the address holds the game
    const words = steps.map((s) => s.word).join(",");
    history.replaceState(null, "", `?seed=${seed}${words ? "#" + words : ""}`);
  }

  // ---- typing: the physical keyboard and the on-screen one
  function press(key) {
    $("message").textContent = "";
    if (key === "Enter") {
      const refusal = play(entry);
      if (refusal) { $("message").textContent = refusal; return; }
      entry = "";
      keep();
      analysis.moved();
      draw();
      return;
    }
    if (key === "Backspace") entry = Array.from(entry).slice(0, -1).join("");
    else if (/^[a-z]$/i.test(key) && Array.from(entry).length < L && !over()) entry += key.toLowerCase();
    else return;
    drawEntry();
  }
  function drawEntry() { // a letter typed or erased: only the open boards' entry rows change
    const typed = Array.from(entry);
    for (const row of document.querySelectorAll("#boards .brow.entry")) {
      Array.from(row.children).forEach((t, i) => { t.className = typed[i] ? "t typed" : "t"; t.textContent = typed[i] || ""; });
    }
  }
  function buildKeyboard() {
    const label = { "<": "Enter", ">": "⌫" }, name = { "<": "Enter", ">": "Backspace" };
    $("keyboard").replaceChildren(...KEY_ROWS.map((row) => el("div", { class: "krow" }, ...Array.from(row, (ch) => {
      const special = ch in label;
      const key = el("button", { class: special ? "key wide" : "key", type: "button", tabindex: "-1",
        "aria-label": special ? name[ch] : ch }, special ? label[ch] : ch);
      if (!special) key.dataset.letter = ch;
      key.addEventListener("click", () => press(special ? name[ch] : ch));
      return key;
    }))));
  }
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    const target = e.target;
    if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
    const onButton = target && target.tagName === "BUTTON" && !target.classList.contains("key");
    if (onButton && (e.key === "Enter" || e.key === " ")) return; // the button's own click
    if (e.key === "Enter" || e.key === "Backspace" || /^[a-z]$/i.test(e.key)) {
      e.preventDefault();
      press(e.key);
    }
  });

  // ---- the analysis: /api/boards, what `wordle-tree analyse --game GAME --json` prints
  const analysis = (function () {
    let request = null;
    const say = (text, error) => { $("analysis-status").className = error ? "hint error" : "hint"; $("analysis-status").textContent = text; };
    async function ask() {
      if (request) request.abort();
      request = new AbortController();
      const params = new URLSearchParams({ game: DATA.game, history: historyText(), top: "5" });
      if (ALLOWED.has(entry)) params.set("move", entry);
      say("Analysing…");
      $("analysis-result").replaceChildren();
      let doc;
      try {
        const reply = await fetch(`/api/boards?${params}`, { signal: request.signal, headers: { Accept: "application/json" } });
        doc = await reply.json();
      } catch (e) {
        if (e.name !== "AbortError") say("the server did not answer (is wordle-tree serve still running?)", true);
        return;
      }
      if (doc.error) return say(oneLine(doc.error), true);
      say("");
      $("analysis-result").replaceChildren(...(doc.exact ? exact(doc, params.get("move")) : heuristic(doc)));
    }
    function left(doc) {
      const boards = doc.open_boards.map((b, k) => `board ${b}: ${fmt(doc.candidates[k])}`).join(", ");
      return `candidate answers on the open boards (${boards})`;
    }
    function heuristic(doc) {
      return [el("p", { id: "analysis-value", "data-exact": "false" },
        `More tuples of answers than an exact analysis takes: ${left(doc)}. The policy's move, a heuristic ` +
        "(not an exact value): ", el("strong", { id: "policy-move" }, doc.moves[0].word.toUpperCase()), ".")];
    }
    function exact(doc, move) {
      const rows = doc.moves.map((m, k) => el("tr", { "data-word": m.word, "data-guesses": m.guesses, "data-lost": m.lost },
        el("td", { class: "num" }, String(k + 1)), el("td", {}, m.word.toUpperCase()),
        el("td", { class: "num" }, fmt(m.guesses)), el("td", { class: "num" }, (m.guesses / doc.tuples).toFixed(4)),
        el("td", { class: "num" }, fmt(m.lost))));
      const parts = [
        el("p", { id: "analysis-value", "data-exact": "true", "data-tuples": doc.tuples },
          `${fmt(doc.tuples)} tuple${doc.tuples === 1 ? "" : "s"} of distinct answers fit, ${doc.guesses_left} guesses ` +
          `left; ${left(doc)}. Best moves, exact: the guesses in all over the tuples (this one included) and per ` +
          "tuple; a tuple not solved within the limit counts as unsolved."),
        el("table", { id: "best-moves" }, el("thead", {}, el("tr", {}, el("th", { class: "num" }, "#"), el("th", {}, "move"),
          el("th", { class: "num" }, "guesses"), el("th", { class: "num" }, "per tuple"), el("th", { class: "num" }, "unsolved"))),
        el("tbody", {}, ...rows))];
      if (move && doc.move) {
        const loss = (doc.move.guesses - doc.moves[0].guesses) / doc.tuples;
        parts.push(el("p", { id: "move-value", "data-guesses": doc.move.guesses, "data-lost": doc.move.lost },
          `${move.toUpperCase()}: ${fmt(doc.move.guesses)} guesses in all, ${fmt(doc.move.lost)} unsolved, ` +
          (loss > 0 ? `${loss.toFixed(4)} more per tuple than the best.` : "a best move.")));
      }
      return parts;
    }
    function moved() {
      if (request) { request.abort(); request = null; }
      $("analysis-result").replaceChildren();
      say(over() ? "The game is over." : "The best moves here, exact when the tuples of answers left are few " +
        "(the word being typed is valued too); else the policy's move.");
    }
    return { ask, moved };
  })();

  // ---- start: the seed and the guesses from the address
  function start() {
    const query = new URLSearchParams(location.search).get("seed");
    let note = "";
    if (query !== null && /^[0-9]{1,20}$/.test(query) && BigInt(query) <= SEED_MAX) seed = BigInt(query);
    else {
      if (query !== null) note = `?seed= takes a whole number from 0 to ${SEED_MAX}; this game's seed is chosen at random.`;
      seed = randomSeed();
    }
    answers = answersFor(seed);
    let played = "";
    try { played = decodeURIComponent(location.hash.slice(1)); } catch (e) { note = "The address's guesses are not readable."; }
    for (const word of played.split(/[\s,]+/).filter(Boolean)) {
      const refusal = play(word.toLowerCase());
      if (refusal) { note = `The address's guess ${rules.repr(word)} was not played: ${refusal}.`; break; }
    }
    keep();
    $("message").textContent = note;
  }

  document.title = `${title(DATA.game)}: ${K} boards, ${LIMIT} guesses`;
  $("title").textContent = document.title;
  document.querySelector("main").classList.toggle("pair", K === 2);
  document.querySelector("main").classList.toggle("eight", K > 4);
  document.querySelector("main").classList.toggle("many", K > 8); // Sedecordle, Duotrigordle: 8 abreast, a phone 4
  document.documentElement.style.setProperty("--cols", String(K > 8 ? 8 : Math.min(K, 4)));
  $("games").replaceChildren(el("a", { href: "/" }, "Trees"), ...DATA.games.map((g) =>
    el("a", g === DATA.game ? { href: `/${g}`, "aria-current": "page" } : { href: `/${g}` }, title(g))));
  $("history-hint").replaceChildren("The game in the notation that ", el("code", {}, `wordle-next --game ${DATA.game}`),
    " and ", el("code", {}, `wordle-tree analyse --game ${DATA.game}`), " take: each guess, then one pattern per board " +
    "still open, in board order, joined by commas.");
  $("new-game").addEventListener("click", () => { location.href = `/${DATA.game}?seed=${randomSeed()}`; });
  $("copy-history").addEventListener("click", () => {
    const box = $("history-text"), said = (text) => { $("copy-note").textContent = text; };
    box.select();
    if (navigator.clipboard && window.isSecureContext)
      navigator.clipboard.writeText(box.value).then(() => said("Copied."), () => said("Copy the text above."));
    else said("Copy the text above.");
  });
  $("analyse-button").addEventListener("click", analysis.ask);
  buildKeyboard();
  start();
  $("game-name").textContent = `Game ${seed}`;
  $("game-name").title = "The address's ?seed= chooses the answers: the same seed, the same game.";
  analysis.moved();
  draw();
  window.boardsReadyMs = performance.now();
  document.body.dataset.ready = "true";
})();
