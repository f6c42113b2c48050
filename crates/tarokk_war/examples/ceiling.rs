//! The best win rate any player can have against the uniform random player, who
//! plays every legal move with equal chance — the ceiling of the bot's matches
//! against random play (`docs/bots.md`), computed exactly.
//!
//! ```text
//! cargo run --release -p tarokk_war --example ceiling -- [PRESET] [CHECK_GAMES] [SEED]
//! ```
//!
//! Why it can be computed: phase I gives each player a uniformly random set of the
//! 19 soldiers whatever is played — the pile's order is hidden from both, so
//! drawing first or second changes nothing — and only its size is decided by play:
//! ten soldiers for the winner of the tenth hand (which draws one), nine for the
//! other. Whoever drew the tök VIII defends first, holding four locations against
//! three. In phase II every soldier is drawn, so each player knows the other's by
//! elimination, and the only thing hidden is the defender's face-down soldier,
//! which the random player draws uniformly from its own. Since only strength
//! decides a battle and locations are worth one point each (the numeral option
//! never changes the winner, W10), phase II's state is the soldiers of each
//! strength tier on each side, who defends and how many locations each holds: the
//! best reply to random play is an exact expectimax over those states. The hand is
//! a small game too. So:
//!
//! ceiling = p · C(10) + (1 − p) · C(9),
//!
//! where p is the best chance of winning the tenth hand and C(k) the mean, over all
//! sets of k of the 19 soldiers, of phase II's best value. The program also checks
//! its model against the engine: over CHECK_GAMES random deals played to phase II,
//! the model's values for random play and for its own best play must match what
//! the engine's games give when played so.

use std::collections::HashMap;

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tarokk_war::{
    Awaiting, Card, Game, HAND_CARDS, Move, Player, Rules, SOLDIERS, TOK_VIII, ZOLD_VIII,
};

fn main() {
    let mut args = std::env::args().skip(1);
    let preset = args.next().unwrap_or_else(|| "source".into());
    let check_games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let rules = Rules::preset(&preset).unwrap_or_else(|e| {
        eprintln!("ceiling: {e}");
        std::process::exit(2)
    });
    let mut phase2 = PhaseTwo::new(&rules);
    let hand = best_hand_chance();
    let c9 = phase2.mean_over(9, Policy::Best);
    let c10 = phase2.mean_over(10, Policy::Best);
    let ceiling = hand * c10 + (1.0 - hand) * c9;
    println!("tarokk_war, preset {preset}: the best play against the uniform random player");
    println!(
        "  p, winning the tenth hand (ten soldiers):        {:.4}",
        hand
    );
    println!(
        "  C(10), phase II from ten of the 19 soldiers:     {:.4}",
        c10
    );
    println!(
        "  C(9), phase II from nine:                        {:.4}",
        c9
    );
    println!(
        "  ceiling, the best win rate against random play:  {:.4} ({:.2} %)",
        ceiling,
        100.0 * ceiling
    );
    println!(
        "  random against random, phase II from ten / nine: {:.4} / {:.4}",
        phase2.mean_over(10, Policy::Random),
        phase2.mean_over(9, Policy::Random)
    );
    if check_games > 0 {
        check_against_engine(&rules, &mut phase2, check_games, seed, ceiling);
    }
}

