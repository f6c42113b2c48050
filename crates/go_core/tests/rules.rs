//! One test (or more) per ruling of `docs/go_core.md` (G1–G11), with diagrams:
//! top line = highest row, `X` Black, `O` White, `.` empty; A1 is bottom left.

use go_core::handicap::{self, NigiriConvention, Parity, fixed_points, nigiri};
use go_core::sgf::{Collection, SgfGame};
use go_core::{
    Board, Color, DiagramProblem, End, Game, GameError, GameResult, IllegalMove, KoRule, Komi,
    Margin, Move, ParseError, Point, Rules, RulesError, Scoring, Setup, SetupError, SgfErrorKind,
    Suicide, Tax,
};

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn game(rules: Rules, diagram: &str, to_move: Color) -> Game {
    Game::new(rules, Setup::from_diagram(diagram, to_move).unwrap()).unwrap()
}

fn play_all(g: &mut Game, moves: &[&str]) {
    for m in moves {
        g.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

// ----- G1 board and points -----

#[test]
fn g1_board_sizes_are_1_to_25_and_rectangular() {
    for (w, h) in [(1, 1), (25, 25), (19, 9), (2, 13)] {
        let g = Game::new(Rules::default(), Setup::new(w, h)).unwrap();
        assert_eq!((g.board().width(), g.board().height()), (w, h));
        assert_eq!(g.board().empty_count(), w as usize * h as usize);
        // Every point is a legal first move (but on 1×1, where a stone dies
        // alone), and the pass: the largest board's list is MoveList's whole
        // capacity (MAX_MOVES, 25 × 25 + 1).
        let points = if (w, h) == (1, 1) {
            0
        } else {
            w as usize * h as usize
        };
        assert_eq!(g.legal_moves().len(), points + 1);
    }
    assert_eq!(go_core::MAX_MOVES, 25 * 25 + 1);
    for (w, h) in [(0, 5), (26, 5), (5, 0), (5, 26)] {
        assert_eq!(
            Game::new(Rules::default(), Setup::new(w, h)).unwrap_err(),
            GameError::Setup(SetupError::BoardSize {
                width: w,
                height: h
            })
        );
    }
}

#[test]
fn g1_a_board_holds_exactly_its_columns_and_rows() {
    for (w, h) in [(1, 1), (9, 9), (19, 9), (2, 13), (25, 25)] {
        let g = Game::new(Rules::default(), Setup::new(w, h)).unwrap();
        let b = g.board();
        // One column and one row past the edge are off the board, whatever the
        // board's memory holds there.
        for col in 0..=w.min(24) + 1 {
            for row in 0..=h.min(24) + 1 {
                let Some(p) = Point::new(col, row) else {
                    continue;
                };
                assert_eq!(b.contains(p), col < w && row < h, "{w}x{h} {p}");
                if !b.contains(p) {
                    assert_eq!(b.get(p), None);
                    assert!(g.check(Move::Play(p)).is_err(), "{w}x{h} {p}");
                }
            }
        }
    }
}

#[test]
fn g1_a_move_names_its_point() {
    assert_eq!(mv("C3").point(), Some(pt("C3")));
    assert_eq!(Move::Pass.point(), None);
    assert_eq!(Move::Resign.point(), None);
}

#[test]
fn g1_gtp_points_skip_i_and_sgf_points_count_from_the_top() {
    assert_eq!(pt("A1"), Point::new(0, 0).unwrap());
    assert_eq!(pt("j1"), Point::new(8, 0).unwrap());
    assert_eq!(pt("Z25"), Point::new(24, 24).unwrap());
    for bad in [
        "I5", "A0", "A26", "", "5A", "AA1", "A01", "A1 ", "A", "A100", "A999",
    ] {
        assert_eq!(bad.parse::<Point>(), Err(ParseError::GtpPoint), "{bad:?}");
    }
    assert_eq!(pt("A19").to_sgf(19), "aa");
    assert_eq!(pt("T1").to_sgf(19), "ss");
    assert!(pt("A19").to_sgf(19) != "ab" && pt("T1").to_sgf(19) != "aa");
    assert_eq!(Point::from_sgf("aa", 9).unwrap(), pt("A9"));
    assert_eq!(Point::from_sgf("aj", 9), Err(ParseError::SgfPoint));
    // Every point round-trips in both notations.
    for col in 0..25 {
        for row in 0..25 {
            let p = Point::new(col, row).unwrap();
            assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
            assert_eq!(Point::from_sgf(p.to_sgf(25).as_str(), 25).unwrap(), p);
        }
    }
}

#[test]
fn g1_a_boards_colours_read_row_by_row_from_a1() {
    let board = Board::from_diagram(
        "
        O . .
        . . X
        X . .",
    )
    .unwrap();
    let (b, w) = (Some(Color::Black), Some(Color::White));
    assert_eq!(board.row_colors(0).collect::<Vec<_>>(), [b, None, None]);
    assert_eq!(board.row_colors(1).collect::<Vec<_>>(), [None, None, b]);
    assert_eq!(board.row_colors(2).collect::<Vec<_>>(), [w, None, None]);
    assert_eq!(board.row_colors(3).count(), 0);
    assert_eq!(
        board.colors().collect::<Vec<_>>(),
        [b, None, None, None, None, b, w, None, None]
    );
}

#[test]
fn g7_star_points_are_nine_on_odd_squares_from_9x9_four_on_others_none_off_square() {
    for (w, h, n) in [
        (9, 9, 9),
        (13, 13, 9),
        (19, 19, 9),
        (7, 7, 4),
        (10, 10, 4),
        (9, 11, 0),
        (11, 9, 0),
    ] {
        assert_eq!(handicap::star_points(w, h).len(), n, "{w}x{h}");
    }
    assert!(handicap::star_points(19, 19).contains(&pt("K10")));
}

#[test]
fn g1_a_printed_board_marks_the_star_points_only() {
    for (w, h) in [(9u8, 9u8), (13, 13), (19, 19), (7, 11)] {
        let board = Board::new(w, h).unwrap();
        let text = board.to_string();
        let stars = handicap::star_points(w, h);
        assert_eq!(text.matches('+').count(), stars.len(), "{w}x{h}:\n{text}");
        assert_eq!(
            text.matches('.').count(),
            usize::from(w) * usize::from(h) - stars.len(),
            "{w}x{h}"
        );
    }
}

#[test]
fn a_printed_game_is_its_board_then_the_move_the_turn_and_the_prisoners() {
    let mut g = game(Rules::japanese(), KO, Color::Black);
    play_all(&mut g, &["C2"]);
    let text = g.to_string();
    let board = g.board().to_string();
    assert!(text.starts_with(&board), "{text}");
    assert_eq!(
        &text[board.len()..],
        "move 1, white to play; prisoners: black 1, white 0"
    );
}

#[test]
fn g1_diagrams_read_like_go_diagrams() {
    let b = Board::from_diagram(
        "
        . X O
        X O .
        ",
    )
    .unwrap();
    assert_eq!((b.width(), b.height()), (3, 2));
    assert_eq!(b.get(pt("B2")), Some(Color::Black));
    assert_eq!(b.get(pt("B1")), Some(Color::White));
    assert_eq!(b.get(pt("C1")), None);
    assert_eq!(
        Board::from_diagram(". X\n. . ."),
        Err(ParseError::Diagram {
            line: 2,
            problem: DiagramProblem::Width {
                expected: 2,
                found: 3
            }
        })
    );
    assert!(matches!(
        Board::from_diagram(". ?"),
        Err(ParseError::Diagram {
            problem: DiagramProblem::Character('?'),
            ..
        })
    ));
    // At most 25 columns and 25 rows; the line that goes past is named.
    let row = |n: usize| vec!["."; n].join(" ");
    let wide = [row(26), row(26)].join("\n");
    let tall = vec![row(3); 26].join("\n");
    for (text, line) in [(&wide, 1), (&tall, 26)] {
        assert_eq!(
            Board::from_diagram(text),
            Err(ParseError::Diagram {
                line,
                problem: DiagramProblem::Size
            })
        );
    }
    let full = vec![row(25); 25].join("\n");
    assert_eq!(Board::from_diagram(&full).unwrap().empty_count(), 625);
    // A position whose chain has no liberty is not a game.
    assert_eq!(
        Game::new(
            Rules::default(),
            Setup::from_diagram("X O\nO .", Color::Black).unwrap()
        )
        .unwrap_err(),
        GameError::Setup(SetupError::NoLiberties { point: pt("A2") })
    );
}

// ----- G2, G3 rules and options -----

#[test]
fn g2_default_rules_are_tromp_taylor() {
    let r = Rules::default();
    assert_eq!(r, Rules::tromp_taylor());
    assert_eq!(r.ko(), KoRule::PositionalSuperko);
    assert_eq!(r.suicide(), Suicide::Allowed);
    assert_eq!(r.scoring(), Scoring::Area);
    assert_eq!(r.komi(), Komi::ZERO);
}

#[test]
fn g2_presets() {
    // Komi as ruling G2 gives it; the other fields are KataGo's (see
    // tests/rule_settings.rs for every field of every preset).
    let table = [
        (
            "chinese",
            KoRule::Simple,
            Suicide::Forbidden,
            Scoring::Area,
            15,
        ),
        (
            "japanese",
            KoRule::Simple,
            Suicide::Forbidden,
            Scoring::Territory,
            13,
        ),
        (
            "aga",
            KoRule::SituationalSuperko,
            Suicide::Forbidden,
            Scoring::Area,
            15,
        ),
        (
            "new_zealand",
            KoRule::SituationalSuperko,
            Suicide::Allowed,
            Scoring::Area,
            15,
        ),
        (
            "tromp-taylor",
            KoRule::PositionalSuperko,
            Suicide::Allowed,
            Scoring::Area,
            0,
        ),
    ];
    for (name, ko, suicide, scoring, komi) in table {
        let r = Rules::preset(name).unwrap();
        assert_eq!(
            (r.ko(), r.suicide(), r.scoring(), r.komi().halves()),
            (ko, suicide, scoring, komi),
            "{name}"
        );
    }
    assert_eq!(
        Rules::preset("ing"),
        Err(RulesError::UnknownPreset("ing".into()))
    );
}

#[test]
fn g2_every_preset_name_loads_equals_its_constructor_and_validates() {
    let constructors: [fn() -> Rules; 12] = [
        Rules::tromp_taylor,
        Rules::chinese,
        Rules::chinese_ogs,
        Rules::chinese_kgs,
        Rules::japanese,
        Rules::korean,
        Rules::aga,
        Rules::bga,
        Rules::new_zealand,
        Rules::stone_scoring,
        Rules::ancient_territory,
        Rules::aga_button,
    ];
    assert_eq!(Rules::PRESETS.len(), constructors.len());
    assert_eq!(Rules::PRESETS[0], "tromp_taylor", "the default first");
    assert_eq!(Rules::preset(Rules::PRESETS[0]).unwrap(), Rules::default());
    for (&name, constructor) in Rules::PRESETS.iter().zip(constructors) {
        let rules = Rules::preset(name).unwrap();
        assert_eq!(rules, constructor(), "{name}");
        assert_eq!(rules.validate(), Ok(()), "{name}");
        // Case, spaces, `-` and `_` ignored (game_kit::same_name).
        let shouted = name.to_uppercase().replace('_', "-");
        assert_eq!(Rules::preset(&shouted).unwrap(), rules, "{shouted}");
        let run_together = name.replace('_', "");
        assert_eq!(
            Rules::preset(&run_together).unwrap(),
            rules,
            "{run_together}"
        );
        let spaced = format!(" {} ", name.replace('_', " "));
        assert_eq!(Rules::preset(&spaced).unwrap(), rules, "{spaced}");
    }
    // Exactly the names listed: no abbreviations (KataGo's and SGF's other names
    // are `Rules::from_katago`'s).
    for other in [
        "tt",
        "nz",
        "default",
        "",
        "chinese2",
        "new zealandx",
        "french",
    ] {
        assert_eq!(
            Rules::preset(other),
            Err(RulesError::UnknownPreset(other.into())),
            "{other:?}"
        );
    }
}

#[test]
fn g3_each_option_is_its_own_setting_and_bad_values_are_errors() {
    let r = Rules::japanese()
        .with_ko(KoRule::PositionalSuperko)
        .with_scoring(Scoring::Area)
        .with_komi(Komi::from_points(0.5).unwrap());
    assert_eq!(r.suicide(), Suicide::Forbidden);
    assert_eq!(r.komi().to_string(), "0.5");
    assert_eq!(Komi::from_points(7.3), Err(RulesError::KomiNotHalfPoint));
    assert_eq!(
        Komi::from_points(f64::NAN),
        Err(RulesError::KomiNotHalfPoint)
    );
    assert!(matches!(
        Komi::from_points(1e6),
        Err(RulesError::KomiOutOfRange { .. })
    ));
    // ±1000 points is the limit, itself allowed.
    for halves in [2000, -2000] {
        assert_eq!(
            Rules::default()
                .with_komi(Komi::from_halves(halves))
                .validate(),
            Ok(())
        );
    }
    for halves in [2001, -2001] {
        assert_eq!(
            Rules::default()
                .with_komi(Komi::from_halves(halves))
                .validate(),
            Err(RulesError::KomiOutOfRange { halves })
        );
    }
    assert_eq!(Komi::from_points(1000.0).map(Komi::halves), Ok(2000));
    assert_eq!(Komi::from_points(-1000.0).map(Komi::halves), Ok(-2000));
    assert_eq!(
        Komi::from_points(1000.5),
        Err(RulesError::KomiOutOfRange { halves: 2001 })
    );
    assert_eq!("6.4".parse::<Komi>(), Err(ParseError::Komi));
    assert_eq!("-0.5".parse::<Komi>().unwrap().halves(), -1);
    assert_eq!("+6.5".parse::<Komi>().unwrap().halves(), 13);
    let too_big = Rules::default().with_komi(Komi::from_halves(5000));
    assert_eq!(
        too_big.validate(),
        Err(RulesError::KomiOutOfRange { halves: 5000 })
    );
    assert_eq!(
        Game::new(too_big, Setup::new(9, 9)).unwrap_err(),
        GameError::Rules(RulesError::KomiOutOfRange { halves: 5000 })
    );
    let endless = Rules::default().with_ko(KoRule::None);
    assert_eq!(endless.validate(), Err(RulesError::EndlessSuicide));
    assert!(endless.with_suicide(Suicide::Forbidden).validate().is_ok());
    // Written as SGF's KM and GTP's komi write it.
    for (halves, text) in [(15, "7.5"), (14, "7"), (0, "0"), (-1, "-0.5"), (-14, "-7")] {
        assert_eq!(Komi::from_halves(halves).to_string(), text);
    }
}

/// `Game::set_komi` (GTP's `komi`) changes the count of a game under way; a
/// komi out of range is refused and leaves the game as it was.
#[test]
fn komi_changed_during_a_game() {
    let mut g = Game::new(Rules::chinese(), Setup::new(9, 9)).unwrap();
    g.play(mv("E5")).unwrap();
    g.set_komi(Komi::from_halves(-3)).unwrap();
    assert_eq!(g.rules().komi().halves(), -3);
    // One black stone owns the board: 81 points, komi −1.5.
    assert_eq!(g.score().margin_half_points(), 2 * 81 + 3);
    let err = g.set_komi(Komi::from_halves(2001)).unwrap_err();
    assert_eq!(err, RulesError::KomiOutOfRange { halves: 2001 });
    assert_eq!(g.rules().komi().halves(), -3);
}

/// `Game::consecutive_passes`: the passes at the end of the history, back to 0
/// after a stone.
#[test]
fn consecutive_passes_count_the_last_ones() {
    let mut g = Game::new(Rules::chinese(), Setup::new(9, 9)).unwrap();
    assert_eq!(g.consecutive_passes(), 0);
    g.play(Move::Pass).unwrap();
    assert_eq!(g.consecutive_passes(), 1);
    g.play(mv("E5")).unwrap();
    assert_eq!(g.consecutive_passes(), 0);
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    assert_eq!(g.consecutive_passes(), 2);
    assert!(g.is_over());
    // Undone (the game rebuilt from its moves), the count is the rebuilt
    // game's: one pass, and the next pass ends it again (G9).
    g.undo_many(1).unwrap();
    assert_eq!(g.consecutive_passes(), 1);
    assert!(!g.is_over());
    g.play(Move::Pass).unwrap();
    assert!(g.is_over());
}

// ----- G4 moves and errors -----

#[test]
fn g4_refused_moves_say_why_and_change_nothing() {
    let mut g = Game::new(Rules::default(), Setup::new(9, 9)).unwrap();
    play_all(&mut g, &["E5", "D4"]);
    let before = g.clone();
    let hash = g.hash();
    assert_eq!(
        g.play(mv("E5")),
        Err(IllegalMove::Occupied { point: pt("E5") })
    );
    assert_eq!(
        g.play(mv("T19")),
        Err(IllegalMove::OffBoard { point: pt("T19") })
    );
    assert_eq!(
        g.play_as(Color::White, mv("C3")),
        Err(IllegalMove::OutOfTurn {
            to_move: Color::Black
        })
    );
    assert_eq!(g, before);
    assert_eq!(g.hash(), hash);
    assert_eq!(g.move_count(), 2);
    // `is_legal` says the same without the reason.
    assert!(!g.is_legal(mv("E5")) && !g.is_legal(mv("T19")));
    assert!(g.is_legal(mv("C3")) && g.is_legal(Move::Pass));
    // Two passes end the game; then every move is refused.
    g.play(Move::Pass).unwrap();
    let report = g.play(Move::Pass).unwrap();
    assert_eq!(report.end, Some(End::TwoPasses));
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.reason(), End::TwoPasses);
    assert_eq!(outcome.winner(), None, "one stone each, komi 0: a draw");
    for m in [mv("A1"), Move::Pass, Move::Resign] {
        assert_eq!(g.play(m), Err(IllegalMove::GameOver));
        assert_eq!(g.check(m), Err(IllegalMove::GameOver));
        assert!(!g.is_legal(m));
    }
    assert!(g.legal_moves().is_empty());
}

#[test]
fn g4_resignation_ends_the_game() {
    let mut g = Game::new(Rules::default(), Setup::new(9, 9)).unwrap();
    g.play(mv("E5")).unwrap();
    let report = g.play(Move::Resign).unwrap();
    assert_eq!(report.end, Some(End::Resignation));
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.reason(), End::Resignation);
    assert_eq!(outcome.winner(), Some(Color::Black), "White resigned");
    assert_eq!(g.result().unwrap().to_string(), "B+R");
    assert_eq!(g.play(mv("A1")), Err(IllegalMove::GameOver));
}

