// The npm package under Node.js (node --test wasm/tests/node.mjs, after
// scripts/build-wasm): every game to its end, errors as exceptions with the
// crates' messages, save and restore, Go's SGF, the per-player views.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { initSync, TabletopGame, games, randomPlayouts } from "../pkg/tabletop.js";

const wasm = readFileSync(fileURLToPath(new URL("../pkg/tabletop_bg.wasm", import.meta.url)));
initSync({ module: wasm });

const NAMES = ["go", "o_an_quan", "hoop_race", "trap_stones", "tarokk_war"];

test("the catalogue lists every game with its presets and parameters", () => {
  const list = games();
  assert.deepEqual(list.map((g) => g.name), NAMES);
  for (const g of list) {
    assert.ok(g.presets.length >= 1, g.name);
    assert.ok(g.players >= 2, g.name);
    assert.ok(Array.isArray(g.params));
  }
  assert.ok(list[0].presets.includes("chinese"));
});

test("every game and preset plays to its end, the bot against a fixed player", () => {
  for (const g of games()) {
    for (const rules of g.presets) {
      const setup = g.name === "go" ? { size: 5 } : undefined;
      const game = new TabletopGame(g.name, { rules, seed: 7, setup });
      let turns = 0;
      while (!game.over) {
        const turn = game.currentPlayer;
        assert.notEqual(turn, "chance", `${g.name}/${rules}: the package resolves chance`);
        const legal = game.legal();
        assert.equal(legal.moves.length, legal.actions.length);
        assert.ok(legal.moves.length > 0);
        if (turn === 0) {
          game.botPlay({ playouts: 20, seed: turns });
        } else {
          // Alternate between notation and action ids.
          const k = turns % legal.moves.length;
          game.play(turns % 2 ? legal.moves[k] : legal.actions[k]);
        }
        turns += 1;
        assert.ok(turns < 5000, `${g.name}/${rules} does not end`);
      }
      const score = game.score();
      assert.equal(score.final, true);
      const outcome = game.outcome;
      assert.deepEqual(outcome.returns, score.returns);
      const best = Math.max(...score.returns);
      assert.deepEqual(outcome.winners, score.returns.flatMap((r, p) => (r === best ? [p] : [])));
      assert.ok(outcome.detail !== null && outcome.detail !== undefined, `${g.name}: no detail`);
      assert.equal(score.returns.length, g.players);
      game.free();
    }
  }
});

test("a refused move throws the rules' reason and changes nothing", () => {
  const game = new TabletopGame("go", { setup: { size: 9 } });
  assert.equal(game.outcome, null);
  game.play("E5");
  const before = game.save();
  assert.throws(() => game.play("E5"), (e) => e.name === "TabletopError" && e.kind === "illegal_move" && /occupied/i.test(e.message));
  assert.throws(() => game.play("Z99"), (e) => e.kind === "bad_move");
  assert.throws(() => game.play(-1), (e) => e.kind === "bad_move");
  assert.throws(() => game.play({}), (e) => e.kind === "bad_move");
  assert.throws(() => game.chance(), (e) => e.kind === "no_chance");
  assert.equal(game.save(), before);
  assert.throws(() => new TabletopGame("chess"), (e) => e.kind === "unknown_game");
  assert.throws(() => new TabletopGame("go", { rules: "no-such-rules" }), (e) => e.kind === "bad_rules");
  assert.throws(() => new TabletopGame("go", 5), (e) => e.kind === "bad_request");
  assert.throws(() => game.botMove({ level: "high" }), (e) => e.kind === "bad_request");
  assert.throws(() => game.view(9), (e) => e.kind === "bad_player");
  assert.throws(() => TabletopGame.restore("not a saved game"), (e) => e.kind === "bad_restore");
  const fresh = new TabletopGame("o_an_quan");
  assert.throws(() => fresh.undo(), (e) => e.kind === "nothing_to_undo");
  assert.throws(() => fresh.sgf(), (e) => e.kind === "bad_request");
});

