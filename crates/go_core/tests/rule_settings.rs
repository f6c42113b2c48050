//! The rule settings beyond ko, suicide, scoring and komi (KataGo's): the
//! button (the first to pass gets half a point) and White's handicap bonus
//! (N or N − 1 points for Black's N handicap stones), as KataGo's `hasButton`
//! and `whiteHandicapBonus` define them.

use go_core::{
    Color, Game, HandicapBonus, KoRule, Komi, Move, Point, Rules, Scoring, Setup, Suicide, Tax,
};

fn margin(game: &Game) -> i64 {
    game.score().margin_half_points()
}

#[test]
fn the_first_to_pass_takes_the_button() {
    let base = Rules::chinese().with_komi(Komi::from_halves(0));
    for (button, white_first, want) in [(false, true, 50), (true, true, 49), (true, false, 51)] {
        let rules = base.with_button(button);
        let mut g = Game::new(rules, Setup::new(5, 5)).unwrap();
        g.play("C3".parse().unwrap()).unwrap();
        if white_first {
            g.play(Move::Pass).unwrap();
            g.play(Move::Pass).unwrap();
        } else {
            g.play("D4".parse().unwrap()).unwrap();
            g.play(Move::Pass).unwrap(); // Black passes first
            g.play(Move::Pass).unwrap();
        }
        let score = g.score();
        let expected_button = button.then_some(if white_first {
            Color::White
        } else {
            Color::Black
        });
        assert_eq!(score.button, expected_button);
        if white_first {
            assert_eq!(margin(&g), want, "button {button}");
        } else {
            // Black and White each hold an area; the button adds Black's half point.
            let without = {
                let mut h = Game::new(base, Setup::new(5, 5)).unwrap();
                for m in ["C3", "D4"] {
                    h.play(m.parse().unwrap()).unwrap();
                }
                h.play(Move::Pass).unwrap();
                h.play(Move::Pass).unwrap();
                margin(&h)
            };
            assert_eq!(margin(&g), without + 1);
        }
    }
}

#[test]
fn white_receives_points_for_handicap_stones() {
    let stones: Vec<(Point, Color)> = ["C3", "G7", "C7", "G3"]
        .iter()
        .map(|p| (p.parse().unwrap(), Color::Black))
        .collect();
    let setup = Setup {
        stones,
        to_move: Color::White,
        ..Setup::new(9, 9)
    };
    let base = Rules::chinese().with_komi(Komi::from_halves(1));
    for (bonus, points) in [
        (HandicapBonus::None, 0),
        (HandicapBonus::StonesMinusOne, 3),
        (HandicapBonus::Stones, 4),
    ] {
        let g = Game::new(base.with_handicap_bonus(bonus), setup.clone()).unwrap();
        let score = g.score();
        assert_eq!(score.handicap_bonus, points);
        // All 81 points are Black's: 162 half-points, minus komi, minus the bonus.
        assert_eq!(score.margin_half_points(), 162 - 1 - 2 * i64::from(points));
    }
    // An even game has no handicap stones, whatever the setting.
    let even = Game::new(
        base.with_handicap_bonus(HandicapBonus::Stones),
        Setup::new(9, 9),
    )
    .unwrap();
    assert_eq!(even.score().handicap_bonus, 0);
    assert_eq!(HandicapBonus::StonesMinusOne.points(0), 0);
    // A setup is a handicap only when it holds black stones alone AND White moves
    // first: black stones with Black to move, or a position with white stones too,
    // is a problem position, not a handicap, and gives no bonus.
    let black_to_move = Setup {
        to_move: Color::Black,
        ..setup.clone()
    };
    let mut with_white = setup.clone();
    with_white
        .stones
        .push(("E5".parse().unwrap(), Color::White));
    for not_handicap in [black_to_move, with_white] {
        let g = Game::new(
            base.with_handicap_bonus(HandicapBonus::Stones),
            not_handicap,
        )
        .unwrap();
        assert_eq!(g.score().handicap_bonus, 0);
    }
}