// ----- G5 capture order -----

#[test]
fn g5_corner_and_edge_captures() {
    let mut g = game(Rules::default(), ". . .\nO . .\nX . .", Color::White);
    let r = g.play(mv("B1")).unwrap();
    assert_eq!(r.captured, 1);
    assert_eq!(g.board().get(pt("A1")), None);
    assert_eq!(g.prisoners(Color::White), 1);
    assert_eq!(g.last_captures().collect::<Vec<_>>(), [pt("A1")]);

    let mut g = game(Rules::default(), ". . .\n. . .\nO X O", Color::White);
    assert_eq!(g.play(mv("B2")).unwrap().captured, 1);
    assert_eq!(g.board().get(pt("B1")), None);
}

#[test]
fn g5_opponent_chains_are_removed_before_the_movers_own() {
    // Black's stone at C2 has no liberty until it captures B2: legal even where
    // suicide is forbidden.
    let ko = "
        . X O .
        X O . O
        . X O .
    ";
    for rules in [Rules::tromp_taylor(), Rules::japanese(), Rules::chinese()] {
        let mut g = game(rules, ko, Color::Black);
        let r = g.play(mv("C2")).unwrap();
        assert_eq!((r.captured, r.self_captured), (1, 0));
        assert_eq!(g.board().get(pt("C2")), Some(Color::Black));
        assert_eq!(g.board().get(pt("B2")), None);
    }
}

