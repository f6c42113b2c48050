// Type-checks the package's TypeScript declarations against typical use
// (scripts/test runs `tsc --noEmit --strict` on it after scripts/build-wasm).
import init, { TabletopGame, games, randomPlayouts } from "../pkg/tabletop.js";
import type { Legal, Played, Score, View, GameSummary, BotMove } from "../pkg/tabletop.js";

export async function demo(): Promise<string> {
  await init();
  const list: GameSummary[] = games();
  const game = new TabletopGame(list[0].name, { rules: "chinese", setup: { size: 9 }, seed: 1 });
  const legal: Legal = game.legal();
  const played: Played = game.play(legal.moves[0]);
  const reply: Played = game.botPlay({ level: 1 });
  const hint: BotMove = game.botMove();
  const view: View = game.view(0);
  const score: Score = game.score();
  const turn = game.currentPlayer;
  const over: boolean = game.over;
  const again = TabletopGame.restore(game.save(), { seed: 2 });
  const steps: number = randomPlayouts("go(board_size=9)", 10, 1);
  try {
    game.play("Z99");
  } catch (e) {
    if (e instanceof Error && (e as Error & { kind?: string }).kind === "bad_move") {
      again.free();
    }
  }
  return `${played.events.length} ${reply.bot?.move} ${hint.move} ${view.player} ${score.final} ${turn} ${over} ${steps} ${game.sgf().length}`;
}