/// Plays `games` random deals in the engine — phase I with player one random or,
/// in every other game, by the hand model's best card; phase II twice, both
/// players random and player one by the model's best policy — and compares the
/// hands and games player one won with the models' chances.
fn check_against_engine(rules: &Rules, phase2: &mut PhaseTwo, games: u64, seed: u64, ceiling: f64) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let (mut model_random, mut model_best) = (0.0, 0.0);
    let (mut wins_random, mut wins_best) = (0u64, 0u64);
    // Phase I hands, [random, best]: the model's chances summed, hands, hands won.
    let (mut hand_model, mut hands, mut hands_won) = ([0.0; 2], [0u64; 2], [0u64; 2]);
    // Games won by player one playing best in both phases (the even ones).
    let mut whole_games_won = 0u64;
    for game in 0..games {
        let mut g = Game::random(*rules, &mut rng).expect("a preset's rules are valid");
        // Player one plays phase I by the hand model's best card in every other game.
        let hand_policy = if game % 2 == 0 {
            Policy::Best
        } else {
            Policy::Random
        };
        while !g.in_phase_two() {
            if g.led().is_none()
                && g.hand(Player::One).count() == 3
                && g.hand(Player::Two).count() == 3
            {
                let k = usize::from(hand_policy == Policy::Best);
                hand_model[k] += Hand::of(&g, Player::One).chance(hand_policy);
                hands[k] += 1;
            }
            let mv = if hand_policy == Policy::Best && g.to_move() == Player::One {
                Move::Play(Hand::of(&g, Player::One).best_card())
            } else {
                g.random_move(&mut rng).expect("phase I has moves")
            };
            let report = g.play(mv).expect("the move is legal");
            if let Some(won) = report.hand {
                let k = usize::from(hand_policy == Policy::Best);
                hands_won[k] += u64::from(won.winner == Player::One);
            }
        }
        let start = phase2.state_of(&g, Player::One);
        model_random += phase2.value(&start, Policy::Random);
        model_best += phase2.value(&start, Policy::Best);
        let mut random_game = g.clone();
        while !random_game.is_over() {
            let mv = random_game.random_move(&mut rng).expect("a move");
            random_game.play(mv).expect("legal");
        }
        wins_random += u64::from(winner(&random_game) == Some(Player::One));
        while !g.is_over() {
            let mv = match g.awaiting() {
                Awaiting::Defend(Player::One) | Awaiting::Attack(Player::One) => {
                    phase2.best_move(&g, Player::One)
                }
                _ => g.random_move(&mut rng).expect("a move"),
            };
            g.play(mv).expect("legal");
        }
        let won = u64::from(winner(&g) == Some(Player::One));
        wins_best += won;
        if hand_policy == Policy::Best {
            whole_games_won += won;
        }
    }
    let row = |name: &str, model: f64, wins: u64, n: u64| {
        let n = n as f64;
        let rate = wins as f64 / n;
        let se = (rate * (1.0 - rate) / n).sqrt();
        println!(
            "  {name}: model {:.4}, engine {:.4} ± {:.4} (2 s.e.): {}",
            model / n,
            rate,
            2.0 * se,
            if (model / n - rate).abs() <= 3.0 * se {
                "agree"
            } else {
                "DISAGREE"
            }
        );
    };
    println!("check over {games} random deals played to phase II in the engine (seed {seed}):");
    row(
        "phase II, random against random",
        model_random,
        wins_random,
        games,
    );
    row(
        "phase II, best against random  ",
        model_best,
        wins_best,
        games,
    );
    row(
        "a hand, random against random  ",
        hand_model[0],
        hands_won[0],
        hands[0],
    );
    row(
        "a hand, best against random    ",
        hand_model[1],
        hands_won[1],
        hands[1],
    );
    let best_games = games.div_ceil(2);
    row(
        "the game, best against random  ",
        ceiling * best_games as f64,
        whole_games_won,
        best_games,
    );
}

fn winner(g: &Game) -> Option<Player> {
    g.outcome().and_then(|o| o.winner())
}

/// How the player whose chance is computed plays; the other is always random.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Policy {
    /// The move of the highest chance.
    Best,
    /// Uniform among the legal moves, as the opponent.
    Random,
}

/// Phase II as counts: soldiers per strength tier on each side, who defends and
/// how many of the seven locations "mine" (the player whose chance it is) holds.
#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    mine: Vec<u8>,
    theirs: Vec<u8>,
    i_defend: bool,
    my_locations: u8,
}

const LOCATIONS: u8 = 7;