#[test]
fn g5_multi_stone_self_capture_is_legal_under_tromp_taylor() {
    let pos = "
        O O O .
        X X O .
        . X O .
    ";
    let mut g = game(Rules::tromp_taylor(), pos, Color::Black);
    let r = g.play(mv("A1")).unwrap();
    assert_eq!((r.captured, r.self_captured), (0, 4));
    for p in ["A1", "A2", "B2", "B1"] {
        assert_eq!(g.board().get(pt(p)), None, "{p}");
    }
    assert_eq!(
        g.prisoners(Color::White),
        4,
        "self-captured stones go to the opponent"
    );
    assert_eq!(g.last_captures().count(), 4);
    // Forbidden where suicide is.
    let g = game(Rules::chinese(), pos, Color::Black);
    assert_eq!(
        g.check(mv("A1")),
        Err(IllegalMove::Suicide { point: pt("A1") })
    );
}

#[test]
fn g5_single_stone_suicide_repeats_the_board() {
    let pos = "
        . O .
        O . .
        . . .
    ";
    let g = game(Rules::tromp_taylor(), pos, Color::Black);
    assert_eq!(
        g.check(mv("A3")),
        Err(IllegalMove::PositionalSuperko {
            point: pt("A3"),
            repeats: 0
        })
    );
    assert!(!g.legal_moves().contains(&mv("A3")));
    let g = game(Rules::chinese(), pos, Color::Black);
    assert_eq!(
        g.check(mv("A3")),
        Err(IllegalMove::Suicide { point: pt("A3") })
    );
    // Under situational superko the same board with the other player to move is new.
    let mut g = game(Rules::new_zealand(), pos, Color::Black);
    let r = g.play(mv("A3")).unwrap();
    assert_eq!(r.self_captured, 1);
    assert_eq!(g.board().get(pt("A3")), None);
    assert_eq!(g.to_move(), Color::White);
}

