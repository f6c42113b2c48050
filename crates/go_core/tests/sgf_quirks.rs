//! SGF as programs write it: the Fox Go server's komi conventions (`KM[0]` for
//! 6.5 in even games, hundredths, 375 for 7.5 under Chinese rules, 0.5 with
//! handicap stones), read as KaTrain and Sabaki read them; the text as written
//! kept; other programs' komi taken as written; written back without the quirk.

use go_core::sgf::SgfGame;
use go_core::{Komi, Rules};

fn komi(text: &str) -> (Option<Komi>, Option<String>) {
    let g = SgfGame::read(text).unwrap();
    (g.komi, g.komi_written)
}

fn k(points: f64) -> Option<Komi> {
    Some(Komi::from_points(points).unwrap())
}

#[test]
fn fox_komi_conventions() {
    let fox = |km: &str, more: &str| format!("(;GM[1]FF[4]AP[YuanYu]SZ[19]KM[{km}]{more};B[pd])");
    // (KM as written, other root properties, the komi read). 375 means 7.5
    // under Chinese rules only; other hundredths are hundredths under any rules.
    for (km, more, points) in [
        ("0", "HA[0]RU[Japanese]", 6.5),
        ("650", "RU[Japanese]", 6.5),
        ("750", "RU[Japanese]", 7.5),
        ("375", "RU[Chinese]", 7.5),
        ("650", "RU[Chinese]", 6.5),
        ("375", "RU[Japanese]", 4.0),
        // Not a handicap game: a handicap without stones, or stones without one.
        ("0", "HA[2]RU[Japanese]", 6.5),
        ("0", "HA[0]AB[dd]RU[Japanese]", 6.5),
    ] {
        assert_eq!(
            komi(&fox(km, more)),
            (k(points), Some(km.into())),
            "KM[{km}]{more}"
        );
    }
    // Already a plain komi: taken as written, nothing kept.
    assert_eq!(komi(&fox("7.50", "RU[Chinese]")), (k(7.5), None));
    // Handicap stones: half a point.
    let handicap = "(;GM[1]FF[4]AP[foxwq:1.0]SZ[19]KM[0]HA[2]AB[pd][dp];W[dd])";
    assert_eq!(komi(handicap), (k(0.5), Some("0".into())));
}

#[test]
fn other_programs_komi_is_taken_as_written() {
    assert_eq!(
        komi("(;GM[1]FF[4]AP[CGoban:3]SZ[19]KM[0];B[pd])"),
        (k(0.0), None)
    );
    assert_eq!(komi("(;GM[1]FF[4]SZ[19]KM[650];B[pd])"), (k(650.0), None));
}

#[test]
fn the_komi_read_is_written_back_plainly() {
    let text = "(;GM[1]FF[4]AP[YuanYu]SZ[19]KM[0]HA[0]RU[Japanese];B[pd];W[dd])";
    let record = SgfGame::read(text).unwrap();
    let game = record.replay(record.rules_hint()).unwrap();
    assert_eq!(game.rules().komi(), Komi::from_points(6.5).unwrap());
    let written = SgfGame::from_game(&game).to_sgf();
    assert!(written.contains("KM[6.5]"), "{written}");
    let again = SgfGame::read(&written).unwrap();
    assert_eq!((again.komi, again.komi_written.clone()), (k(6.5), None));
    assert_eq!(again.replay(Rules::japanese()).unwrap(), game);
}

#[test]
fn a_komi_out_of_range_is_refused_when_read_and_ignored_when_replayed() {
    let e = SgfGame::read("(;GM[1]SZ[9]KM[1000.5];B[ee])").unwrap_err();
    assert_eq!(e.kind, go_core::SgfErrorKind::BadNumber);
    let mut record = SgfGame::read("(;GM[1]SZ[9]KM[1000];B[ee])").unwrap();
    let game = record.replay(Rules::chinese()).unwrap();
    assert_eq!(game.rules().komi(), Komi::from_points(1000.0).unwrap());
    // Set by hand beyond the range: the rules' own komi.
    record.komi = Some(Komi::from_halves(2001));
    let game = record.replay(Rules::chinese()).unwrap();
    assert_eq!(game.rules().komi(), Rules::chinese().komi());
    assert_eq!(game.move_count(), 1);
}

