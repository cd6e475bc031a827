// The runtime's rules (wordle_runtime: game.py, feedback.py, history.py, rules.py, tree.py) in the page:
// each game's feedback rule (Wordle of any length and alphabet, Mastermind), its history notations, the
// mode's legality check, candidate filtering and the off-tree choice, with the runtime's refusal texts
// word for word.  tests/test_page_rules.py compares the answers with wordle_runtime's over random
// histories, on and off every shipped tree and trees of the other games.
"use strict";
function makeRules(tree) {
  // tree: { game: { rule, length, alphabet, name, is_default }, mode, limits: { max_steps,
  //         off_tree_shortlist } (the runtime's), guessAt(node), childOf(node, code), solvesAt(node),
  //         answersBelow(node) (sorted), isAllowed(word) }
  const GAME = tree.game, L = GAME.length, MASTERMIND = GAME.rule === "mastermind", DEFAULT = GAME.is_default;
  const N_CODES = MASTERMIND ? (L + 1) ** 2 : 3 ** L, DONE = MASTERMIND ? L * (L + 1) : N_CODES - 1;
  const ALPHABET = Array.from(GAME.alphabet), IN_ALPHABET = new Set(ALPHABET), COLOURS = "byg";
  const MAX_STEPS = tree.limits.max_steps, OFF_TREE_SHORTLIST = tree.limits.off_tree_shortlist;
  const POWERS = Array.from({ length: L }, (_, i) => 3 ** i);
  const SYMBOLS = new Map([["b", 0], ["B", 0], ["0", 0], ["_", 0], [".", 0], ["-", 0], ["\u2b1b", 0], ["\u2b1c", 0],
    ["y", 1], ["Y", 1], ["1", 1], ["\u{1f7e8}", 1], ["g", 2], ["G", 2], ["2", 2], ["\u{1f7e9}", 2]]);
  const ACCEPTED = "g/y/b letters (any case), digits 2/1/0, '_' '.' '-' for gray, or 🟩 🟨 ⬛ ⬜";
  // Python's str.split() and str.strip() white space (str.isspace), which is not JavaScript's \s
  const SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  const SPLIT = new RegExp(`[${SPACE}]+`), STRIP = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
  const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
  // Mastermind's "2,1" score: a comma between two lone digits belongs to the score (history.py)
  const STEP_COMMA = /(?<!(?<![\p{L}\p{N}_])\p{Nd}),|,(?!\p{Nd}(?![\p{L}\p{N}_]))/gu;

  class HistoryError extends Error {}
  class NoAnswerError extends HistoryError {}

  function repr(text) { // Python's repr() of a str, as the runtime's messages quote words
    const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
    let out = quote;
    for (const ch of text) {
      const cp = ch.codePointAt(0);
      if (ch === quote || ch === "\\") out += "\\" + ch;
      else if (ch === "\t") out += "\\t";
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (cp >= 0x20 && cp < 0x7f) out += ch;
      else if (cp >= 0x80 && ch !== " " && !NOT_PRINTABLE.test(ch)) out += ch;
      else if (cp < 0x100) out += "\\x" + cp.toString(16).padStart(2, "0");
      else if (cp < 0x10000) out += "\\u" + cp.toString(16).padStart(4, "0");
      else out += "\\U" + cp.toString(16).padStart(8, "0");
    }
    return out + quote;
  }
  const ordinal = (n) => n + ((n % 100 >= 11 && n % 100 <= 13) ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th");
  const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
  const UPPER = new Set(ALPHABET.map((c) => c.toUpperCase()));
  const BMP = ALPHABET.every((c) => c.length === 1); // then a word's symbols are its UTF-16 units
  const chars = BMP ? (word) => word : (word) => Array.from(word);
  const count = (symbols, ch) => { let n = 0; for (let i = 0; i < symbols.length; i++) n += symbols[i] === ch; return n; };
  // Python orders strings by code point; JavaScript's < and sort() by UTF-16 unit, which differ only past U+FFFF
  const before = (a, b) => (BMP ? a < b : comparePoints(a, b) < 0);
  function comparePoints(a, b) {
    const x = Array.from(a), y = Array.from(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++)
      if (x[i] !== y[i]) return x[i].codePointAt(0) - y[i].codePointAt(0);
    return x.length - y.length;
  }
  const sorted = (list) => (BMP ? list.sort() : list.sort(comparePoints));

  // ---- feedback (game.py, feedback.py)
  function scoreCode(guess, answer) {
    const g = chars(guess), a = chars(answer);
    if (MASTERMIND) { // B * (P + 1) + W: blacks in place, whites the other colours in common
      let black = 0, common = 0;
      for (let i = 0; i < L; i++) black += g[i] === a[i];
      for (const ch of new Set(g)) common += Math.min(count(g, ch), count(a, ch));
      return black * (L + 1) + common - black;
    }
    let code = 0;
    const unused = [], pending = [];
    for (let i = 0; i < L; i++) {
      if (g[i] === a[i]) code += 2 * POWERS[i];
      else { unused.push(a[i]); pending.push(i); }
    }
    for (const i of pending) { // left to right, each yellow uses up one unused copy of its letter
      const k = unused.indexOf(g[i]);
      if (k >= 0) { unused.splice(k, 1); code += POWERS[i]; }
    }
    return code;
  }
  const digitsOf = (code) => POWERS.map((p) => Math.floor(code / p) % 3);
  function formatPattern(code) {
    if (MASTERMIND) return `B${Math.floor(code / (L + 1))}W${code % (L + 1)}`;
    return digitsOf(code).map((d) => COLOURS[d]).join("");
  }
  const codeOf = (digits) => digits.reduce((sum, d, i) => sum + d * POWERS[i], 0);
  function possibleCode(code) { // Mastermind: B + W <= P, and never P - 1 blacks with one white
    if (!(Number.isInteger(code) && code >= 0 && code < N_CODES)) return false;
    if (!MASTERMIND) return true;
    const black = Math.floor(code / (L + 1)), white = code % (L + 1);
    return black + white <= L && !(black === L - 1 && white === 1);
  }

  function parsePattern(text) { // the code, or throws an Error with the runtime's wording
    if (MASTERMIND) return parsePegs(text);
    const symbols = Array.from(text.replace(STRIP, "")).filter((ch) => ch !== "\ufe0f");
    if (symbols.length !== L || symbols.some((ch) => !SYMBOLS.has(ch)))
      throw new Error(`bad feedback pattern ${repr(text)}: expected ${L} of ${ACCEPTED}`);
    return codeOf(symbols.map((ch) => SYMBOLS.get(ch)));
  }
  function parsePegs(text) { // B2W1, 2,1 or 2A1B (game.py's _parse_pegs)
    const raw = text.replace(STRIP, "").toUpperCase().replace(/ /g, "");
    let black = "", white = "";
    if (raw.startsWith("B") && raw.includes("W")) {
      const cut = raw.indexOf("W", 1);
      [black, white] = [raw.slice(1, cut), raw.slice(cut + 1)];
    } else if (raw.split(",").length === 2) [black, white] = raw.split(",");
    else if (raw.endsWith("B") && raw.split("A").length === 2) [black, white] = raw.slice(0, -1).split("A");
    if (!(/^[0-9]+$/.test(black) && /^[0-9]+$/.test(white)))
      throw new Error(`bad feedback pattern ${repr(text)}: expected black and white pegs as B2W1, 2,1 or 2A1B`);
    const b = BigInt(black), w = BigInt(white), pegs = BigInt(L);
    if (b > pegs || w > pegs || !possibleCode(Number(b * (pegs + 1n) + w)))
      throw new Error(`bad feedback pattern ${repr(text)}: no guess of ${L} pegs scores ${b} black and ${w} white`);
    return Number(b) * (L + 1) + Number(w);
  }

  // ---- histories (history.py): every notation, one step per (word, pattern)
  const tooLong = () => new HistoryError(`the history has more than ${MAX_STEPS} steps; no game is that long`);
  const noPattern = (word, pairs) =>
    new HistoryError(`step ${pairs.length + 1}: guess ${repr(word)} has no feedback pattern after it`);

  function rawPairs(text) {
    const pairs = [];
    let pending = null;
    const spaced = MASTERMIND ? text.replace(STEP_COMMA, " ") : text.replace(/,/g, " ");
    for (const token of spaced.split(SPLIT).filter((t) => t !== "")) {
      if (pairs.length > MAX_STEPS) throw tooLong();
      const sep = [":", "="].find((s) => token.includes(s) && !IN_ALPHABET.has(s)); // Nerdle's "=" is a symbol
      if (sep === undefined) {
        if (pending === null) pending = token;
        else { pairs.push([pending, token]); pending = null; }
        continue;
      }
      const cut = token.indexOf(sep), word = token.slice(0, cut), pattern = token.slice(cut + 1);
      if (pending !== null && word) throw noPattern(pending, pairs);
      if (pending === null) pending = word;
      if (pattern) { pairs.push([pending, pattern]); pending = null; }
    }
    if (pending !== null) throw noPattern(pending, pairs);
    if (pairs.length > MAX_STEPS) throw tooLong();
    return pairs;
  }

  function normalised(text) { // game.py's normalise_word: NFC, each symbol lower case unless that is longer
    return Array.from(text.replace(STRIP, "").normalize("NFC"), (ch) => {
      const lower = ch.toLowerCase();
      return Array.from(lower).length === 1 ? lower : ch;
    }).join("");
  }
  function wordProblem(word) { // why word (normalised) is not a word of the game, or null
    const symbols = Array.from(word);
    if (symbols.length !== L) return `is not ${L} symbols long`;
    const strange = symbols.find((ch) => !IN_ALPHABET.has(ch));
    return strange === undefined ? null : `holds ${repr(strange)}, which is not in the game's alphabet`;
  }
  function checkedWord(text, step) {
    if (DEFAULT) { // five ASCII letters, any case
      const symbols = Array.from(text);
      if (symbols.length !== L || !symbols.every((c) => IN_ALPHABET.has(c) || UPPER.has(c)))
        throw new HistoryError(`step ${step}: ${repr(text)} is not a ${NUMBER_WORDS[L]}-letter word`);
      return text.toLowerCase();
    }
    const word = normalised(text), problem = wordProblem(word);
    if (problem) throw new HistoryError(`step ${step}: ${repr(text)} ${problem} (${GAME.name})`);
    return word;
  }
  function checkedCode(pattern, step) {
    if (typeof pattern === "number") {
      if (possibleCode(pattern)) return pattern;
      if (DEFAULT) throw new HistoryError(`step ${step}: pattern code ${pattern} is outside 0..${DONE}`);
      throw new HistoryError(`step ${step}: pattern code ${pattern} is not a score of ${GAME.name} (0..${N_CODES - 1})`);
    }
    try { return parsePattern(pattern); } catch (e) { throw new HistoryError(`step ${step}: ${e.message}`); }
  }

  function parseHistory(history) { // a string, or [word, pattern text or code] pairs
    const raw = typeof history === "string" ? rawPairs(history) : history.map((p) => [p[0], p[1]]);
    if (raw.length > MAX_STEPS) throw tooLong();
    const steps = [];
    raw.forEach(([word, pattern], k) => {
      const step = k + 1;
      if (steps.length && steps[steps.length - 1][1] === DONE)
        throw new HistoryError(`step ${step}: the game ended at step ${step - 1} ` +
          `(${steps[steps.length - 1][0]} ${formatPattern(DONE)}), so nothing may follow it`);
      steps.push([checkedWord(word, step), checkedCode(pattern, step)]);
    });
    return steps;
  }
  const formatHistory = (steps, sep = " ", join = " ") => steps.map(([w, c]) => w + sep + formatPattern(c)).join(join);

  // ---- what the game accepts (rules.py, Tree.guess_problem)
  function hardModeProblem(history, word) {
    const w = chars(word);
    for (const [guess, code] of history) {
      const need = new Map(), digits = digitsOf(code), g = chars(guess);
      for (let i = 0; i < L; i++) {
        if (digits[i] === 2 && w[i] !== g[i])
          return `the ${ordinal(i + 1)} letter must be ${repr(g[i])} (green in ${repr(guess)})`;
        if (digits[i]) need.set(g[i], (need.get(g[i]) || 0) + 1);
      }
      for (const [letter, times] of need) {
        if (count(w, letter) < times)
          return `it must contain ${repr(letter)}${times === 1 ? "" : ` ${times} times`} (shown in ${repr(guess)})`;
      }
    }
    return null;
  }
  function possibleModeProblem(history, word) {
    for (const [guess, code] of history)
      if (scoreCode(guess, word) !== code) return `it could not be the answer after ${repr(guess)}`;
    return null;
  }
  function guessProblem(history, word) { // why the game would refuse word after history, or null
    if (!tree.isAllowed(word)) return `${repr(word)} is not in this tree's guess list`;
    const problem = tree.mode === "hard" && !MASTERMIND ? hardModeProblem(history, word)
      : tree.mode === "possible" ? possibleModeProblem(history, word) : null;
    return problem ? `${repr(word)} is not allowed in ${tree.mode} mode: ${problem}` : null;
  }

  // ---- positions (tree.py)
  function patternIsPossible(guess, code) { // whether some string gives code for guess
    if (MASTERMIND) return possibleCode(code);
    const g = chars(guess), digits = digitsOf(code);
    const answer = digits.map((d, i) => (d === 2 ? g[i] : null));
    const free = digits.flatMap((d, i) => (d !== 2 ? [i] : []));
    const yellows = free.filter((i) => digits[i] === 1);
    const filler = ALPHABET.find((ch) => !Array.from(guess).includes(ch));
    const used = new Array(L).fill(false), slots = [];
    const place = (k) => { // each yellow letter at a distinct free position holding another letter
      if (k === yellows.length) {
        const trial = answer.slice();
        yellows.forEach((i, n) => { trial[slots[n]] = g[i]; });
        if (filler === undefined && trial.includes(null)) return false;
        return scoreCode(guess, trial.map((ch) => ch || filler).join("")) === code;
      }
      for (const j of free) {
        if (used[j] || g[j] === g[yellows[k]]) continue;
        used[j] = true; slots.push(j);
        const found = place(k + 1);
        used[j] = false; slots.pop();
        if (found) return true;
      }
      return false;
    };
    return place(0);
  }
  function noAnswerFits(guess, code, step) {
    if (!patternIsPossible(guess, code))
      return new NoAnswerError(`step ${step}: pattern ${formatPattern(code)} is impossible for ${repr(guess)} ` +
        "(Wordle marks repeated letters yellow left to right before gray)");
    return new NoAnswerError(`step ${step}: no answer fits the history (${guess} ${formatPattern(code)})`);
  }

  function chooseOffTree(candidates) { // the runtime's documented off-tree rule
    if (candidates.length <= 2) return sorted(candidates.slice())[0];
    let shortlist = sorted(candidates.slice());
    if (shortlist.length > OFF_TREE_SHORTLIST) {
      const freq = Array.from({ length: L }, () => new Map());
      for (const word of candidates) Array.from(word).forEach((ch, i) => { freq[i].set(ch, (freq[i].get(ch) || 0) + 1); });
      const score = new Map(shortlist.map((w) => [w, Array.from(w).reduce((s, ch, i) => s + freq[i].get(ch), 0)]));
      shortlist.sort((a, b) => score.get(b) - score.get(a) || (before(a, b) ? -1 : before(b, a) ? 1 : 0));
      shortlist = sorted(shortlist.slice(0, OFF_TREE_SHORTLIST));
    }
    let best = null, bestCost = Infinity;
    const counts = new Int32Array(N_CODES);
    for (const guess of shortlist) {
      counts.fill(0);
      for (const answer of candidates) counts[scoreCode(guess, answer)] += 1;
      let cost = 0;
      for (const c of counts) cost += c * c;
      if (cost < bestCost) { best = guess; bestCost = cost; }
    }
    return best;
  }

  // Where a history leads: { guess, candidates, onTree, solved, node (on the tree), steps }, or throws
  // HistoryError / NoAnswerError with the runtime's message.
  function position(history) {
    const steps = parseHistory(history);
    let node = 0, remaining = null;
    for (let k = 0; k < steps.length; k++) {
      const [guess, code] = steps[k], step = k + 1;
      if (remaining === null && tree.guessAt(node) === guess) {
        if (code === DONE) {
          if (!tree.solvesAt(node))
            throw new NoAnswerError(`step ${step}: ${repr(guess)} cannot be the answer here: no answer fits this history`);
          return { guess: null, candidates: [guess], onTree: true, solved: true, node, steps };
        }
        const child = tree.childOf(node, code);
        if (child === undefined) throw noAnswerFits(guess, code, step);
        node = child;
        continue;
      }
      const problem = guessProblem(steps.slice(0, k), guess);
      if (problem) throw new HistoryError(`step ${step}: ${problem}`);
      if (remaining === null) { remaining = tree.answersBelow(node); node = null; }
      remaining = remaining.filter((a) => scoreCode(guess, a) === code);
      if (!remaining.length) throw noAnswerFits(guess, code, step);
      if (code === DONE) return { guess: null, candidates: [guess], onTree: false, solved: true, node: null, steps };
    }
    if (remaining === null) return { guess: tree.guessAt(node), candidates: tree.answersBelow(node), onTree: true,
      solved: false, node, steps };
    return { guess: chooseOffTree(remaining), candidates: remaining, onTree: false, solved: false, node: null, steps };
  }

  return { L, DONE, MASTERMIND, HistoryError, NoAnswerError, repr, scoreCode, digitsOf, formatPattern, codeOf,
    parsePattern, parseHistory, formatHistory, guessProblem, chooseOffTree, position, chars, sorted, normalised };
}