// ----- G5/G6 ko and superko -----

const KO: &str = "
    . . . . . .
    . X O . . .
    X O . O . .
    . X O . . .
";

#[test]
fn g3_simple_ko_forbids_only_the_immediate_retake() {
    let mut g = game(Rules::japanese(), KO, Color::Black);
    g.play(mv("C2")).unwrap();
    assert_eq!(g.ko_point(), Some(pt("B2")));
    assert_eq!(g.play(mv("B2")), Err(IllegalMove::Ko { point: pt("B2") }));
    play_all(&mut g, &["F4", "F1"]);
    assert_eq!(g.ko_point(), None);
    assert_eq!(g.play(mv("B2")).unwrap().captured, 1);
}

#[test]
fn g6_positional_superko_forbids_the_immediate_retake_too() {
    let mut g = game(Rules::tromp_taylor(), KO, Color::Black);
    g.play(mv("C2")).unwrap();
    assert_eq!(
        g.check(mv("B2")),
        Err(IllegalMove::PositionalSuperko {
            point: pt("B2"),
            repeats: 0
        })
    );
    play_all(&mut g, &["F4", "F1", "B2"]);
}

/// Three kos: each retake comes two moves after the capture, so simple ko allows the
/// cycle, and the sixth move would bring back the starting board.
const TRIPLE_KO: &str = "
    . X O .
    X O . O
    . X O .
    . . . .
    . X O .
    X . X O
    . X O .
    . . . .
    . X O .
    X O . O
    . X O .
";
const TRIPLE_KO_CYCLE: [&str; 6] = ["C2", "B6", "C10", "B2", "C6", "B10"];

#[test]
fn g6_triple_ko_cycle_is_stopped_only_by_superko() {
    let mut g = game(Rules::japanese(), TRIPLE_KO, Color::Black);
    play_all(&mut g, &TRIPLE_KO_CYCLE);
    let start = game(Rules::japanese(), TRIPLE_KO, Color::Black);
    assert_eq!(g.board(), start.board(), "simple ko lets the cycle return");
    play_all(&mut g, &TRIPLE_KO_CYCLE); // and again, forever

    for rules in [Rules::tromp_taylor(), Rules::chinese_ogs()] {
        let mut g = game(rules, TRIPLE_KO, Color::Black);
        play_all(&mut g, &TRIPLE_KO_CYCLE[..5]);
        assert_eq!(
            g.check(mv("B10")),
            Err(IllegalMove::PositionalSuperko {
                point: pt("B10"),
                repeats: 0
            })
        );
    }
    let mut g = game(Rules::aga(), TRIPLE_KO, Color::Black);
    play_all(&mut g, &TRIPLE_KO_CYCLE[..5]);
    assert_eq!(
        g.check(mv("B10")),
        Err(IllegalMove::SituationalSuperko {
            point: pt("B10"),
            repeats: 0
        })
    );
}

#[test]
fn g6_positional_and_situational_superko_differ() {
    // Black C1, White passes, Black A3 (a single-stone suicide): the board after it
    // is the board after move 1, with White to move again.
    let pos = "
        . O .
        O . .
        . . .
    ";
    let mut nz = game(Rules::new_zealand(), pos, Color::Black);
    play_all(&mut nz, &["C1", "pass"]);
    assert_eq!(
        nz.check(mv("A3")),
        Err(IllegalMove::SituationalSuperko {
            point: pt("A3"),
            repeats: 1
        })
    );
    // Without the pass in between the situation is new: legal.
    let mut nz = game(Rules::new_zealand(), pos, Color::Black);
    play_all(&mut nz, &["C1", "C2"]);
    assert!(nz.is_legal(mv("A3")));
    // Positional superko refuses it in both cases.
    let mut tt = game(Rules::tromp_taylor(), pos, Color::Black);
    play_all(&mut tt, &["C1", "C2"]);
    assert_eq!(
        tt.check(mv("A3")),
        Err(IllegalMove::PositionalSuperko {
            point: pt("A3"),
            repeats: 2
        })
    );
}

