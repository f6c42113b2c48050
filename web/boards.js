// How each game is drawn: an SVG board from a player's view (never the
// referee's state), with every element a move can start from carrying its key
// (`data-key`): a Go point, an Ô ăn quan square, a horse, a trap-stones cell, a
// card. `keyOf(move)` says which key a legal move belongs to; moves without one
// (pass, decline) become buttons.

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SEAT_CLASS = ["p0", "p1", "p2", "p3"];

/** A clickable group for `key`: highlighted and focusable when a legal move starts there. */
function target(key, ctx, inner, label = key) {
  const legal = ctx.legalKeys.has(key);
  const selected = ctx.selected === key;
  const cls = `${legal ? "legal" : ""} ${selected ? "selected" : ""}`.trim();
  const attrs = legal ? ` tabindex="0" role="button" aria-label="${esc(label)}"` : "";
  return `<g data-key="${esc(key)}" class="${cls}"${attrs}>${inner}</g>`;
}

function svg(width, height, body, title) {
  return `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(title)}" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
}

// ---------------------------------------------------------------- Go
function goPoints(view) {
  const lines = view.board;
  const letters = lines[0].trim().split(/\s+/);
  const rows = [];
  for (let r = 1; r <= view.height; r += 1) {
    const cells = lines[r].trim().split(/\s+/);
    rows.push({ number: Number(cells[0]), cells: cells.slice(1, 1 + view.width) });
  }
  return { letters, rows };
}

const go = {
  keyOf: (move) => (move === "pass" ? null : move),
  render(view, ctx) {
    const { letters, rows } = goPoints(view);
    const s = 32, m = 30, w = view.width, h = view.height;
    const W = 2 * m + (w - 1) * s, H = 2 * m + (h - 1) * s;
    const x = (c) => m + c * s, y = (r) => m + r * s;
    let body = `<rect width="${W}" height="${H}" fill="var(--wood)"/>`;
    for (let c = 0; c < w; c += 1) {
      body += `<line x1="${x(c)}" y1="${y(0)}" x2="${x(c)}" y2="${y(h - 1)}" stroke="#333"/>`;
      body += `<text class="label" x="${x(c)}" y="${m - 14}" text-anchor="middle">${letters[c]}</text>`;
    }
    for (let r = 0; r < h; r += 1) {
      body += `<line x1="${x(0)}" y1="${y(r)}" x2="${x(w - 1)}" y2="${y(r)}" stroke="#333"/>`;
      body += `<text class="label" x="${m - 22}" y="${y(r) + 4}">${rows[r].number}</text>`;
    }
    const last = view.last_move ? view.last_move.split(" ")[1] : null;
    rows.forEach((row, r) => {
      row.cells.forEach((cell, c) => {
        const key = `${letters[c]}${row.number}`;
        let inner = `<rect x="${x(c) - s / 2}" y="${y(r) - s / 2}" width="${s}" height="${s}" fill="transparent"/>`;
        if (cell === "+") inner += `<circle cx="${x(c)}" cy="${y(r)}" r="3" fill="#333"/>`;
        if (cell === "X" || cell === "O") {
          const black = cell === "X";
          inner += `<circle class="stone ${black ? "black" : "white"}" cx="${x(c)}" cy="${y(r)}" r="${s / 2 - 1.5}" fill="${black ? "#111" : "#fafafa"}" stroke="#111"/>`;
          if (key === last) inner += `<circle cx="${x(c)}" cy="${y(r)}" r="5" fill="none" stroke="${black ? "#fff" : "#111"}" stroke-width="2"/>`;
        } else if (ctx.legalKeys.has(key)) {
          inner += `<circle class="legal-mark" cx="${x(c)}" cy="${y(r)}" r="${s / 2 - 4}" opacity="0"/><circle class="hint" cx="${x(c)}" cy="${y(r)}" r="2.5"/>`;
        }
        body += target(key, ctx, inner);
      });
    });
    return svg(W, H, body, `Go board, ${w}×${h}`);
  },
  summary(view) {
    const p = view.prisoners;
    return `${view.to_move} to move · prisoners taken: black ${p.black}, white ${p.white}${view.ko ? ` · ko at ${view.ko}` : ""}`;
  },
};

// ---------------------------------------------------------------- Ô ăn quan
function ring(view) {
  const tokens = view.position.board.trim().split(/\s+/);
  const owners = view.position.owners;
  const quanNames = owners.filter((o, i) => i === 0 || owners[i - 1] !== o);
  const perOwner = {};
  let square = 0, quan = 0;
  return tokens.map((t) => {
    if (t.startsWith("(")) {
      const inner = t.slice(1, -1);
      const name = `Q${quanNames[quan++] ?? "?"}`;
      return { name, quan: inner.includes("Q"), stones: Number(inner.replace(/\D/g, "") || 0) };
    }
    const owner = owners[square++];
    perOwner[owner] = (perOwner[owner] ?? 0) + 1;
    return { name: `${owner}${perOwner[owner]}`, owner, stones: Number(t) };
  });
}

