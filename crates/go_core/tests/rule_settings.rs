//! The rule settings beyond ko, suicide, scoring and komi (issue 19): the
//! button (the first to pass gets half a point) and White's handicap bonus
//! (N or N − 1 points for Black's N handicap stones), as KataGo's `hasButton`
//! and `whiteHandicapBonus` define them.

use go_core::{Color, Game, HandicapBonus, Komi, Move, Point, Rules, Setup};

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
}

#[test]
fn the_settings_are_off_in_every_preset_and_serde_reads_rules_without_them() {
    for &name in Rules::PRESETS {
        let r = Rules::preset(name).unwrap();
        assert!(
            !r.button() && r.handicap_bonus() == HandicapBonus::None,
            "{name}"
        );
    }
    let old: Rules = serde_json::from_str(
        r#"{"ko":"simple","suicide":"forbidden","scoring":"territory","komi":6.5}"#,
    )
    .unwrap();
    assert_eq!(old, Rules::japanese());
    let new = Rules::aga()
        .with_button(true)
        .with_handicap_bonus(HandicapBonus::StonesMinusOne);
    let text = serde_json::to_string(&new).unwrap();
    assert!(
        text.contains(r#""button":true"#)
            && text.contains(r#""handicap_bonus":"stones_minus_one""#),
        "{text}"
    );
    assert_eq!(serde_json::from_str::<Rules>(&text).unwrap(), new);
}