#[test]
fn an_unescaped_bracket_in_text_is_read_leniently_and_refused_strictly() {
    use go_core::sgf::{Collection, Reading};
    let text = "(;GM[1]FF[4]SZ[9]C[a [ko] fight]PB[Ann];B[ee]C[x]y];W[cc])";
    let g = SgfGame::read(text).unwrap();
    assert_eq!(g.comment.as_deref(), Some("a [ko] fight"));
    assert_eq!(g.black_name.as_deref(), Some("Ann"));
    assert_eq!(g.moves[0].comment.as_deref(), Some("x]y"));
    assert_eq!(g.moves.len(), 2);
    assert!(SgfGame::read_with(text, Reading::Strict).is_err());
    assert!(Collection::parse_with(text, Reading::Strict).is_err());
    assert_eq!(
        Collection::parse(text).unwrap().nodes[0].get("C"),
        Some("a [ko] fight")
    );
    // A `]` that may end the value does: the next property follows.
    for text in ["(;GM[1]C[a]PB[b])", "(;GM[1] C [a] PB\n[b])"] {
        let g = SgfGame::read(text).unwrap();
        assert_eq!(
            (g.comment.as_deref(), g.black_name.as_deref()),
            (Some("a"), Some("b")),
            "{text:?}"
        );
    }
    // Well-formed records read the same both ways.
    let plain = "(;GM[1]FF[4]SZ[9]C[an \\] escaped];B[ee];W[])";
    assert_eq!(
        SgfGame::read(plain).unwrap(),
        SgfGame::read_with(plain, Reading::Strict).unwrap()
    );
}

#[test]
fn the_other_quirks_of_records_in_the_wild() {
    // SZ[19:19], HA[0], an empty AB[], pass as [] and as [tt].
    let g = SgfGame::read("(;GM[1]FF[4]SZ[19:19]HA[0]AB[];B[pd];W[];B[tt];W[dd])").unwrap();
    assert_eq!((g.setup.width, g.setup.height), (19, 19));
    assert_eq!(g.handicap, Some(0));
    assert!(g.setup.stones.is_empty());
    let moves: Vec<String> = g.moves.iter().map(|m| m.mv.to_string()).collect();
    assert_eq!(moves, ["Q16", "pass", "pass", "D16"]);
    // Compressed point lists.
    let g = SgfGame::read("(;GM[1]SZ[9]AB[aa:cb]AW[ee])").unwrap();
    assert_eq!(g.setup.stones.len(), 7);
    // Several games in one file.
    let games = SgfGame::read_all("(;GM[1]SZ[9];B[ee])(;GM[1]SZ[13];B[gg];W[cc])").unwrap();
    assert_eq!(
        games.iter().map(|g| g.moves.len()).collect::<Vec<_>>(),
        [1, 2]
    );
    assert_eq!(games[1].setup.width, 13);
}

#[test]
fn a_point_set_twice_in_the_setup_is_one_stone_of_the_last_colour() {
    let stones = |text: &str| SgfGame::read(text).unwrap().setup.stones;
    let a3: go_core::Point = "A3".parse().unwrap();
    let b2: go_core::Point = "B2".parse().unwrap();
    use go_core::Color::{Black, White};
    assert_eq!(stones("(;SZ[3]AB[aa]AW[aa])"), [(a3, White)]);
    assert_eq!(stones("(;SZ[3]AB[aa][bb]AE[aa])"), [(b2, Black)]);
    assert_eq!(stones("(;SZ[3]AB[aa]AE[aa]AW[aa])"), [(a3, White)]);
}