const oAnQuan = {
  keyOf: (move) => (move.match(/^([A-Z]\d+)[LR]$/) ?? [])[1] ?? null,
  render(view, ctx) {
    const cells = ring(view);
    const n = cells.length, W = 640, H = 340, cx = W / 2, cy = H / 2 - 10, rx = 260, ry = 120;
    let body = `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="#bbb" stroke-width="26"/>`;
    cells.forEach((c, i) => {
      const a = Math.PI + (2 * Math.PI * i) / n;
      const px = cx + rx * Math.cos(a), py = cy - ry * Math.sin(a);
      let inner;
      if (c.owner === undefined) {
        inner = `<ellipse cx="${px}" cy="${py}" rx="30" ry="38" fill="#fff" stroke="#333" stroke-width="2"/>`
          + (c.quan ? `<circle cx="${px}" cy="${py - 14}" r="10" fill="#333"/><text class="piece-text" x="${px}" y="${py - 14}">Q</text>` : "")
          + `<text class="count" x="${px}" y="${py + 10}">${c.stones}</text>`
          + `<text class="label" x="${px}" y="${py + 54}" text-anchor="middle">${c.name}</text>`;
      } else {
        const seat = c.owner.charCodeAt(0) - 65;
        inner = `<rect x="${px - 24}" y="${py - 24}" width="48" height="48" rx="6" fill="#fff" stroke="var(--${SEAT_CLASS[seat]})" stroke-width="4"/>`
          + `<rect class="legal-mark" x="${px - 29}" y="${py - 29}" width="58" height="58" rx="8" opacity="${ctx.legalKeys.has(c.name) ? 1 : 0}"/>`
          + `<text class="count" x="${px}" y="${py}">${c.stones}</text>`
          + `<text class="label" x="${px}" y="${py + 40}" text-anchor="middle">${c.name}</text>`;
      }
      body += target(c.name, ctx, inner, `square ${c.name}, ${c.stones} stones`);
    });
    const totals = Object.entries(view.totals ?? {}).map(([p, t]) => `${p}: ${t}`).join("   ");
    body += `<text x="${cx}" y="${cy + 6}" text-anchor="middle" font-size="18">${esc(totals)}</text>`;
    return svg(W, H, body, "Ô ăn quan ring");
  },
  summary(view) {
    const loans = view.loans?.length ? ` · loans: ${JSON.stringify(view.loans)}` : "";
    return `${view.to_move} to move (sow from one of your squares, L or R)${loans}`;
  },
};

// ---------------------------------------------------------------- hoop race
// The 29 stations on a 0..30 square, y upwards (as hoop_race draws them): the
// circle 0..19 from А (bottom right) anticlockwise, then the two diameters.
const STATION_NAMES = ["A", "1", "2", "3", "4", "B", "6", "7", "8", "9", "V", "11", "12", "13", "14", "D", "16", "17", "18", "19", "b1", "b2", "G", "d1", "d2", "v1", "v2", "a1", "a2"];
function stationXY(k) {
  if (k === 0) return [30, 0];
  if (k <= 5) return [30, 6 * k];
  if (k <= 10) return [30 - 6 * (k - 5), 30];
  if (k <= 15) return [0, 30 - 6 * (k - 10)];
  if (k <= 19) return [6 * (k - 15), 0];
  return [[25, 25], [20, 20], [15, 15], [10, 10], [5, 5], [5, 25], [10, 20], [20, 10], [25, 5]][k - 20];
}