struct PhaseTwo {
    /// The strength tier (0 weakest) of each card index, for soldiers.
    tier: HashMap<Card, usize>,
    /// Soldiers per tier in the whole pile (the tök VIII excluded).
    pile: Vec<u8>,
    memo: HashMap<(State, Policy), f64>,
}

impl PhaseTwo {
    fn new(rules: &Rules) -> PhaseTwo {
        let mut tier = HashMap::new();
        for (t, cards) in rules.strength_tiers().iter().enumerate() {
            for &c in cards {
                tier.insert(c, t);
            }
        }
        let tiers = rules.strength_tiers().len();
        let mut pile = vec![0u8; tiers];
        for c in SOLDIERS.iter().filter(|&&c| c != TOK_VIII) {
            pile[tier[c]] += 1;
        }
        PhaseTwo {
            tier,
            pile,
            memo: HashMap::new(),
        }
    }

    fn counts(&self, cards: impl Iterator<Item = Card>) -> Vec<u8> {
        let mut v = vec![0u8; self.pile.len()];
        for c in cards {
            v[self.tier[&c]] += 1;
        }
        v
    }

    /// The model's state of a game in phase II, before a defender has laid, for
    /// `me`.
    fn state_of(&self, g: &Game, me: Player) -> State {
        let holds = |p: Player| {
            (g.reserve(p).count()
                + g.holdings(p).count()
                + usize::from(g.front().is_some_and(|(_, d)| d == p))) as u8
        };
        State {
            mine: self.counts(g.soldiers(me)),
            theirs: self.counts(g.soldiers(me.other())),
            i_defend: g.awaiting() == Awaiting::Defend(me),
            my_locations: holds(me),
        }
    }

    /// The model's best move for `me` in the engine's game.
    fn best_move(&mut self, g: &Game, me: Player) -> Move {
        let mut s = self.state_of(g, me);
        if let Awaiting::Attack(_) = g.awaiting() {
            // The defender's soldier is already out of its hand: put it back, as
            // the attacker does not know which it is.
            let laid = g.face_down().expect("a defender has laid");
            s.theirs[self.tier[&laid]] += 1;
            s.i_defend = false;
        }
        let t = self.best_tier(&s);
        let card = g
            .soldiers(me)
            .find(|c| self.tier[c] == t)
            .expect("the tier is one of my soldiers'");
        if s.i_defend {
            Move::Defend(card)
        } else {
            Move::Attack(card)
        }
    }

    /// The chance that "mine" wins from `s`, playing by `policy` against random
    /// play.
    fn value(&mut self, s: &State, policy: Policy) -> f64 {
        let (att, def) = if s.i_defend {
            (&s.theirs, &s.mine)
        } else {
            (&s.mine, &s.theirs)
        };
        if att.iter().all(|&n| n == 0) {
            // The attacker is out of soldiers: phase II ends, on points (W10).
            return match (2 * s.my_locations).cmp(&LOCATIONS) {
                core::cmp::Ordering::Greater => 1.0,
                core::cmp::Ordering::Less => 0.0,
                core::cmp::Ordering::Equal => 0.5,
            };
        }
        if let Some(v) = self.memo.get(&(s.clone(), policy)) {
            return *v;
        }
        let v = if def.iter().all(|&n| n == 0) {
            // Unopposed (W10): any of the attacker's soldiers takes the front.
            let a = att
                .iter()
                .position(|&n| n > 0)
                .expect("the attacker has one");
            self.after_battle(s, a, None, policy)
        } else {
            let choices = self.choices(s, policy);
            match policy {
                Policy::Best => choices.iter().map(|x| x.1).fold(0.0, f64::max),
                Policy::Random => choices.iter().map(|&(m, v)| share(&s.mine, m) * v).sum(),
            }
        };
        self.memo.insert((s.clone(), policy), v);
        v
    }

