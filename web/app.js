// The page: one game at a time against the bot, drawn from the human seat's view
// only (`view(seat)`, `events(seat)`); the bot decides from its own view inside
// the package. Moves by clicking (legal ones highlighted), by buttons, or typed.
import init, { TabletopGame, games } from "./pkg/tabletop.js";
import { GAMES, describe } from "./boards.js";

const $ = (id) => document.getElementById(id);
const page = {
  game: null, name: "go", human: 0, level: 2, shownEvents: 0, selected: null, botTimer: null,
};
// For tests and the curious: the page's game, e.g. `tabletopPage.game.state()`.
window.tabletopPage = page;

function fail(e) {
  $("error").textContent = e?.message ? `${e.message}` : String(e);
}

function keyOf(move) {
  return GAMES[page.name].keyOf(move);
}

function humanToMove() {
  return page.game && page.game.currentPlayer === page.human;
}

function refresh() {
  const game = page.game;
  const render = GAMES[page.name];
  const view = game.view(page.human);
  const legal = humanToMove() ? game.legal().moves : [];
  const legalKeys = new Set(legal.map(keyOf).filter((k) => k !== null));
  if (page.selected && !legalKeys.has(page.selected)) page.selected = null;
  const ctx = { legalKeys, selected: page.selected, human: page.human, rules: game.info.rules };
  $("board").innerHTML = render.render(view, ctx);
  // Moves with no place on the board (pass, decline) and the chosen piece's moves.
  $("moves").replaceChildren(...legal.filter((m) => keyOf(m) === null).map((m) => moveButton(m)));
  const chosen = page.selected ? legal.filter((m) => keyOf(m) === page.selected) : [];
  $("choices").replaceChildren(...chosen.map((m) => moveButton(m)));
  $("legal-list").textContent = legal.join(" ") || "—";
  // Events as this seat saw them.
  const events = game.events(page.human);
  for (const e of events.slice(page.shownEvents)) {
    // Runs of the same line (a deal's 80 hidden cards) as one line with a count.
    const text = describe(e);
    const last = $("log").lastElementChild;
    if (last && last.dataset.text === text) {
      last.dataset.count = Number(last.dataset.count) + 1;
      last.textContent = `${text} ×${last.dataset.count}`;
    } else {
      const li = document.createElement("li");
      li.dataset.text = text;
      li.dataset.count = 1;
      li.textContent = text;
      $("log").append(li);
    }
  }
  page.shownEvents = events.length;
  $("log").scrollTop = $("log").scrollHeight;
  const over = game.over;
  $("sgf").hidden = page.name !== "go";
  if (over) {
    const score = game.score();
    const mine = score.returns[page.human];
    const verdict = mine > 0 ? "You win" : mine < 0 ? "The bot wins" : "A draw";
    $("result").textContent = `Game over — ${verdict} (scores ${score.scores.join(" – ")}${score.detail?.result ? `, ${score.detail.result}` : ""}).`;
    $("status").textContent = "Game over.";
  } else {
    $("result").textContent = "";
    const turn = game.currentPlayer;
    $("status").textContent = `${turn === page.human ? "Your move" : "The bot is thinking…"} · ${render.summary(view)}`;
  }
}

function moveButton(move) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = move;
  b.dataset.move = move;
  b.addEventListener("click", () => play(move));
  return b;
}

function play(move) {
  if (!humanToMove()) return;
  $("error").textContent = "";
  try {
    page.game.play(move);
  } catch (e) {
    fail(e);
    return;
  }
  page.selected = null;
  refresh();
  botTurn();
}

/** The bot plays every seat but the human's, a move at a time, letting the page draw between moves. */
function botTurn() {
  clearTimeout(page.botTimer);
  const game = page.game;
  if (game.over || game.currentPlayer === page.human) return;
  page.botTimer = setTimeout(() => {
    try {
      game.botPlay({ level: page.level, seed: game.events().length });
    } catch (e) {
      fail(e);
      return;
    }
    refresh();
    botTurn();
  }, 60);
}

function onBoardClick(event) {
  const el = event.target.closest("[data-key].legal");
  if (!el) return;
  const key = el.dataset.key;
  const moves = page.game.legal().moves.filter((m) => keyOf(m) === key);
  if (moves.length === 1) {
    play(moves[0]);
  } else {
    page.selected = key;
    refresh();
  }
}

function newGame(event) {
  event?.preventDefault();
  clearTimeout(page.botTimer);
  page.game?.free();
  page.name = $("game").value;
  page.human = Number($("seat").value);
  page.level = Number($("level").value);
  page.selected = null;
  page.shownEvents = 0;
  $("log").replaceChildren();
  $("error").textContent = "";
  // `?seed=N` in the address makes the page's games reproducible (tests, bug reports).
  const seed = new URLSearchParams(location.search).get("seed");
  const options = { rules: $("preset").value, seed: seed === null ? Math.floor(Math.random() * 2 ** 31) : Number(seed) };
  if (page.name === "go") options.setup = { size: Number($("size").value) };
  try {
    page.game = new TabletopGame(page.name, options);
  } catch (e) {
    fail(e);
    return;
  }
  refresh();
  botTurn();
}

function undo() {
  clearTimeout(page.botTimer);
  $("error").textContent = "";
  try {
    // Back to the human's last decision: the bot's replies are taken back too.
    do {
      page.game.undo();
    } while (page.game.currentPlayer !== page.human);
  } catch (e) {
    if (e.kind !== "nothing_to_undo") fail(e);
  }
  page.selected = null;
  refresh();
  botTurn();
}

function downloadSgf() {
  const blob = new Blob([page.game.sgf()], { type: "application/x-go-sgf" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "tabletop-go.sgf";
  a.click();
  URL.revokeObjectURL(a.href);
}

function fillPresets(catalogue) {
  const entry = catalogue.find((g) => g.name === $("game").value);
  $("preset").replaceChildren(...entry.presets.map((p) => new Option(p.replace(/_/g, " "), p)));
  $("size-label").hidden = entry.name !== "go";
}

async function main() {
  await init();
  const catalogue = games();
  $("game").replaceChildren(...catalogue.map((g) => new Option(g.long_name || g.name, g.name)));
  // `?game=…&rules=…&level=…&seat=…&size=…` choose the first game.
  const query = new URLSearchParams(location.search);
  const wanted = query.get("game");
  if (wanted && catalogue.some((g) => g.name === wanted)) $("game").value = wanted;
  fillPresets(catalogue);
  for (const field of ["rules", "level", "seat", "size"]) {
    const select = $(field === "rules" ? "preset" : field);
    const value = query.get(field);
    if (value !== null && [...select.options].some((o) => o.value === value)) select.value = value;
  }
  $("game").addEventListener("change", () => fillPresets(catalogue));
  $("setup").addEventListener("submit", newGame);
  $("board").addEventListener("click", onBoardClick);
  $("board").addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onBoardClick(e); }
  });
  $("typed").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("move-text").value.trim();
    if (text) { play(text); $("move-text").value = ""; }
  });
  $("undo").addEventListener("click", undo);
  $("sgf").addEventListener("click", downloadSgf);
  newGame();
}

main().catch(fail);