const hoopRace = {
  keyOf: (move) => (move.match(/^([A-Z]\d+)[+-]/) ?? [])[1] ?? null,
  render(view, ctx) {
    const u = 14, m = 40, W = 30 * u + 2 * m, boardH = 30 * u + 2 * m;
    const X = (k) => m + stationXY(k)[0] * u, Y = (k) => m + (30 - stationXY(k)[1]) * u;
    let body = `<rect width="${W}" height="${boardH + 90}" fill="#f3ead7"/>`;
    body += `<rect x="${m}" y="${m}" width="${30 * u}" height="${30 * u}" fill="none" stroke="#8a6d3b" stroke-width="3"/>`;
    for (const path of [[5, 20, 21, 22, 23, 24, 15], [10, 25, 26, 22, 27, 28, 0]]) {
      body += `<polyline fill="none" stroke="#8a6d3b" stroke-width="3" points="${path.map((k) => `${X(k)},${Y(k)}`).join(" ")}"/>`;
    }
    STATION_NAMES.forEach((name, k) => {
      const big = /^[A-Z]$/.test(name);
      body += `<circle cx="${X(k)}" cy="${Y(k)}" r="${big ? 14 : 9}" fill="#fff" stroke="#8a6d3b" stroke-width="2"/>`;
      if (big) body += `<text class="label" x="${X(k)}" y="${Y(k) + (k === 0 || k === 15 ? 30 : -20)}" text-anchor="middle">${name}</text>`;
    });
    const at = {}, waiting = [], out = [];
    for (const [horse, place] of Object.entries(view.horses)) {
      if (place === "waiting") waiting.push(horse);
      else if (place === "out") out.push(horse);
      else (at[place.split(" ")[0]] ??= []).push(horse);
    }
    const piece = (horse, px, py) => {
      const seat = horse.charCodeAt(0) - 65;
      return target(horse, ctx,
        `<circle class="legal-mark" cx="${px}" cy="${py}" r="16" opacity="${ctx.legalKeys.has(horse) ? 1 : 0}"/>`
        + `<circle class="${SEAT_CLASS[seat]}" cx="${px}" cy="${py}" r="12" stroke="#000"/>`
        + `<text class="piece-text${seat === 1 ? " dark" : ""}" x="${px}" y="${py}">${horse}</text>`, `horse ${horse}`);
    };
    for (const [name, horses] of Object.entries(at)) {
      const k = STATION_NAMES.indexOf(name);
      horses.forEach((h, i) => { body += piece(h, X(k) + (i - (horses.length - 1) / 2) * 22, Y(k)); });
    }
    body += `<text class="label" x="${m}" y="${boardH + 6}">waiting:</text>`;
    waiting.forEach((h, i) => { body += piece(h, m + 80 + i * 30, boardH + 2); });
    body += `<text class="label" x="${m}" y="${boardH + 50}">out: ${esc(out.join(" ") || "none")}</text>`;
    return svg(W, boardH + 90, body, "Hoop race board, 29 stations");
  },
  summary(view) {
    const bank = view.bank.length ? `throws to use: ${view.bank.join(", ")}` : "no throws banked";
    return `${view.to_move} to move · ${bank}`;
  },
};

// ---------------------------------------------------------------- trap stones
const trapStones = {
  keyOf: (move) => (move.match(/[a-z]\d+/) ?? [])[0] ?? null,
  render(view, ctx) {
    // Before play (the draws, the traps) the view has no rules: the game's are used.
    const rules = view.rules ?? ctx.rules;
    const traps = view.traps ?? [0, 1].map((side) => (side === ctx.human ? view.own_traps ?? [] : null));
    const w = rules.width, h = rules.height, s = 40, m = 28;
    const W = 2 * m + w * s, H = 2 * m + h * s;
    const name = (c, r) => `${String.fromCharCode(97 + c)}${h - r}`;
    const has = (list, cell) => Array.isArray(list) && list.includes(cell);
    let body = `<rect width="${W}" height="${H}" fill="#eef0e6"/>`;
    for (let r = 0; r < h; r += 1) {
      body += `<text class="label" x="8" y="${m + r * s + s / 2 + 4}">${h - r}</text>`;
      for (let c = 0; c < w; c += 1) {
        if (r === 0) body += `<text class="label" x="${m + c * s + s / 2 - 3}" y="18">${String.fromCharCode(97 + c)}</text>`;
        const cell = name(c, r), x0 = m + c * s, y0 = m + r * s, cx = x0 + s / 2, cy = y0 + s / 2;
        let inner = `<rect x="${x0}" y="${y0}" width="${s}" height="${s}" fill="#fff" stroke="#999"/>`;
        inner += `<rect class="legal-mark" x="${x0 + 3}" y="${y0 + 3}" width="${s - 6}" height="${s - 6}" opacity="${ctx.legalKeys.has(cell) ? 1 : 0}"/>`;
        [0, 1].forEach((side) => {
          const dx = side === 0 ? -7 : 7, dy = side === 0 ? -7 : 7;
          if (has(view.scarecrows?.[side], cell)) {
            inner += `<rect class="scarecrow ${SEAT_CLASS[side]}" x="${cx + dx - 8}" y="${cy + dy - 8}" width="16" height="16" transform="rotate(45 ${cx + dx} ${cy + dy})" stroke="#000"/>`;
          } else if (has(view.stones?.[side], cell)) {
            inner += `<circle class="stone ${SEAT_CLASS[side]}" cx="${cx + dx}" cy="${cy + dy}" r="9" stroke="#000"/><text class="piece-text${side === 1 ? " dark" : ""}" x="${cx + dx}" y="${cy + dy}">${side + 1}</text>`;
          }
          if (has(traps[side], cell)) {
            inner += `<path class="trap trap-${side}" d="M ${cx - 12} ${cy + 13} L ${cx} ${cy - 13} L ${cx + 12} ${cy + 13} Z" fill="none" stroke="#a40000" stroke-width="2.5"/>`;
          }
        });
        body += target(cell, ctx, inner, `cell ${cell}`);
      }
    }
    return svg(W, H, body, `Trap stones board, ${w}×${h}`);
  },
  summary(view) {
    if (!view.rules) return view.phase === "traps" ? `your trap${view.own_traps?.length ? `: ${view.own_traps.join(" ")}` : ""} · the opponent has chosen ${view.opponent_traps_chosen}` : "drawing lots";
    const left = view.scarecrows_left ?? [];
    return `you are side ${view.side} (home ${view.homes?.[view.player] ?? "?"}) · scarecrows left: ${left.join(" / ")} · turn ${view.turns}`;
  },
};