    /// The tier "mine" should play from `s` (a battle with both sides armed).
    fn best_tier(&mut self, s: &State) -> usize {
        let choices = self.choices(s, Policy::Best);
        choices
            .iter()
            .fold(
                (usize::MAX, -1.0),
                |best, &(t, v)| if v > best.1 { (t, v) } else { best },
            )
            .0
    }

    /// Each tier "mine" can play in a battle with both sides armed, and the value
    /// of playing it. Mine choose first when defending, and without seeing the
    /// other's choice when attacking: either way a choice of mine faces the
    /// other's uniform draw.
    fn choices(&mut self, s: &State, policy: Policy) -> Vec<(usize, f64)> {
        let mut out = Vec::new();
        for m in options(&s.mine) {
            let mut sum = 0.0;
            for o in options(&s.theirs) {
                let (a, d) = if s.i_defend { (o, m) } else { (m, o) };
                sum += share(&s.theirs, o) * self.after_battle(s, a, Some(d), policy);
            }
            out.push((m, sum));
        }
        out
    }

    /// The value after the attacker's tier `a` met the defender's `d` (or took the
    /// front unopposed, `None`): both soldiers gone, the front to the winner, the
    /// loser defends next or is conquered (W7, W9).
    fn after_battle(&mut self, s: &State, a: usize, d: Option<usize>, policy: Policy) -> f64 {
        let mut next = s.clone();
        let (att, def) = if s.i_defend {
            (&mut next.theirs, &mut next.mine)
        } else {
            (&mut next.mine, &mut next.theirs)
        };
        att[a] -= 1;
        if let Some(d) = d {
            def[d] -= 1;
        }
        let attacker_wins = d.is_none_or(|d| a > d);
        if attacker_wins {
            if s.i_defend {
                next.my_locations -= 1;
            } else {
                next.my_locations += 1;
            }
        }
        // The loser defends next.
        let i_lost = attacker_wins == s.i_defend;
        let loser_holds = if i_lost {
            next.my_locations
        } else {
            LOCATIONS - next.my_locations
        };
        if loser_holds == 0 {
            return if i_lost { 0.0 } else { 1.0 };
        }
        next.i_defend = i_lost;
        self.value(&next, policy)
    }

    /// The mean over every set of `k` of the 19 soldiers (each equally likely) of
    /// phase II's value for its holder, playing by `policy`.
    fn mean_over(&mut self, k: u8, policy: Policy) -> f64 {
        let tiers = self.pile.len();
        let mut total = 0.0;
        let mut weight = 0.0;
        // Every way to take c[t] soldiers of each tier, with or without the tök VIII.
        let mut c = vec![0u8; tiers];
        loop {
            let taken: u8 = c.iter().sum();
            for tok in [false, true] {
                if taken + u8::from(tok) != k {
                    continue;
                }
                let ways: f64 = (0..tiers).map(|t| binomial(self.pile[t], c[t])).product();
                let theirs: Vec<u8> = (0..tiers).map(|t| self.pile[t] - c[t]).collect();
                let s = State {
                    mine: c.clone(),
                    theirs,
                    i_defend: tok,
                    my_locations: if tok { 4 } else { 3 },
                };
                total += ways * self.value(&s, policy);
                weight += ways;
            }
            // The next vector of counts.
            let mut t = 0;
            loop {
                if t == tiers {
                    return total / weight;
                }
                if c[t] < self.pile[t] {
                    c[t] += 1;
                    break;
                }
                c[t] = 0;
                t += 1;
            }
        }
    }
}

/// The tiers with a soldier on `side`.
fn options(side: &[u8]) -> impl Iterator<Item = usize> + '_ {
    (0..side.len()).filter(|&t| side[t] > 0)
}

/// The chance that a uniform draw from `side` is of tier `t`.
fn share(side: &[u8], t: usize) -> f64 {
    f64::from(side[t]) / f64::from(side.iter().map(|&n| u32::from(n)).sum::<u32>())
}