#[test]
fn g6_superko_names_the_earliest_board_repeated() {
    // White passes first: the starting board stands after moves 0 and 1, with
    // White to move and then Black. Black takes the ko and White's retake
    // brings that board back with Black to move.
    let mut tt = game(Rules::tromp_taylor(), KO, Color::White);
    play_all(&mut tt, &["pass", "C2"]);
    assert_eq!(
        tt.check(mv("B2")),
        Err(IllegalMove::PositionalSuperko {
            point: pt("B2"),
            repeats: 0
        })
    );
    let mut nz = game(Rules::new_zealand(), KO, Color::White);
    play_all(&mut nz, &["pass", "C2"]);
    assert_eq!(
        nz.check(mv("B2")),
        Err(IllegalMove::SituationalSuperko {
            point: pt("B2"),
            repeats: 1
        })
    );
    // Except a lone stone's suicide, which names the present board although it
    // stood before the pass too.
    let pos = "
        . O .
        O . .
        . . .
    ";
    let mut tt = game(Rules::tromp_taylor(), pos, Color::White);
    play_all(&mut tt, &["pass"]);
    assert_eq!(
        tt.check(mv("A3")),
        Err(IllegalMove::PositionalSuperko {
            point: pt("A3"),
            repeats: 1
        })
    );
}

#[test]
fn g6_the_situational_hash_tells_the_player_to_move_apart() {
    // A pass changes the player to move and not the board: the board's hash
    // stays, the situation's does not, and neither is a constant.
    let mut g = Game::new(Rules::tromp_taylor(), Setup::new(9, 9)).unwrap();
    play_all(&mut g, &["E5"]);
    let (board, situation) = (g.hash(), g.situational_hash());
    play_all(&mut g, &["pass"]);
    assert_eq!(g.hash(), board);
    assert_ne!(g.situational_hash(), situation);
    let empty = Game::new(Rules::tromp_taylor(), Setup::new(9, 9)).unwrap();
    assert_ne!(empty.situational_hash(), situation);
    assert_ne!(g.situational_hash(), empty.situational_hash());
}

#[test]
fn g9_games_are_equal_only_with_the_same_rules_setup_and_moves() {
    let setup = Setup::new(9, 9);
    let mut a = Game::new(Rules::tromp_taylor(), setup.clone()).unwrap();
    let mut b = Game::new(Rules::tromp_taylor(), setup.clone()).unwrap();
    assert_eq!(a, b);
    play_all(&mut a, &["E5", "C3"]);
    play_all(&mut b, &["E5", "C3"]);
    assert_eq!(a, b);
    // The same moves under other rules, or from another setup: not equal.
    let mut c = Game::new(Rules::chinese(), setup).unwrap();
    play_all(&mut c, &["E5", "C3"]);
    assert_ne!(a, c);
    let mut d = Game::new(Rules::tromp_taylor(), Setup::new(9, 11)).unwrap();
    play_all(&mut d, &["E5", "C3"]);
    assert_ne!(a, d);
    // Other moves, or fewer.
    play_all(&mut b, &["pass"]);
    assert_ne!(a, b);
    play_all(&mut a, &["D4"]);
    assert_ne!(a, b);
}

// ----- G7 nigiri and handicap -----

#[test]
fn g7_fixed_handicap_matches_gtp() {
    let names = |w, n| -> Vec<String> {
        fixed_points(w, w, n)
            .unwrap()
            .iter()
            .map(|p| p.to_string())
            .collect()
    };
    assert_eq!(
        names(19, 9),
        ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"]
    );
    assert_eq!(
        names(19, 7),
        ["D4", "Q16", "D16", "Q4", "D10", "Q10", "K10"]
    );
    assert_eq!(names(19, 3), ["D4", "Q16", "D16"]);
    assert_eq!(names(13, 5), ["D4", "K10", "D10", "K4", "G7"]);
    assert_eq!(names(9, 2), ["C3", "G7"]);
    assert_eq!(names(7, 4), ["C3", "E5", "C5", "E3"]);
    assert_eq!(names(10, 4), ["C3", "H8", "C8", "H3"]);
    for (size, n) in [(7, 5), (10, 5), (6, 2), (19, 10), (19, 1), (26, 2)] {
        assert!(fixed_points(size, size, n).is_err(), "{size} {n}");
    }
    assert!(fixed_points(19, 13, 2).is_err());
    let g = Game::new(Rules::chinese(), handicap::fixed(19, 4).unwrap()).unwrap();
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.board().count(Color::Black), 4);
    assert_eq!(g.setup().to_move, Color::White);
    // No handicap: an empty board, Black first; no placement: an error.
    assert_eq!(handicap::fixed(9, 1), Ok(Setup::new(9, 9)));
    assert_eq!(
        handicap::fixed(9, 10),
        Err(SetupError::Handicap {
            stones: 10,
            width: 9,
            height: 9
        })
    );
    assert!(handicap::fixed(26, 0).is_err());
}

#[test]
fn g7_free_handicap_and_setup() {
    let stones = vec![
        (pt("J9"), Color::Black),
        (pt("A1"), Color::Black),
        (pt("E5"), Color::White),
    ];
    let setup = Setup {
        stones: stones.clone(),
        to_move: Color::White,
        ..Setup::new(9, 9)
    };
    let mut g = Game::new(Rules::default(), setup.clone()).unwrap();
    assert_eq!(g.board().count(Color::Black), 2);
    assert_eq!(g.to_move(), Color::White);
    // The game keeps the stones in board order: equal setups, equal games.
    assert_eq!(g.setup().stones, [stones[1], stones[2], stones[0]]);
    let reordered = Setup {
        stones: vec![stones[2], stones[1], stones[0]],
        ..setup
    };
    assert_eq!(Game::new(Rules::default(), reordered).unwrap(), g);
    g.play(mv("C3")).unwrap();
    // Setup stones come before the first move: an SGF record with them later is
    // refused.
    assert_eq!(
        SgfGame::read("(;SZ[9];B[aa];AB[bb])").unwrap_err().kind,
        SgfErrorKind::Setup(SetupError::AfterFirstMove)
    );
    let twice = Setup {
        stones: vec![(pt("A1"), Color::Black), (pt("A1"), Color::White)],
        ..Setup::new(9, 9)
    };
    assert_eq!(
        Game::new(Rules::default(), twice).unwrap_err(),
        GameError::Setup(SetupError::Duplicate { point: pt("A1") })
    );
    let off = Setup {
        stones: vec![(pt("K10"), Color::Black)],
        ..Setup::new(9, 9)
    };
    assert_eq!(
        Game::new(Rules::default(), off).unwrap_err(),
        GameError::Setup(SetupError::OffBoard {
            point: pt("K10"),
            width: 9,
            height: 9
        })
    );
}

#[test]
fn g7_nigiri() {
    use NigiriConvention::{Source, Traditional};
    // (stones, guess, convention, who plays Black)
    let table = [
        // The source: a right guess of "even" gives the holder Black.
        (10, Parity::Even, Source, "holder"),
        (9, Parity::Even, Source, "guesser"),
        (9, Parity::Odd, Source, "holder"),
        // Tradition: a right guess gives the guesser Black.
        (9, Parity::Odd, Traditional, "guesser"),
        (8, Parity::Odd, Traditional, "holder"),
    ];
    for (stones, guess, convention, black) in table {
        let n = nigiri(stones, guess, convention);
        assert_ne!(n.holder, n.guesser);
        let black_player = if n.holder == Color::Black {
            "holder"
        } else {
            "guesser"
        };
        assert_eq!(black_player, black, "{stones} {guess:?} {convention:?}");
    }
}

