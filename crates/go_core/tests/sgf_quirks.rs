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
    assert_eq!(
        komi(&fox("0", "HA[0]RU[Japanese]")),
        (k(6.5), Some("0".into()))
    );
    assert_eq!(
        komi(&fox("650", "RU[Japanese]")),
        (k(6.5), Some("650".into()))
    );
    assert_eq!(
        komi(&fox("750", "RU[Japanese]")),
        (k(7.5), Some("750".into()))
    );
    assert_eq!(
        komi(&fox("375", "RU[Chinese]")),
        (k(7.5), Some("375".into()))
    );
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