#[test]
fn the_roots_properties_in_later_nodes_are_ignored() {
    let g = SgfGame::read("(;GM[1]SZ[9]KM[6.5];B[ee]GM[2]SZ[13]KM[0];W[cc])").unwrap();
    assert_eq!(g.setup.width, 9);
    assert_eq!(g.komi, k(6.5));
    assert_eq!(g.moves.len(), 2);
}

/// A colour that moves twice in a row is read as if the other had passed in
/// between, as some editors write records; `PL` in a node before the first move
/// (a setup node after the root) names the first mover.
#[test]
fn a_colour_moving_twice_and_a_later_setup_nodes_player() {
    use go_core::{Color, Move};
    let g = SgfGame::read("(;GM[1]SZ[9];B[aa];B[bb];W[cc])").unwrap();
    let game = g.replay(Rules::default()).unwrap();
    let moves: Vec<(Color, Move)> = game.moves().collect();
    let expected = [
        (Color::Black, "A9"),
        (Color::White, "pass"),
        (Color::Black, "B8"),
        (Color::White, "C7"),
    ]
    .map(|(c, m)| (c, m.parse::<Move>().unwrap()));
    assert_eq!(moves, expected);
    for text in [
        "(;GM[1]SZ[9];AB[cc]PL[W])",
        "(;GM[1]SZ[9];AB[cc]PL[W];W[dd])",
    ] {
        let g = SgfGame::read(text).unwrap();
        assert_eq!(g.setup.to_move, Color::White, "{text}");
        let game = g.replay(Rules::default()).unwrap();
        assert_eq!(game.move_count(), g.moves.len(), "{text}: no pass put in");
    }
    // After the first move `PL` names no first mover (the record's moves do) and
    // is not read, even when malformed; in the root it is read, and checked.
    for text in [
        "(;GM[1]SZ[9];B[aa];PL[W];W[cc])",
        "(;GM[1]SZ[9];B[aa];PL[x];W[cc])",
    ] {
        let g = SgfGame::read(text).unwrap();
        assert_eq!(g.setup.to_move, Color::Black, "{text}");
    }
    assert!(SgfGame::read("(;GM[1]SZ[9]PL[x])").is_err());
    assert!(SgfGame::read("(;GM[1]SZ[9]B[aa]PL[x])").is_err());
}

/// `PL` is written whenever reading the record back would not know the player
/// otherwise: a record without moves (a handicap setup would be read with White
/// to move), or one whose first mover is White.
#[test]
fn the_player_to_move_survives_writing_and_reading() {
    use go_core::Color;
    for text in [
        "(;SZ[9]HA[2]AB[cc][gg]PL[B])",
        "(;SZ[9]HA[2]AB[cc][gg])",
        "(;SZ[9]AB[cc]PL[W])",
        "(;SZ[9]AB[cc])",
        "(;SZ[9]PL[W];W[ee];B[cc])",
        "(;SZ[9];B[ee];W[cc])",
    ] {
        let g = SgfGame::read(text).unwrap();
        let again = SgfGame::read(&g.to_sgf()).unwrap();
        assert_eq!(again.setup, g.setup, "{text}");
        let written = g.to_sgf();
        // PL only where it says something: no moves, or White first.
        let says_pl = g.moves.is_empty() || g.setup.to_move == Color::White;
        assert_eq!(written.contains("PL["), says_pl, "{text} written {written}");
        let moves = |r: &SgfGame| r.moves.iter().map(|m| (m.color, m.mv)).collect::<Vec<_>>();
        assert_eq!(moves(&again), moves(&g), "{text}");
    }
}

/// `SgfGame` reads the main line (each tree's first child) only: the nodes of
/// later variations, and anything they say, are left to [`Collection`].
///
/// [`Collection`]: go_core::sgf::Collection
#[test]
fn the_main_line_alone_is_read() {
    use go_core::Color;
    let text = "(;GM[1]SZ[9];B[ee](;W[cc]C[main];B[dd])(;W[gg]C[other]PB[x])(;W[aa]SZ[19]))";
    let g = SgfGame::read(text).unwrap();
    let moves: Vec<(Color, String)> = g
        .moves
        .iter()
        .map(|m| (m.color, m.mv.to_string()))
        .collect();
    let expected = [
        (Color::Black, "E5"),
        (Color::White, "C7"),
        (Color::Black, "D6"),
    ];
    assert_eq!(moves, expected.map(|(c, m)| (c, m.to_string())));
    assert_eq!(g.moves[1].comment.as_deref(), Some("main"));
    assert_eq!(g.black_name, None);
    assert_eq!((g.setup.width, g.setup.height), (9, 9));
}