#[test]
fn g7_a_random_nigiri_holds_1_to_40_stones_and_decides_as_the_table() {
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    let mut seen = [0u32; 41];
    let mut guesses = [0u32; 2];
    for _ in 0..4000 {
        let n = handicap::nigiri_random(&mut rng, NigiriConvention::Source);
        assert!((1..=40).contains(&n.stones), "{} stones", n.stones);
        seen[n.stones as usize] += 1;
        guesses[usize::from(n.guess == Parity::Even)] += 1;
        // The colours are those the fixed nigiri gives for the same hand.
        assert_eq!(n, nigiri(n.stones, n.guess, NigiriConvention::Source));
    }
    // Every handful from 1 to 40 comes up (100 times each on average).
    assert!(seen[1..].iter().all(|&k| k > 50), "{seen:?}");
    assert!(guesses.iter().all(|&k| k > 1800), "{guesses:?}");
    // The draws are pinned: a seed gives the same nigiri in every version
    // (a match replayed from its seed starts with the same colours).
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    let first: Vec<(u32, Parity)> = (0..6)
        .map(|_| handicap::nigiri_random(&mut rng, NigiriConvention::Source))
        .map(|n| (n.stones, n.guess))
        .collect();
    use Parity::{Even, Odd};
    assert_eq!(
        first,
        [
            (24, Odd),
            (17, Odd),
            (23, Odd),
            (10, Odd),
            (10, Even),
            (20, Odd)
        ]
    );
}

// ----- G8 scoring -----

#[test]
fn g8_area_scoring_komi_and_draw() {
    let mut g = Game::new(Rules::default(), Setup::new(5, 5)).unwrap();
    g.play(Move::Pass).unwrap();
    g.play(Move::Pass).unwrap();
    assert_eq!(g.result(), Some(GameResult::Draw));
    assert_eq!(g.outcome().unwrap().winner(), None);
    assert_eq!(g.result().unwrap().to_string(), "0");
    let pos = "
        . X . O .
        . X . O .
        . X . O .
        . X . O .
        . X . O .
    ";
    let g = game(Rules::default(), pos, Color::Black);
    let s = g.score();
    assert_eq!(
        (s.points(Color::Black), s.points(Color::White), s.neutral),
        (10, 10, 5)
    );
    assert_eq!(s.result(), GameResult::Draw);
    let g = game(
        Rules::default().with_komi(Komi::from_halves(7)),
        pos,
        Color::Black,
    );
    assert_eq!(g.score().result().to_string(), "W+3.5");
    let g = game(
        Rules::default().with_komi(Komi::from_halves(-3)),
        pos,
        Color::Black,
    );
    assert_eq!(g.score().result().to_string(), "B+1.5");
}

#[test]
fn g8_dead_stones_named_by_the_caller() {
    let pos = "
        . X . O .
        . X . O .
        O X . O .
        . X . O .
        . X . O .
    ";
    let g = game(Rules::default(), pos, Color::Black);
    let all_alive = g.score();
    assert_eq!(
        (
            all_alive.points(Color::Black),
            all_alive.points(Color::White)
        ),
        (5, 11)
    );
    let s = g.score_with_dead(&[pt("A3")]).unwrap();
    assert_eq!((s.points(Color::Black), s.points(Color::White)), (10, 10));
    assert_eq!(
        g.score_with_dead(&[pt("C3")]),
        Err(go_core::ScoreError::NoStone { point: pt("C3") })
    );
    // Territory: 5 points and the dead stone as a prisoner, against 5; komi 6.5.
    let g = game(Rules::japanese(), pos, Color::Black);
    let s = g.score_with_dead(&[pt("A3")]).unwrap();
    assert_eq!((s.territory, s.prisoners), ([5, 5], [1, 0]));
    assert_eq!(s.result().to_string(), "W+5.5");
}

#[test]
fn g8_territory_scoring_counts_prisoners() {
    let mut g = game(
        Rules::japanese().with_komi(Komi::ZERO),
        ". . .\nO . .\nX . .",
        Color::White,
    );
    g.play(mv("B1")).unwrap();
    let s = g.score();
    assert_eq!(s.prisoners, [0, 1]);
    assert_eq!(s.points(Color::White), i64::from(s.territory[1] + 1));
}

#[test]
fn g8_beside_dame_a_chain_with_an_eye_space_of_three_is_seki_and_of_four_not() {
    // Black's wall on B or C, dame on D, White's wall on E (no eye: seki). Black's
    // own area is the columns left of the wall: 3 points in one eye (seki), then
    // 4 and 6 (alive by itself), and two eyes.
    for (diagram, black_in_seki) in [
        (". X . O\n. X . O\n. X . O", true),
        (". X . O\n. X . O\n. X . O\n. X . O", false),
        (". . X . O\n. . X . O\n. . X . O", false),
        // Two eyes of one point each: alive by themselves (the last: A1 and B2,
        // White's right of the dame on D).
        (". X . O\nX X . O\n. X . O", false),
        (". X . X . O\nX X X X . O", false),
        ("X . X . O\n. X X . O", false),
    ] {
        let g = game(Rules::japanese(), diagram, Color::Black);
        let seki = g.seki_stones(&[]).unwrap();
        let black = seki
            .iter()
            .filter(|&&p| g.board().get(p) == Some(Color::Black))
            .count();
        let white = seki.len() - black;
        assert_eq!(black > 0, black_in_seki, "{diagram}");
        assert_eq!(white, g.board().count(Color::White), "{diagram}");
    }
}

#[test]
fn g8_seki_scores_correctly() {
    // One eye each (A2, E2) and three shared liberties: seki.
    let seki = "
        X X . O O
        . X . O .
        X X . O O
    ";
    let area = game(Rules::tromp_taylor(), seki, Color::Black).score();
    assert_eq!(
        (
            area.points(Color::Black),
            area.points(Color::White),
            area.neutral
        ),
        (6, 6, 3)
    );
    let territory = game(Rules::japanese().with_komi(Komi::ZERO), seki, Color::Black).score();
    assert_eq!(
        territory.territory,
        [0, 0],
        "eyes in seki are not territory"
    );
    assert_eq!(territory.neutral, 5);
    assert_eq!(territory.result(), GameResult::Draw);
    // Two eyes each and unfilled dame between: alive, not seki.
    let dame = "
        . X . O .
        X X . O O
        . X . O .
    ";
    let t = game(Rules::japanese().with_komi(Komi::ZERO), dame, Color::Black).score();
    assert_eq!((t.territory, t.neutral), ([2, 2], 3));
}

