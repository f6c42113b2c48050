// The packed npm package installed as a user would (`npm install` of the .tgz
// that scripts/build-wasm packs), then used from Node.js: scripts/test runs it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initSync, TabletopGame } from "tabletop-games";
const require = createRequire(import.meta.url);
const wasm = readFileSync(require.resolve("tabletop-games/tabletop_bg.wasm"));
initSync({ module: wasm });
const g = new TabletopGame("go", { setup: { size: 9 } });
g.play("E5");
if (g.legal().moves.length !== 81) throw new Error(`81 moves (80 points and the pass) expected after E5, not ${g.legal().moves.length}`);
console.log("the installed package plays");