/// A node outside every game tree (after the collection's last `)`) is an
/// error at its `;`, not a node.
#[test]
fn a_node_after_the_last_tree_is_refused() {
    use go_core::sgf::Collection;
    let text = "(;GM[1]SZ[9]);B[aa]";
    assert_eq!(Collection::parse(text).unwrap_err().offset, 13);
    assert_eq!(SgfGame::read(text).unwrap_err().offset, 13);
}

#[test]
fn records_in_the_character_set_their_ca_names() {
    use go_core::sgf::{Collection, decode};
    // GB2312 (Chinese servers), Shift_JIS (whose second bytes may be `]` or `\`),
    // EUC-KR, Big5.
    for (label, encoding, name) in [
        ("GB2312", encoding_rs::GBK, "柯洁"),
        ("Shift_JIS", encoding_rs::SHIFT_JIS, "井山裕太 ソ"),
        ("EUC-KR", encoding_rs::EUC_KR, "이세돌"),
        ("Big5", encoding_rs::BIG5, "周俊勳"),
    ] {
        let text = format!("(;GM[1]FF[4]CA[{label}]SZ[19]PB[{name}]C[{name}];B[pd])");
        let (bytes, _, unmappable) = encoding.encode(&text);
        assert!(!unmappable, "{label}");
        assert_ne!(&bytes[..], text.as_bytes(), "{label} is not UTF-8 here");
        let g = SgfGame::read_bytes(&bytes).unwrap();
        assert_eq!(g.black_name.as_deref(), Some(name), "{label}");
        assert_eq!(g.comment.as_deref(), Some(name), "{label}");
        assert_eq!(g.moves.len(), 1);
        assert_eq!(
            Collection::parse_bytes(&bytes).unwrap().nodes[0].get("PB"),
            Some(name)
        );
    }
    // A CA at the very start of the bytes (before the collection, skipped when
    // read leniently) is still the label.
    let bytes = encoding_rs::BIG5.encode("CA[Big5](;GM[1]PB[周俊勳])").0;
    let g = SgfGame::read_bytes(&bytes).unwrap();
    assert_eq!(g.black_name.as_deref(), Some("周俊勳"));
    // No CA: UTF-8, malformed bytes replaced.
    let g = SgfGame::read_bytes(b"(;GM[1]PB[a\xffb])").unwrap();
    assert_eq!(g.black_name.as_deref(), Some("a\u{fffd}b"));
    // An unknown character set is an error at its value.
    let e = decode(b"(;GM[1]CA[klingon])").unwrap_err();
    assert_eq!(e.offset, 10);
    let e = decode(b"(;GM[1]CA \n [klingon])").unwrap_err();
    assert_eq!(e.offset, 13, "the offset of the value, after the blanks");
    // A longer property name ending in CA is not CA.
    let bytes = encoding_rs::BIG5
        .encode("(;GM[1]XCA[klingon]CA[Big5]PB[周俊勳])")
        .0;
    let text = decode(&bytes).unwrap();
    assert!(text.contains("PB[周俊勳]"), "{text}");
    // Written back, records are UTF-8 and say so.
    let bytes = encoding_rs::GBK.encode("(;GM[1]CA[GBK]PB[柯洁];B[pd])").0;
    let g = SgfGame::read_bytes(&bytes).unwrap();
    let out = g.to_sgf();
    assert!(out.contains("CA[UTF-8]") && out.contains("柯洁"), "{out}");
}