test("save and restore, undo, and Go's SGF", () => {
  const game = new TabletopGame("go", { rules: "japanese", setup: { size: 9 } });
  for (const m of ["C3", "G7", "pass"]) game.play(m);
  const copy = TabletopGame.restore(game.save());
  assert.deepEqual(copy.state(), game.state());
  assert.deepEqual(copy.legal(), game.legal());
  assert.equal(game.undo().undone, "pass");
  assert.equal(game.legal().moves.length, copy.legal().moves.length + 0);
  const sgf = copy.sgf();
  assert.match(sgf, /^\(;GM\[1\]FF\[4\]/);
  assert.match(sgf, /SZ\[9\]/);
  assert.match(sgf, /RU\[Japanese\]/);
});

test("a player's view hides what that player may not see", () => {
  const game = new TabletopGame("tarokk_war", { seed: 3 });
  const whole = game.state();
  const view = game.view(0);
  const theirs = whole.players[1].hand;
  assert.ok(theirs.length > 0);
  const shown = JSON.stringify(view);
  for (const card of theirs) {
    assert.ok(!shown.includes(`"${card}"`), `player 0 sees the opponent's ${card}`);
  }
  const trap = new TabletopGame("trap_stones", { seed: 3 });
  trap.play(trap.legal().moves[3]); // side one's trap, d1
  assert.deepEqual(trap.events(1).at(-1), { trap: { side: 1 } }, "the opponent sees a secret placement without its cell");
  assert.deepEqual(trap.events(0).at(-1), { trap: { cell: "d1", side: 1 } });
  trap.play(trap.legal().moves[50]); // side two's
  const opponentTraps = trap.state().setup.traps[1];
  const mine = JSON.stringify(trap.view(0));
  assert.ok(opponentTraps.length > 0);
  for (const cell of opponentTraps) {
    assert.ok(!mine.includes(`"${cell}"`), `player 0 sees the opponent's trap ${cell}`);
  }
});

test("a time budget uses the page's clock", () => {
  const game = new TabletopGame("go", { setup: { size: 9 } });
  const t0 = performance.now();
  const found = game.botMove({ timeMs: 150, stopEarly: false });
  const spent = performance.now() - t0;
  assert.ok(found.playouts > 0);
  assert.ok(spent >= 140 && spent < 1500, `${spent} ms`);
  assert.ok(found.milliseconds >= 140, `${found.milliseconds} ms reported`);
});

test("the bot stops early only when the whole budget would choose the same", () => {
  const game = new TabletopGame("o_an_quan");
  const early = game.botMove({ playouts: 300, seed: 2 });
  const whole = game.botMove({ playouts: 300, seed: 2, stopEarly: false });
  assert.equal(whole.playouts, 300);
  assert.ok(early.playouts <= 300);
  assert.equal(early.action, whole.action);
  assert.throws(() => game.botMove({ stopEarly: 1 }), /stopEarly/);
});

test("random playouts count their actions, reproducibly", () => {
  const a = randomPlayouts("go(board_size=9)", 20, 1);
  assert.equal(a, randomPlayouts("go(board_size=9)", 20, 1));
  assert.ok(a > 20 * 50);
  assert.throws(() => randomPlayouts("chess", 1, 1), (e) => e.kind === "unknown_game");
});

test("no input crashes the module: random calls with random arguments", () => {
  // A Rust panic in WebAssembly is a RuntimeError ("unreachable") that leaves
  // the instance unusable; every bad input must be a TabletopError instead.
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const junk = () => pick([
    undefined, null, NaN, -1, 0, 1, 2 ** 32, 1.5, 1e300, -0, "", "pass", "A1L", "e3", "Z8", "trap a1",
    "A1+5", "!a1+b2", "lay PA", "random", "\u0000", "x".repeat(1000), {}, [], { level: 99 },
    { playouts: 0 }, { timeMs: 1 }, { stopEarly: "no" }, { stopEarly: false, playouts: 3 }, { level: -3 }, { seed: 2 ** 60 }, { rules: 7 }, { setup: { size: 0 } },
    { setup: { size: 30 } }, { setup: { handicap: 99 } }, { chance: "both" }, { rules: { preset: "common", players: 9 } },
    { rules: { ko: "spight" } }, 12n, Symbol.iterator, () => 1,
  ]);
  const names = ["go", "o_an_quan", "hoop_race", "trap_stones", "tarokk_war", "chess", "", "GO", "yut_nori"];
  const calls = [
    (g) => g.legal(), (g) => g.check(junk()), (g) => g.play(junk()), (g) => g.chance(junk()),
    (g) => g.view(junk()), (g) => g.events(junk()), (g) => g.score(), (g) => g.state(),
    (g) => g.botMove(junk()), (g) => g.undo(), (g) => g.save(), (g) => g.sgf(), (g) => g.outcome,
    (g) => g.currentPlayer, (g) => g.over, (g) => g.play(g.legal().moves[0] ?? "pass"),
    (g) => TabletopGame.restore(String(junk()), junk()),
  ];
  let refused = 0;
  let done = 0;
  for (let round = 0; round < 300; round += 1) {
    let game;
    try {
      game = new TabletopGame(pick(names), junk());
    } catch (e) {
      assert.equal(e.name, "TabletopError", `${e.name}: ${e.message}`);
      refused += 1;
      continue;
    }
    for (let k = 0; k < 20; k += 1) {
      try {
        pick(calls)(game);
        done += 1;
      } catch (e) {
        assert.equal(e.name, "TabletopError", `${e.name}: ${e.message}`);
        refused += 1;
      }
    }
    game.free();
  }
  // The module still works.
  const g = new TabletopGame("go", { setup: { size: 9 } });
  g.play("E5");
  // Both paths are exercised (with this seed: 275 calls done, 519 refused; most
  // junk options name fields no game takes, which the constructor refuses).
  assert.ok(done > 200 && refused > 100, `${done} done, ${refused} refused`);
});