#[test]
fn g8_group_tax_as_katago_defines_it() {
    // Two black groups, each with its own area, and one white group (its two
    // walls joined through the territory between them).
    let two_groups = "
        . X O . O X .
        . X O . O X .
        . X O . O X .
    ";
    let none = game(Rules::tromp_taylor(), two_groups, Color::Black).score();
    assert_eq!(
        (none.points(Color::Black), none.points(Color::White)),
        (12, 9)
    );
    assert_eq!(none.taxed_groups, [0, 0]);
    // Stone scoring: two points a group.
    let all = game(
        Rules::stone_scoring().with_komi(Komi::ZERO),
        two_groups,
        Color::Black,
    )
    .score();
    assert_eq!(all.taxed_groups, [2, 1]);
    assert_eq!((all.points(Color::Black), all.points(Color::White)), (8, 7));
    assert_eq!(all.result().to_string(), "B+1");
    // The same count as stones alone once each group has filled all but two eyes:
    // here every group's area is 2 points larger than its stones' worth.
    // Seki (one eye each, shared liberties): the seki tax takes the eyes under
    // area scoring too, and the groups in seki pay no group tax.
    let seki = "
        X X . O O
        . X . O .
        X X . O O
    ";
    let area_seki = game(
        Rules::tromp_taylor().with_tax(Tax::Seki),
        seki,
        Color::Black,
    )
    .score();
    assert_eq!(
        (
            area_seki.points(Color::Black),
            area_seki.points(Color::White),
            area_seki.neutral
        ),
        (5, 5, 5)
    );
    let stone = game(
        Rules::stone_scoring().with_komi(Komi::ZERO),
        seki,
        Color::Black,
    )
    .score();
    assert_eq!(stone.taxed_groups, [0, 0]);
    assert_eq!(
        (stone.points(Color::Black), stone.points(Color::White)),
        (5, 5)
    );
    // Ancient territory counting: territory less two points a living group.
    let dame = "
        . X . O .
        X X . O O
        . X . O .
    ";
    let t = game(
        Rules::ancient_territory().with_komi(Komi::ZERO),
        dame,
        Color::Black,
    )
    .score();
    assert_eq!((t.territory, t.taxed_groups), ([2, 2], [1, 1]));
    assert_eq!((t.points(Color::Black), t.points(Color::White)), (0, 0));
    // Stones beside unfilled dame with no eye of their own count as seki (KataGo
    // treats any area touching dame so) and pay nothing.
    let open = game(
        Rules::stone_scoring().with_komi(Komi::ZERO),
        "X . O\n. . .\n. . .",
        Color::Black,
    )
    .score();
    assert_eq!(open.taxed_groups, [0, 0]);
    assert_eq!(
        (open.points(Color::Black), open.points(Color::White)),
        (1, 1)
    );
    // The smallest independent group, a stone and its one-point eye, nets nothing.
    let least = game(
        Rules::stone_scoring().with_komi(Komi::ZERO),
        "X .",
        Color::Black,
    )
    .score();
    assert_eq!(least.taxed_groups, [1, 0]);
    assert_eq!(
        (least.points(Color::Black), least.points(Color::White)),
        (0, 0)
    );
}

#[test]
fn g8_territory_takes_stones_in_pass_alive_territory_as_dead() {
    // The black chain is pass-alive (its eyes: A3–B3 holding a white stone, D3,
    // F3, the row below). Under territory scoring the white stone is dead
    // without being named, as KataGo counts: a prisoner, and A3–B3 territory.
    let pos = "
        O . X . X .
        X X X X X X
        . . . . . .
    ";
    let t = game(Rules::japanese().with_komi(Komi::ZERO), pos, Color::Black).score();
    assert_eq!((t.territory, t.prisoners, t.neutral), ([10, 0], [1, 0], 0));
    assert_eq!((t.points(Color::Black), t.points(Color::White)), (11, 0));
    // Naming it dead gives the same count (it is not counted twice).
    let named = game(Rules::japanese().with_komi(Komi::ZERO), pos, Color::Black)
        .score_with_dead(&[pt("A3")])
        .unwrap();
    assert_eq!(named, t);
    // Area scoring counts the board as it stands (the source's rule).
    let a = game(Rules::tromp_taylor(), pos, Color::Black).score();
    assert_eq!(
        (a.points(Color::Black), a.points(Color::White), a.neutral),
        (16, 1, 1)
    );
}

#[test]
fn g8_results_print_and_parse() {
    for s in ["B+3.5", "W+R", "W+T", "B+F", "0", "B+", "W+12"] {
        assert_eq!(s.parse::<GameResult>().unwrap().to_string(), s);
    }
    for draw in ["Draw", "jigo", "JIGO", " 0 "] {
        assert_eq!(draw.parse::<GameResult>(), Ok(GameResult::Draw), "{draw}");
    }
    assert_eq!("W+Resign".parse::<GameResult>().unwrap().to_string(), "W+R");
    assert_eq!(
        "B+0.5".parse::<GameResult>().unwrap(),
        GameResult::Win {
            winner: Color::Black,
            margin: Margin::HalfPoints(1)
        }
    );
    // Margins of up to six digits before the point; longer ones are refused
    // (and never overflow).
    assert_eq!(
        "W+999999.5".parse::<GameResult>().unwrap(),
        GameResult::Win {
            winner: Color::White,
            margin: Margin::HalfPoints(1_999_999)
        }
    );
    for bad in [
        "X+1",
        "B+1.3",
        "",
        "B3",
        "B+1000000",
        "W+9999999999.5",
        "B+-3",
        "W+-0.5",
    ] {
        assert_eq!(
            bad.parse::<GameResult>(),
            Err(ParseError::GameResult),
            "{bad}"
        );
    }
}

// ----- G9 undo -----

#[test]
fn g9_undo_restores_everything() {
    let mut g = game(Rules::japanese(), KO, Color::Black);
    let start = g.clone();
    play_all(&mut g, &["C2", "F4"]);
    let mid = g.clone();
    play_all(&mut g, &["F1", "B2", "pass"]);
    assert_eq!(g.prisoners(Color::White), 1);
    g.undo_many(3).unwrap();
    assert_eq!(g, mid);
    assert_eq!(g.board(), mid.board());
    assert_eq!(g.hash(), mid.hash());
    assert_eq!(g.prisoners(Color::Black), 1);
    assert_eq!(g.prisoners(Color::White), 0);
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.undo().unwrap(), mv("F4"));
    assert_eq!(
        g.ko_point(),
        Some(pt("B2")),
        "the ko comes back with the undo"
    );
    assert_eq!(g.play(mv("B2")), Err(IllegalMove::Ko { point: pt("B2") }));
    g.undo().unwrap();
    assert_eq!(g, start);
    assert_eq!(
        g.undo_many(1),
        Err(go_core::UndoError {
            asked: 1,
            played: 0
        })
    );
    // Undo a resignation.
    g.play(Move::Resign).unwrap();
    assert!(g.is_over());
    g.undo().unwrap();
    assert!(!g.is_over());
}