/// In Big5 and Shift_JIS a character's second byte may be 0x5C, the byte of `\`
/// (許 is B3 5C in Big5, 表 is 95 5C and ソ 83 5C in Shift_JIS). Read as bytes,
/// such a byte right before `]` would escape the bracket and swallow the rest of
/// the record; decoded first, as `CA` asks, it is part of its character.
#[test]
fn a_second_byte_0x5c_is_no_escape_in_big5_and_shift_jis() {
    for (label, encoding, name, comment) in [
        ("Big5", encoding_rs::BIG5, "許功", "讚許"),
        ("Shift_JIS", encoding_rs::SHIFT_JIS, "表ソ", "能表"),
    ] {
        let text = format!(
            "(;GM[1]FF[4]CA[{label}]SZ[9]PB[{name}]PW[b]C[{comment}];B[ee]C[{comment}];W[cc])"
        );
        let (bytes, _, unmappable) = encoding.encode(&text);
        assert!(!unmappable);
        assert!(
            bytes.windows(2).any(|w| w == b"\\]"),
            "{label}: the record has a 0x5C byte right before a bracket"
        );
        let g = SgfGame::read_bytes(&bytes).unwrap();
        assert_eq!(g.black_name.as_deref(), Some(name), "{label}");
        assert_eq!(g.white_name.as_deref(), Some("b"), "{label}");
        assert_eq!(g.comment.as_deref(), Some(comment), "{label}");
        assert_eq!(g.moves.len(), 2, "{label}");
        assert_eq!(g.moves[0].comment.as_deref(), Some(comment), "{label}");
    }
}

#[test]
fn a_move_with_two_values_is_its_first_leniently_and_an_error_strictly() {
    use go_core::SgfErrorKind;
    use go_core::sgf::Reading;
    // Found by the differential fuzz target: `sgf-parse` drops such a move.
    let text = "(;GM[1]SZ[19];B[hc]\n[228]\n;W[dd])";
    let g = SgfGame::read(text).unwrap();
    assert_eq!(g.moves.len(), 2);
    assert_eq!(g.moves[0].mv.to_string(), "H17");
    let e = SgfGame::read_with(text, Reading::Strict).unwrap_err();
    assert_eq!(e.kind, SgfErrorKind::TooManyValues);
    // Also found by it: an escaped line break inside a move.
    let text = "(;GM[1]SZ[19];B[\\\nsl])";
    assert_eq!(SgfGame::read(text).unwrap().moves[0].mv.to_string(), "T8");
    let e = SgfGame::read_with(text, Reading::Strict).unwrap_err();
    assert_eq!(e.kind, SgfErrorKind::BadPoint);
    // And text before the first game tree.
    let text = "garbage;B[aa](;GM[1]SZ[9];B[ee])";
    assert_eq!(SgfGame::read(text).unwrap().moves.len(), 1);
    assert!(SgfGame::read_with(text, Reading::Strict).is_err());
    assert!(SgfGame::read_with("\u{feff} \n(;GM[1];B[ee])", Reading::Strict).is_ok());
    // And spaces around a move's letters.
    let text = "(;GM[1]SZ[19];B[pd];W[pe    ])";
    assert_eq!(SgfGame::read(text).unwrap().moves[1].mv.to_string(), "Q15");
    let e = SgfGame::read_with(text, Reading::Strict).unwrap_err();
    assert_eq!(e.kind, SgfErrorKind::BadPoint);
}