fn binomial(n: u8, k: u8) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

/// The best chance of winning a phase I hand against random play, over the 20
/// equally likely deals and both dealers (the tenth hand's dealer is whoever did
/// not deal the first, drawn at random).
fn best_hand_chance() -> f64 {
    let cards: Vec<Card> = HAND_CARDS.to_vec();
    let mut total = 0.0;
    let mut deals = 0.0;
    for mask in 0u32..64 {
        if mask.count_ones() != 3 {
            continue;
        }
        let mine: Vec<Card> = (0..6)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| cards[i])
            .collect();
        let theirs: Vec<Card> = (0..6)
            .filter(|i| mask & (1 << i) == 0)
            .map(|i| cards[i])
            .collect();
        for i_deal in [false, true] {
            let hand = Hand {
                mine: mine.clone(),
                theirs: theirs.clone(),
                taken: [0, 0],
                pot: 0,
                led: None,
                my_turn: i_deal,
                i_lead: i_deal,
            };
            total += hand.chance(Policy::Best);
            deals += 1.0;
        }
    }
    total / deals
}

/// A phase I hand from "mine"'s side (W3, W4).
#[derive(Clone)]
struct Hand {
    mine: Vec<Card>,
    theirs: Vec<Card>,
    /// Cards taken by mine and theirs.
    taken: [u8; 2],
    pot: u8,
    led: Option<Card>,
    my_turn: bool,
    i_lead: bool,
}

impl Hand {
    /// The hand as the engine's game has it, from `me`'s side.
    fn of(g: &Game, me: Player) -> Hand {
        let to_move = g.to_move();
        Hand {
            mine: g.hand(me).collect(),
            theirs: g.hand(me.other()).collect(),
            taken: [g.taken(me).count() as u8, g.taken(me.other()).count() as u8],
            pot: g.pot().count() as u8,
            led: g.led(),
            my_turn: to_move == me,
            // The leader is to act unless a card has been led.
            i_lead: (to_move == me) == g.led().is_none(),
        }
    }

    /// Mine's chance of winning the hand playing by `policy`, the other playing
    /// at random.
    fn chance(&self, policy: Policy) -> f64 {
        let hand = if self.my_turn {
            &self.mine
        } else {
            &self.theirs
        };
        let outcomes = hand.iter().map(|&c| self.after(c, policy));
        if self.my_turn && policy == Policy::Best {
            outcomes.fold(0.0, f64::max)
        } else {
            let n = hand.len() as f64;
            outcomes.sum::<f64>() / n
        }
    }

    /// Mine's best card (mine to play).
    fn best_card(&self) -> Card {
        let mut best = (self.mine[0], -1.0);
        for &c in &self.mine {
            let v = self.after(c, Policy::Best);
            if v > best.1 {
                best = (c, v);
            }
        }
        best.0
    }

    /// Mine's chance after the player to act plays `card`.
    fn after(&self, card: Card, policy: Policy) -> f64 {
        let me = self.my_turn;
        let mut h = self.clone();
        if me {
            h.mine.retain(|&c| c != card);
        } else {
            h.theirs.retain(|&c| c != card);
        }
        if card == ZOLD_VIII {
            return if me { 1.0 } else { 0.0 };
        }
        let Some(led) = h.led.take() else {
            h.led = Some(card);
            h.my_turn = !me;
            return h.chance(policy);
        };
        if led.numeral() == card.numeral() {
            h.pot += 2;
            h.my_turn = h.i_lead;
            return h.chance(policy);
        }
        let i_take = (card.numeral() > led.numeral()) == me;
        let taker = usize::from(!i_take);
        h.taken[taker] += 2 + h.pot;
        h.pot = 0;
        if h.taken[taker] >= 4 {
            return if i_take { 1.0 } else { 0.0 };
        }
        h.i_lead = i_take;
        h.my_turn = i_take;
        h.chance(policy)
    }
}