// ----- G10 SGF -----

#[test]
fn g10_sgf_setup_passes_rectangles_and_info() {
    let text = r"(;GM[1]FF[4]SZ[9:7]KM[0.5]HA[2]RU[Chinese]PB[Black \] Bear]PW[White]
        RE[W+0.5]C[root\\comment]AB[cc][gg]AB[aa:ab]AW[ee]AE[ab]
        ;W[dd]C[first];B[];W[ff];B[tt];W[gf](;B[af])(;B[aa]))";
    let r = SgfGame::read(text).unwrap();
    assert_eq!((r.setup.width, r.setup.height), (9, 7));
    assert_eq!(r.komi, Some(Komi::from_halves(1)));
    assert_eq!(r.handicap, Some(2));
    assert_eq!(r.black_name.as_deref(), Some("Black ] Bear"));
    assert_eq!(r.comment.as_deref(), Some(r"root\comment"));
    assert_eq!(r.rules_name.as_deref(), Some("Chinese"));
    assert_eq!(r.result.as_deref(), Some("W+0.5"));
    assert_eq!(r.setup.to_move, Color::White);
    let setup: Vec<String> = r
        .setup
        .stones
        .iter()
        .map(|(p, c)| format!("{c}:{p}"))
        .collect();
    assert_eq!(setup, ["black:C5", "black:G1", "black:A7", "white:E3"]);
    let moves: Vec<String> = r.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(moves, ["D4", "pass", "F2", "pass", "G2", "A2"]);
    assert_eq!(r.moves[0].comment.as_deref(), Some("first"));
    let g = r.replay(Rules::chinese()).unwrap();
    assert_eq!(g.rules().komi(), Komi::from_halves(1));
    assert_eq!(g.move_count(), 6);
    // The variation is kept in the collection.
    let c = Collection::parse(text).unwrap();
    assert_eq!(c.roots.len(), 1);
    let branching = c.nodes.iter().filter(|n| n.children.len() == 2).count();
    assert_eq!(branching, 1);
    // Write and read back: the same record but for byte offsets.
    let mut again = SgfGame::read(&r.to_sgf()).unwrap();
    let mut original = r.clone();
    for m in again.moves.iter_mut().chain(original.moves.iter_mut()) {
        m.offset = 0;
    }
    assert_eq!(again, original);
}

#[test]
fn g10_malformed_sgf_is_an_error_with_an_offset() {
    let cases: [(&str, SgfErrorKind, usize); 10] = [
        ("", SgfErrorKind::NoGameTree, 0),
        ("(;B[aa]", SgfErrorKind::UnexpectedEnd, 7),
        ("(;B[aa", SgfErrorKind::UnexpectedEnd, 3),
        ("(;GM[2];B[aa])", SgfErrorKind::NotGo, 2),
        ("(;SZ[30])", SgfErrorKind::BadSize, 2),
        ("(;SZ[9];B[zz])", SgfErrorKind::BadPoint, 8),
        // One column past the board's edge.
        ("(;SZ[9];B[ja])", SgfErrorKind::BadPoint, 8),
        ("(;SZ[9]AB[ia][ja])", SgfErrorKind::BadPoint, 7),
        ("(;B)", SgfErrorKind::MissingValue, 2),
        // A game tree closed twice.
        ("(;B[aa]))", SgfErrorKind::Unexpected(')'), 8),
    ];
    for (text, kind, offset) in cases {
        let e = SgfGame::read(text).unwrap_err();
        assert_eq!((e.kind, e.offset), (kind, offset), "{text:?}");
    }
    let e = SgfGame::read("(;SZ[9];B[aa];W[aa])")
        .unwrap()
        .replay(Rules::default())
        .unwrap_err();
    assert_eq!(e.offset, 14);
    assert!(matches!(
        e.kind,
        SgfErrorKind::Illegal(IllegalMove::Occupied { .. })
    ));
    let e = SgfGame::read("(;SZ[3]AB[ab][ba]AW[aa])")
        .unwrap()
        .replay(Rules::default())
        .unwrap_err();
    assert!(matches!(
        e.kind,
        SgfErrorKind::Setup(SetupError::NoLiberties { .. })
    ));
}

#[test]
fn g10_game_written_as_sgf_reads_back_equal() {
    let mut g = game(Rules::japanese(), KO, Color::Black);
    play_all(&mut g, &["C2", "F4", "F1", "B2", "pass", "pass"]);
    let text = SgfGame::from_game(&g).to_sgf();
    assert!(text.contains("RU[Japanese]"));
    assert!(text.contains("KM[6.5]"));
    let back = SgfGame::read(&text)
        .unwrap()
        .replay(Rules::japanese())
        .unwrap();
    assert_eq!(back, g);
    assert_eq!(back.board(), g.board());
}

#[test]
fn g10_one_pass_reader_follows_the_main_line_like_the_tree() {
    let texts = [
        "(;GM[1]SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]));W[ee])",
        "(;SZ[9]C[root];B[aa]C[one];C[two];W[bb](;B[cc]C[x]))(;SZ[5];B[aa])",
        "junk before (;FF[4]AB[aa:bb]SZ[7]AE[aa];W[cc])",
        "(;B[aa])(;W[bb]",
    ];
    // Found by the fuzzer: a bad move value, then a property without a value. Both
    // readers refuse it; the one-pass reader names the first problem it meets.
    let fuzzed = "(;W[;r(](;K\r\r\r+['X](\u{fffd}";
    assert!(matches!(Collection::parse(fuzzed), Err(e) if e.kind == SgfErrorKind::MissingValue));
    assert_eq!(
        SgfGame::read(fuzzed).unwrap_err().kind,
        SgfErrorKind::BadPoint
    );
    for text in texts {
        let tree = Collection::parse(text);
        let one_pass = SgfGame::read(text);
        match tree {
            Ok(c) => assert_eq!(SgfGame::from_collection(&c, c.roots[0]), one_pass, "{text}"),
            Err(e) => assert_eq!(one_pass, Err(e), "{text}"),
        }
    }
    let r = SgfGame::read(texts[0]).unwrap();
    let moves: Vec<String> = r.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(moves, ["A9", "B8", "C7"]);
}
