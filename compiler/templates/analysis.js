// The exact analysis panel.  Served by `wordle-tree serve` (DATA.server is set), it asks the server's
// /api/analyse and /api/review, which answer what `wordle-tree analyse [--review] --json` prints; opened
// as a file, it says what it cannot do and why.
function makeAnalysis(page) {
  "use strict";
  const { DATA, rules, el, mini, fmt, oneLine } = page;
  const $ = (id) => document.getElementById(id);
  const served = DATA.server && location.protocol !== "file:";
  const MOVES_SHOWN = 8; // a position can have thousands of moves tied with the best few
  let shownFor = null, request = null;

  const historyText = (steps) => rules.formatHistory(steps, ":", ",");
  const say = (text, error) => { $("analysis-status").className = error ? "hint error" : "hint"; $("analysis-status").textContent = text; };
  const avg = (x) => x.toFixed(4);

  async function ask(endpoint, params) { // the server's JSON, or throws an Error with its message
    if (request) request.abort();
    request = new AbortController();
    const query = new URLSearchParams({ tree: DATA.server.tree, ...params });
    let reply, doc;
    try {
      reply = await fetch(`/api/${endpoint}?${query}`, { signal: request.signal, headers: { Accept: "application/json" } });
      doc = await reply.json();
    } catch (e) {
      if (e.name === "AbortError") throw e;
      throw new Error("the server did not answer (is wordle-tree serve still running?)");
    }
    if (doc.error) throw new Error(doc.error);
    return doc;
  }

  function unit(doc) { return doc.weights ? "expected guesses under the tree's weights" : "guesses on average"; }

  function valueText(doc) { // the position's value; with one answer left, that answer is the move
    const only = doc.answers_left === 1 && doc.moves.length === 1 && doc.moves[0].possible;
    if (only) return `1 answer left: ${doc.moves[0].word.toUpperCase()}. Playing it is proved best: solved in 1 more guess.`;
    return `${fmt(doc.answers_left)} answer${doc.answers_left === 1 ? "" : "s"} left; best play: ${avg(doc.best_average)} ` +
      `${unit(doc)} from here (this guess included)${doc.from_table ? ", from the proved opening ranking" : ""}.`;
  }

  function othersLine(doc) { // one or two answers left: the guesses that cannot be the answer, summed up, not listed
    const o = doc.other_guesses, n = o.moves;
    return el("p", { id: "other-guesses", class: "hint", "data-moves": n, "data-total": o.total, "data-average": o.average },
      `The other ${fmt(n)} guess${n === 1 ? "" : "es"} cannot be the answer: ` +
      `${doc.answers_left === 1 ? "each needs" : "the best of them needs"} ${avg(o.average)} ${unit(doc)}.`);
  }

  async function analyse() {
    const { steps, at, entry } = page.state();
    if (at.solved) return review();
    const params = { history: historyText(steps), top: "5" };
    const move = entry && !rules.guessProblem(steps, entry) ? entry : null;
    if (move) params.move = move;
    say("Searching exactly…");
    $("analysis-result").replaceChildren();
    let doc;
    try { doc = await ask("analyse", params); } catch (e) { if (e.name !== "AbortError") say(oneLine(e.message), true); return; }
    const shown = doc.moves.slice(0, MOVES_SHOWN), more = doc.moves.length - shown.length;
    const rows = shown.map((m, k) => el("tr", { "data-word": m.word, "data-total": m.total, "data-average": m.average },
      el("td", { class: "num" }, String(k + 1)), el("td", {}, m.word.toUpperCase() + (m.possible ? " *" : "")),
      el("td", { class: "num" }, fmt(m.total)), el("td", { class: "num" }, avg(m.average))));
    const parts = [
      el("p", { id: "analysis-value", "data-best-total": doc.best_total, "data-best-average": doc.best_average },
        valueText(doc)),
      el("div", { class: "scroll" }, el("table", { id: "best-moves" },
        el("thead", {}, el("tr", {}, el("th", { class: "num" }, "#"), el("th", {}, "move (* may be the answer)"),
          el("th", { class: "num" }, doc.weights ? "weighted total" : "total"), el("th", { class: "num" }, "average"))),
        el("tbody", {}, ...rows)))];
    if (more) parts.push(el("p", { class: "hint" }, `… and ${fmt(more)} more move${more === 1 ? "" : "s"} tied with the last.`));
    if (doc.other_guesses) parts.push(othersLine(doc));
    if (doc.move) {
      parts.push(el("p", { id: "move-value", "data-loss": doc.move.loss, "data-average": doc.move.average },
        `${doc.move.word.toUpperCase()}: ${avg(doc.move.average)} ${unit(doc)}, ` +
        (doc.move.loss > 0 ? `loses ${doc.move.loss.toFixed(4)} guesses against the best.` : "a best move.")));
    }
    $("analysis-result").replaceChildren(...parts);
    say(`Exact (${doc.seconds.toFixed(2)} s on the server).`);
  }

  async function review() {
    const { steps, at } = page.state();
    if (!at.solved) { say("The review needs a finished game: play on to the answer.", true); return; }
    say("Reviewing every move exactly…");
    $("review-result").replaceChildren();
    let doc;
    try { doc = await ask("review", { history: historyText(steps) }); }
    catch (e) { if (e.name !== "AbortError") say(oneLine(e.message), true); return; }
    const rows = doc.review.map((r) => el("tr", { "data-step": r.step, "data-word": r.word, "data-best": r.best_move,
      "data-loss": r.loss, "data-luck": r.luck, "data-best-total": r.best_total, "data-move-total": r.move_total },
      el("td", { class: "num" }, String(r.step)), el("td", {}, mini(r.word, rules.parsePattern(r.pattern))),
      el("td", {}, r.loss <= 0 ? "✓" : r.best_move.toUpperCase()),
      el("td", { class: "num" }, r.loss.toFixed(3)), el("td", { class: "num" }, (r.luck >= 0 ? "+" : "") + r.luck.toFixed(2))));
    const loss = doc.review.reduce((s, r) => s + r.loss, 0), luck = doc.review.reduce((s, r) => s + r.luck, 0);
    $("review-result").replaceChildren(
      el("p", { id: "review-summary", "data-loss": loss, "data-luck": luck },
        `Skill: ${loss.toFixed(3)} guesses lost against the best play; luck ${(luck >= 0 ? "+" : "") + luck.toFixed(2)} ` +
        `(positive: lucky)${doc.review.length && doc.review[0].weight_before !== doc.review[0].answers_before
          ? ", in expected guesses under the tree's weights" : ""}.`),
      el("div", { class: "scroll" }, el("table", { id: "review-table" },
        el("thead", {}, el("tr", {}, el("th", { class: "num" }, "#"), el("th", {}, "played"), el("th", {}, "best (✓: yours)"),
          el("th", { class: "num" }, "lost"), el("th", { class: "num" }, "luck"))),
        el("tbody", {}, ...rows))));
    say(`Exact review (${doc.seconds.toFixed(2)} s on the server): "lost" is the expected guesses the move gave away.`);
  }

  function moved() { // the position changed: earlier results no longer apply
    const { steps, at } = page.state();
    const key = historyText(steps);
    if (!served || key === shownFor) return;
    shownFor = key;
    if (request) { request.abort(); request = null; }
    $("analysis-result").replaceChildren();
    $("review-result").replaceChildren();
    $("review-button").disabled = !at.solved;
    say(at.solved ? "" : "The exact value of this position and of your guess, from the engine.");
    if (at.solved) review();
  }

  if (!served) {
    $("analysis-buttons").style.display = "none";
    $("analysis-status").replaceChildren("Exact values and game reviews need the engine: run ",
      el("code", {}, "wordle-tree serve"), " and open the address it prints. This page was opened as a file, " +
      "so it cannot reach it; everything else works here.");
  } else {
    $("analyse-button").addEventListener("click", analyse);
    $("review-button").addEventListener("click", review);
    const picker = $("tree-picker");
    for (const t of DATA.server.trees) picker.append(el("option", { value: t.name }, t.name));
    picker.value = DATA.server.tree;
    picker.hidden = DATA.server.trees.length < 2;
    picker.addEventListener("change", () => { location.href = `/tree/${encodeURIComponent(picker.value)}`; });
    const title = (g) => g.charAt(0).toUpperCase() + g.slice(1);
    if ((DATA.server.games || []).length) // the multi-board pages the server serves
      picker.after(el("nav", { id: "board-games", class: "hint" }, "Several boards:",
        ...DATA.server.games.flatMap((g) => [" ", el("a", { href: `/${g}` }, title(g))])));
  }
  return { moved, analyse, review };
}
