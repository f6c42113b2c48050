//! The example bots play legal moves in every game, and the trap_stones bot
//! declares va-bank when its odds say so (on small boards, late in the game).

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use tabletop_examples::bots;

#[test]
fn trap_stones_bot_plays_legally_and_declares_va_bank_when_the_odds_favour_it() {
    let rules = trap_stones::Rules::blitz().with_size(4, 4);
    let mut declared = 0;
    for seed in 0..300 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut g = trap_stones::Game::random(rules, &mut rng).unwrap();
        while !g.is_over() {
            let mv = bots::trap_stones(&g, &mut rng);
            declared += usize::from(matches!(mv, trap_stones::Move::VaBank(_)));
            g.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
    }
    assert!(declared > 0, "va-bank was never declared on a small board");
}

#[test]
fn every_bot_plays_legal_moves_to_the_end() {
    let mut rng = Pcg64Mcg::seed_from_u64(9);
    for _ in 0..20 {
        let rules = o_an_quan::Rules::common().with_players(3);
        let mut g = o_an_quan::Game::new(rules, o_an_quan::Setup::standard(&rules)).unwrap();
        while !g.is_over() {
            g.play(bots::o_an_quan(&g, &mut rng)).unwrap();
        }
        let mut g = hoop_race::Game::new(hoop_race::Rules::yut_nori(), hoop_race::Setup::default())
            .unwrap();
        while !g.is_over() {
            match g.awaiting() {
                hoop_race::Awaiting::Move(_) => {
                    g.play(bots::hoop_race(&g, &mut rng)).unwrap();
                }
                _ => {
                    g.throw_random(&mut rng).unwrap();
                }
            }
        }
        let mut g = tarokk_war::Game::random(tarokk_war::Rules::default(), &mut rng).unwrap();
        while !g.is_over() {
            g.play(bots::tarokk_war(&g, &mut rng)).unwrap();
        }
    }
}