#[test]
fn rules_names_both_ways() {
    use go_core::{Game, Setup};
    // Every preset is written as a name that reads back as the same preset.
    for &name in Rules::PRESETS {
        let rules = Rules::preset(name).unwrap();
        let game = Game::new(rules, Setup::new(9, 9)).unwrap();
        let text = SgfGame::from_game(&game).to_sgf();
        let back = SgfGame::read(&text).unwrap();
        let named = back.named_rules().unwrap();
        // Every field (tax, button, handicap bonus included); komi travels as KM.
        assert_eq!(named.with_komi(rules.komi()), rules, "{name}: {text}");
        assert_eq!(back.rules_hint(), rules, "{name}");
    }
    // Settings that are no preset are written as KataGo writes them, its rule
    // string, and read back field for field.
    let custom = Rules::japanese()
        .with_tax(go_core::Tax::None)
        .with_ko(go_core::KoRule::PositionalSuperko);
    let game = Game::new(custom, Setup::new(9, 9)).unwrap();
    let text = SgfGame::from_game(&game).to_sgf();
    assert!(
        text.contains("RU[koPOSITIONALscoreTERRITORYtaxNONEsui0]"),
        "{text}"
    );
    assert_eq!(SgfGame::read(&text).unwrap().rules_hint(), custom);
    // KataGo's names for the presets and its rule strings, as its records carry them.
    for (ru, rules) in [
        ("Chinese", Rules::chinese()),
        ("TrompTaylor", Rules::tromp_taylor()),
        ("koPOSITIONALscoreAREAtaxNONEsui1", Rules::tromp_taylor()),
        ("koSIMPLEscoreAREAtaxNONEsui0whbNfpok1", Rules::chinese()),
        ("Korean", Rules::korean()),
    ] {
        let g = SgfGame::read(&format!("(;GM[1]RU[{ru}]KM[7.5])")).unwrap();
        assert_eq!(
            g.rules_hint(),
            rules.with_komi(Komi::from_halves(15)),
            "{ru}"
        );
    }
    // An unknown name keeps its text and falls back visibly.
    let g = SgfGame::read("(;GM[1]RU[Ing SST]KM[8])").unwrap();
    assert_eq!(g.named_rules(), None);
    assert_eq!(g.rules_name.as_deref(), Some("Ing SST"));
    assert_eq!(
        g.rules_hint(),
        Rules::tromp_taylor().with_komi(Komi::from_points(8.0).unwrap())
    );
}

#[test]
fn text_before_the_collection_is_skipped_leniently_and_placed_strictly() {
    use go_core::SgfErrorKind;
    use go_core::sgf::Reading;
    // After a byte-order mark (3 bytes), a mail header's word: lenient reading
    // skips it; strict reading refuses it at its first byte.
    for (text, offset) in [
        ("\u{feff}From: x\n(;SZ[9];B[ee])", 3),
        ("\u{feff}  junk(;SZ[9])", 5),
        ("junk (;SZ[9])", 0),
    ] {
        assert!(SgfGame::read(text).is_ok(), "{text:?}");
        let e = SgfGame::read_with(text, Reading::Strict).unwrap_err();
        assert_eq!(e.offset, offset, "{text:?}");
        assert!(!matches!(e.kind, SgfErrorKind::NoGameTree), "{text:?}");
    }
    // A byte-order mark alone before the collection is allowed strictly too.
    assert!(SgfGame::read_with("\u{feff}(;SZ[9])", Reading::Strict).is_ok());
}

#[test]
fn a_record_of_a_handicap_game_says_its_handicap() {
    use go_core::sgf::SgfGame as Record;
    use go_core::{Color, Game, Setup, handicap};
    let with = |setup: Setup| Record::from_game(&Game::new(Rules::chinese(), setup).unwrap());
    assert_eq!(with(handicap::fixed(9, 3).unwrap()).handicap, Some(3));
    assert_eq!(with(handicap::fixed(19, 2).unwrap()).handicap, Some(2));
    // No handicap stones: no handicap, whoever moves first.
    let mut white_first = Setup::new(9, 9);
    white_first.to_move = Color::White;
    assert_eq!(with(white_first).handicap, None);
    assert_eq!(with(Setup::new(9, 9)).handicap, None);
    // One Black stone with White to move is a setup, not a handicap.
    let one = Setup::from_diagram(". . .\n. X .\n. . .", Color::White).unwrap();
    assert_eq!(with(one).handicap, None);
}