#[test]
fn every_preset_is_katagos_rule_set_of_that_name() {
    // KataGo's named rule sets (cpp/game/rules.cpp), field by field: ko, scoring,
    // tax, multi-stone suicide, button, white handicap bonus, komi in half points.
    // The source's Tromp–Taylor keeps komi 0 (ruling G2); KataGo's has 7.5.
    use KoRule::*;
    type Row = (
        &'static str,
        KoRule,
        Scoring,
        Tax,
        bool,
        bool,
        HandicapBonus,
        i32,
    );
    let table: [Row; 12] = [
        (
            "tromp_taylor",
            PositionalSuperko,
            Scoring::Area,
            Tax::None,
            true,
            false,
            HandicapBonus::None,
            0,
        ),
        (
            "chinese",
            Simple,
            Scoring::Area,
            Tax::None,
            false,
            false,
            HandicapBonus::Stones,
            15,
        ),
        (
            "chinese_ogs",
            PositionalSuperko,
            Scoring::Area,
            Tax::None,
            false,
            false,
            HandicapBonus::Stones,
            15,
        ),
        (
            "chinese_kgs",
            PositionalSuperko,
            Scoring::Area,
            Tax::None,
            false,
            false,
            HandicapBonus::Stones,
            15,
        ),
        (
            "japanese",
            Simple,
            Scoring::Territory,
            Tax::Seki,
            false,
            false,
            HandicapBonus::None,
            13,
        ),
        (
            "korean",
            Simple,
            Scoring::Territory,
            Tax::Seki,
            false,
            false,
            HandicapBonus::None,
            13,
        ),
        (
            "aga",
            SituationalSuperko,
            Scoring::Area,
            Tax::None,
            false,
            false,
            HandicapBonus::StonesMinusOne,
            15,
        ),
        (
            "bga",
            SituationalSuperko,
            Scoring::Area,
            Tax::None,
            false,
            false,
            HandicapBonus::StonesMinusOne,
            15,
        ),
        (
            "new_zealand",
            SituationalSuperko,
            Scoring::Area,
            Tax::None,
            true,
            false,
            HandicapBonus::None,
            15,
        ),
        (
            "stone_scoring",
            Simple,
            Scoring::Area,
            Tax::All,
            false,
            false,
            HandicapBonus::None,
            15,
        ),
        (
            "ancient_territory",
            Simple,
            Scoring::Territory,
            Tax::All,
            false,
            false,
            HandicapBonus::None,
            13,
        ),
        (
            "aga_button",
            SituationalSuperko,
            Scoring::Area,
            Tax::None,
            false,
            true,
            HandicapBonus::StonesMinusOne,
            14,
        ),
    ];
    assert_eq!(Rules::PRESETS.len(), table.len());
    for (name, ko, scoring, tax, suicide, button, bonus, komi) in table {
        let r = Rules::preset(name).unwrap();
        assert_eq!(r.ko(), ko, "{name}");
        assert_eq!(r.scoring(), scoring, "{name}");
        assert_eq!(r.tax(), tax, "{name}");
        assert_eq!(r.suicide() == Suicide::Allowed, suicide, "{name}");
        assert_eq!(r.button(), button, "{name}");
        assert_eq!(r.handicap_bonus(), bonus, "{name}");
        assert_eq!(r.komi().halves(), komi, "{name}");
        // KataGo's spelling is accepted too.
        assert_eq!(Rules::preset(&name.replace('_', "-")).unwrap(), r);
    }
}

#[test]
fn serde_reads_rules_without_the_optional_settings() {
    // The button, the handicap bonus and the tax may be left out: off, none, none.
    let old: Rules = serde_json::from_str(
        r#"{"ko":"simple","suicide":"forbidden","scoring":"territory","komi":6.5}"#,
    )
    .unwrap();
    assert_eq!(old, Rules::japanese().with_tax(Tax::None));
    let new = Rules::aga()
        .with_button(true)
        .with_tax(Tax::All)
        .with_handicap_bonus(HandicapBonus::Stones);
    let text = serde_json::to_string(&new).unwrap();
    assert!(
        text.contains(r#""button":true"#)
            && text.contains(r#""handicap_bonus":"stones""#)
            && text.contains(r#""tax":"all""#),
        "{text}"
    );
    assert_eq!(serde_json::from_str::<Rules>(&text).unwrap(), new);
}