// ---------------------------------------------------------------- tarokk war
const SUITS = { P: "♥ piros", T: "● tök", Z: "♠ zöld", M: "♣ makk" };
const tarokkWar = {
  keyOf: (move) => (move.match(/([PTZM][0-9XUOKA])$/) ?? [])[1] ?? null,
  render(view, ctx) {
    if (!view.hand) return svg(400, 60, `<text x="10" y="35">Dealing… (${view.dealing ?? 0} cards)</text>`, "dealing");
    const cw = 46, ch = 66, gap = 8, W = 640;
    let y = 10, body = "";
    const card = (code, x, yy, clickable = true) => {
      const inner = `<g class="card"><rect x="${x}" y="${yy}" width="${cw}" height="${ch}" rx="5"/>`
        + `<rect class="legal-mark" x="${x - 3}" y="${yy - 3}" width="${cw + 6}" height="${ch + 6}" rx="7" opacity="${ctx.legalKeys.has(code) ? 1 : 0}"/>`
        + `<text class="suit-${code[0]}" x="${x + cw / 2}" y="${yy + 22}">${code}</text>`
        + `<text class="label" x="${x + cw / 2}" y="${yy + 48}" text-anchor="middle">${SUITS[code[0]]?.split(" ")[0] ?? ""}</text></g>`;
      return clickable ? target(code, ctx, inner, `card ${code}`) : inner;
    };
    const back = (x, yy) => `<g class="card back"><rect x="${x}" y="${yy}" width="${cw}" height="${ch}" rx="5"/></g>`;
    const row = (title, codes, backs = 0) => {
      body += `<text class="label" x="10" y="${y + 12}">${esc(title)}</text>`;
      y += 18;
      let x = 10;
      for (const c of codes) { body += card(c, x, y); x += cw + gap; }
      for (let i = 0; i < backs; i += 1) { body += back(x, y); x += cw + gap; }
      if (!codes.length && !backs) body += `<text class="label" x="10" y="${y + 20}">—</text>`;
      y += ch + 12;
    };
    const me = view.player, them = 1 - me;
    row(`Opponent's hand (${view.opponent_hand})`, [], view.opponent_hand);
    row(`Opponent's soldiers (${view.opponent_soldiers}) and reserve (${view.opponent_reserve})`, [], view.opponent_soldiers + view.opponent_reserve);
    row("Opponent's holdings", view.holdings[them] ?? []);
    const table = [view.led ? `led ${view.led}` : null, view.front ? `front: ${view.front.location} (defended by ${view.front.defender})` : null,
      `pot ${view.pot}`, `soldier pile ${view.soldier_pile}`, `graveyard ${view.graveyard.length} up, ${view.graveyard_face_down} down`, `score ${view.score.join("–")}`]
      .filter(Boolean).join(" · ");
    body += `<text x="10" y="${y + 12}" font-size="14">${esc(table)}</text>`;
    y += 24;
    if (view.led) row("On the table", [view.led]);
    row("Your holdings", view.holdings[me] ?? []);
    row("Your soldiers", view.soldiers ?? []);
    if (view.reserve?.length) row("Your reserve", view.reserve);
    row("Your hand", view.hand);
    return svg(W, y, body, "Tarokk war table");
  },
  summary(view) {
    if (!view.hand) return "dealing";
    return `${view.phase_two ? "Phase II (battles)" : "Phase I (tricks)"} · hand ${view.hand_number} · awaiting ${JSON.stringify(view.awaiting)}`;
  },
};

export const GAMES = { go, o_an_quan: oAnQuan, hoop_race: hoopRace, trap_stones: trapStones, tarokk_war: tarokkWar };

/** One event as a line of text: its kind, then its fields. */
export function describe(event) {
  const flat = (v) => {
    if (v === null || v === undefined) return "–";
    if (Array.isArray(v)) return v.map(flat).join(" ");
    if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${k} ${flat(x)}`).join(", ");
    return String(v);
  };
  const [kind, value] = Object.entries(event)[0] ?? ["event", ""];
  return `${kind.replace(/_/g, " ")}: ${flat(value)}`;
}