#[test]
fn a_moves_comment_is_its_own_nodes_or_the_next_comment_without_a_move() {
    // A node without a move and without a comment leaves the move's comment;
    // a comment in a node without a move goes to the move before it, unless
    // that move has one already.
    let g = SgfGame::read("(;SZ[9];B[aa]C[hi];LB[bb:x];W[cc])").unwrap();
    assert_eq!(g.moves[0].comment.as_deref(), Some("hi"));
    assert_eq!(g.moves[1].comment, None);
    let g = SgfGame::read("(;SZ[9];B[aa];C[later];W[cc]C[own])").unwrap();
    assert_eq!(g.moves[0].comment.as_deref(), Some("later"));
    assert_eq!(g.moves[1].comment.as_deref(), Some("own"));
    let g = SgfGame::read("(;SZ[9]C[game];B[aa]C[one];C[two])").unwrap();
    assert_eq!(g.comment.as_deref(), Some("game"));
    assert_eq!(g.moves[0].comment.as_deref(), Some("one"));
    // A move in the root node (some programs write one there): the root's
    // comment is still the game's.
    let g = SgfGame::read("(;SZ[9]B[aa]C[root];W[cc])").unwrap();
    assert_eq!(g.moves.len(), 2);
    assert_eq!(g.comment.as_deref(), Some("root"));
    assert_eq!(g.moves[0].comment, None);
}

/// SGF text values: `\` escapes the next character, and a `\` before a line
/// break removes it (a soft line break), the break being any of LF, CR, CRLF or
/// LFCR as one break (FF[4] "Text").
#[test]
fn escapes_and_soft_line_breaks_in_text() {
    use go_core::sgf::Collection;
    for (value, read) in [
        ("a\\]b", "a]b"),
        ("a\\\\b", "a\\b"),
        ("a\\:b", "a:b"),
        ("one\\\ntwo", "onetwo"),
        ("one\\\rtwo", "onetwo"),
        ("one\\\r\ntwo", "onetwo"),
        ("one\\\n\rtwo", "onetwo"),
        // One break is soft, the next one kept.
        ("one\\\n\ntwo", "one\ntwo"),
        ("one\\\r\rtwo", "one\rtwo"),
    ] {
        let text = format!("(;GM[1]C[{value}])");
        let c = Collection::parse(&text).unwrap();
        assert_eq!(c.nodes[0].get("C"), Some(read), "{value:?}");
    }
}

#[test]
fn a_handicap_record_without_moves_has_white_to_move() {
    use go_core::Color;
    let g = SgfGame::read("(;SZ[9]HA[2]AB[cc][gg])").unwrap();
    assert_eq!(g.setup.to_move, Color::White);
    // Without the stones, or with a player named, or with moves: as they say.
    assert_eq!(
        SgfGame::read("(;SZ[9]HA[2])").unwrap().setup.to_move,
        Color::Black
    );
    assert_eq!(
        SgfGame::read("(;SZ[9]HA[2]AB[cc][gg]PL[B])")
            .unwrap()
            .setup
            .to_move,
        Color::Black
    );
    assert_eq!(
        SgfGame::read("(;SZ[9]AB[cc][gg])").unwrap().setup.to_move,
        Color::Black
    );
    assert_eq!(
        SgfGame::read("(;SZ[9]HA[2]AB[cc][gg];B[ee])")
            .unwrap()
            .setup
            .to_move,
        Color::Black
    );
}

#[test]
fn nodes_and_properties_know_their_byte_offsets() {
    use go_core::sgf::Collection;
    let text = "(;GM[1]SZ[9]\n;B[ee] (;W[cc])(;W[dd]C[x]))";
    let c = Collection::parse(text).unwrap();
    let offsets: Vec<usize> = c.nodes.iter().map(|n| n.offset).collect();
    for (n, &at) in c.nodes.iter().zip(&offsets) {
        assert_eq!(&text[at..at + 1], ";", "{n:?}");
        for p in &n.properties {
            assert!(text[p.offset..].starts_with(p.id.as_str()), "{p:?}");
            assert!(p.offset > at);
        }
    }
    assert_eq!(offsets, [1, 13, 21, 29]);
}
