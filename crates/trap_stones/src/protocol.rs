//! Playing without a referee (ruling T10): each side commits to its traps with a
//! salted SHA-256 hash, keeps its own copy of the game, announces when the
//! opponent's stone lands on one of its traps, and at the end checks the
//! opponent's reveal against the commitment and every announcement against the
//! revealed traps.
//!
//! Why SHA-256 from `sha2`: a commitment must be *binding* (no other traps give the
//! same hash: collision resistance) and *hiding* (the hash says nothing of the
//! traps: a 256-bit random salt, preimage resistance). SHA-256 gives both with a
//! wide margin; the RustCrypto `sha2` crate is `no_std`, has no unsafe-by-default
//! surprises for this use, is maintained and audited, and is what other
//! implementations (in any language) have at hand to verify a reveal. A home-made
//! or non-cryptographic hash would let a player choose traps after the fact.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use rand_core::Rng;
use sha2::{Digest, Sha256};

use crate::board::{Bits, Cell};
use crate::draws::Draws;
use crate::error::{Cheat, GameError, ParseError, ProtocolError, SetupError};
use crate::movelist::MoveList;
use crate::moves::Move;
use crate::player::{Player, Side};
use crate::position::Position;
use crate::rules::Rules;
use crate::score::Outcome;
use crate::setup::Setup;
use crate::traps::{Traps, check_traps};

/// A commitment to a side's traps: SHA-256 of a domain tag, the traps and a salt.
/// Prints and parses as 64 hexadecimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "alloc::string::String", into = "alloc::string::String")
)]
pub struct Commitment(pub [u8; 32]);

impl fmt::Display for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl FromStr for Commitment {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Commitment, ParseError> {
        let s = s.trim().as_bytes();
        if s.len() != 64 {
            return Err(ParseError::Commitment);
        }
        let digit = |c: u8| (c as char).to_digit(16).ok_or(ParseError::Commitment);
        let mut out = [0u8; 32];
        for (k, pair) in s.chunks_exact(2).enumerate() {
            out[k] = (digit(pair[0])? * 16 + digit(pair[1])?) as u8;
        }
        Ok(Commitment(out))
    }
}

impl TryFrom<alloc::string::String> for Commitment {
    type Error = ParseError;
    fn try_from(s: alloc::string::String) -> Result<Commitment, ParseError> {
        s.parse()
    }
}

impl From<Commitment> for alloc::string::String {
    fn from(c: Commitment) -> alloc::string::String {
        alloc::string::ToString::to_string(&c)
    }
}

/// The traps and salt a side reveals at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Reveal {
    /// The traps.
    pub traps: Traps,
    /// The salt.
    pub salt: [u8; 32],
}

impl Reveal {
    /// The commitment these traps and salt make.
    pub fn commitment(&self) -> Commitment {
        let mut h = Sha256::new();
        h.update(b"trap_stones/traps/v1");
        h.update([self.traps.cells().len() as u8]);
        for c in self.traps.cells() {
            h.update([c.col(), c.row()]);
        }
        h.update(self.salt);
        Commitment(h.finalize().into())
    }
}

/// A side's secret: its traps and a random salt. Keep it; send only the
/// [`Commitment`] before play and the [`Reveal`] after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Secret {
    reveal: Reveal,
}

impl Secret {
    /// A secret with a salt drawn from `rng` (use a cryptographically secure one:
    /// the salt is what hides the traps).
    pub fn new<R: Rng + ?Sized>(traps: Traps, rng: &mut R) -> Secret {
        let mut salt = [0u8; 32];
        rng.fill_bytes(&mut salt);
        Secret::with_salt(traps, salt)
    }

    /// A secret with a given salt.
    pub fn with_salt(traps: Traps, salt: [u8; 32]) -> Secret {
        Secret {
            reveal: Reveal { traps, salt },
        }
    }

    /// The commitment to publish before play.
    pub fn commitment(&self) -> Commitment {
        self.reveal.commitment()
    }

    /// What to reveal after play.
    pub fn reveal(&self) -> Reveal {
        self.reveal
    }
}

/// What a trap's owner says about the opponent's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Announcement {
    /// The stone on this cell is on one of my traps.
    Hit(Cell),
    /// No stone of the move is on my traps.
    Miss,
}

/// One side's own copy of a game played without a referee.
///
/// ```
/// use trap_stones::{Cell, Color, Draws, Rules, Secret, Side, SideGame, Traps};
/// fn main() -> Result<(), Box<dyn std::error::Error>> {
///     let c = |s: &str| s.parse::<Cell>();
///     let draws = Draws { first: Side::One, axis: Color::Dark, side: Color::Light };
///     let one = Secret::with_salt(Traps::new(&[c("d5")?])?, [1; 32]);
///     let two = Secret::with_salt(Traps::new(&[c("e2")?])?, [2; 32]);
///     let rules = Rules::default();
///     let mut p1 = SideGame::new(rules, draws, Side::One, one, two.commitment())?;
///     let mut p2 = SideGame::new(rules, draws, Side::Two, two, one.commitment())?;
///     // Side 1 opens on e1; side 2's copy applies it and announces.
///     p1.play("e1".parse()?)?;
///     let said = p2.opponent_move("e1".parse()?)?;
///     p1.announcement(said)?;
///     p2.play("e9".parse()?)?;
///     let said = p1.opponent_move("e9".parse()?)?;
///     p2.announcement(said)?;
///     p1.play("e2".parse()?)?; // on side 2's trap
///     let said = p2.opponent_move("e2".parse()?)?; // side 2 says so
///     let outcome = p1.announcement(said)?.ok_or("the game is over")?;
///     assert_eq!(outcome.winner(), Some(Side::Two));
///     // Afterwards each checks the other's reveal.
///     assert!(p1.verify(&two.reveal()).is_ok());
///     assert!(p2.verify(&one.reveal()).is_ok());
///     Ok(())
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideGame {
    position: Position,
    me: Side,
    secret: Secret,
    my_traps: Bits,
    theirs: Commitment,
    /// My move, played, waiting for the opponent's announcement.
    awaiting: Option<Move>,
    /// The opponent's announcements about my moves.
    claims: Vec<(Move, Announcement)>,
    record: Vec<Move>,
}

impl SideGame {
    /// My copy of a game: the rules, the public draws, which side I am, my secret,
    /// and the opponent's commitment.
    ///
    /// # Errors
    /// [`GameError::Rules`]; [`GameError::Setup`] if my traps are not valid traps.
    pub fn new(
        rules: Rules,
        draws: Draws,
        me: Side,
        secret: Secret,
        opponent: Commitment,
    ) -> Result<SideGame, GameError> {
        rules.validate()?;
        let traps = secret.reveal().traps;
        // The table needs a setup; the opponent's traps are unknown, so its slot
        // holds a copy of mine, never used. Mine are checked as the referee would.
        let setup = Setup::new(draws, [traps, traps]);
        let position = Position::new(rules, &setup);
        check_traps(
            &rules,
            &position.geo,
            &traps,
            position.homes[me.other().index()],
        )?;
        let my_traps = traps.bits(&position.geo);
        Ok(SideGame {
            position,
            me,
            secret,
            my_traps,
            theirs: opponent,
            awaiting: None,
            claims: Vec::new(),
            record: Vec::new(),
        })
    }

    /// Which side I am.
    pub fn side(&self) -> Side {
        self.me
    }

    /// My commitment.
    pub fn commitment(&self) -> Commitment {
        self.secret.commitment()
    }

    /// The seat whose decision is next (its side, and the member: T11).
    pub fn to_move(&self) -> Player {
        self.position.player()
    }

    /// The outcome, once known.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome
    }

    /// The legal moves of the side to move, va-bank declarations included.
    pub fn legal_moves(&self) -> MoveList {
        self.position.legal()
    }

    /// Makes my move. A stone that could hit the opponent waits for their
    /// [`SideGame::announcement`]; declining the stake needs none.
    ///
    /// # Errors
    /// [`ProtocolError::OutOfTurn`] if it is not my turn or an announcement is
    /// awaited; [`ProtocolError::Illegal`] for an illegal move.
    pub fn play(&mut self, mv: Move) -> Result<Option<Outcome>, ProtocolError> {
        if self.awaiting.is_some() {
            return Err(ProtocolError::OutOfTurn(
                "waiting for the opponent's announcement",
            ));
        }
        if self.position.to_move != self.me {
            return Err(ProtocolError::OutOfTurn("it is the opponent's turn"));
        }
        self.position.check(mv)?;
        if mv == Move::Decline {
            self.position.apply(mv, None, &mut |_| {});
            self.record.push(mv);
            return Ok(self.position.outcome);
        }
        self.awaiting = Some(mv);
        Ok(None)
    }

    /// The opponent's announcement about my move: the move is applied with it.
    ///
    /// # Errors
    /// [`ProtocolError::OutOfTurn`] if no move of mine awaits one;
    /// [`Cheat::FalseHit`] at once if the claimed cell is not part of my move.
    pub fn announcement(&mut self, ann: Announcement) -> Result<Option<Outcome>, ProtocolError> {
        let mv = self.awaiting.take().ok_or(ProtocolError::OutOfTurn(
            "no move of mine awaits an announcement",
        ))?;
        let hit = match ann {
            Announcement::Miss => None,
            Announcement::Hit(c) => {
                if !mv.cells().contains(&c) {
                    self.awaiting = Some(mv);
                    return Err(Cheat::FalseHit(self.me.other()).into());
                }
                Some(c)
            }
        };
        self.claims.push((mv, ann));
        self.position.apply(mv, hit, &mut |_| {});
        self.record.push(mv);
        Ok(self.position.outcome)
    }

    /// What I must announce about the opponent's move `mv`, without applying it.
    pub fn announcement_for_opponent(&self, mv: Move) -> Option<Announcement> {
        if self.position.to_move == self.me {
            return None;
        }
        Some(self.announce(&mv))
    }

    fn announce(&self, mv: &Move) -> Announcement {
        mv.cells()
            .iter()
            .copied()
            .find(|&c| {
                self.position.geo.contains(c) && self.my_traps.get(self.position.geo.index(c))
            })
            .map_or(Announcement::Miss, Announcement::Hit)
    }

    /// Applies the opponent's move and returns my (honest) announcement, to send
    /// them.
    ///
    /// # Errors
    /// [`Cheat::MissingAnnouncement`] (naming the opponent) if they move while my
    /// move still awaits their announcement; [`ProtocolError::OutOfTurn`] if it is
    /// my turn; [`ProtocolError::Illegal`] for a move the rules refuse.
    pub fn opponent_move(&mut self, mv: Move) -> Result<Announcement, ProtocolError> {
        if self.awaiting.is_some() {
            return Err(Cheat::MissingAnnouncement(self.me.other()).into());
        }
        if self.position.to_move == self.me {
            return Err(ProtocolError::OutOfTurn("it is my turn"));
        }
        self.position.check(mv)?;
        let ann = if mv == Move::Decline {
            Announcement::Miss
        } else {
            self.announce(&mv)
        };
        let hit = match ann {
            Announcement::Hit(c) => Some(c),
            Announcement::Miss => None,
        };
        self.position.apply(mv, hit, &mut |_| {});
        self.record.push(mv);
        Ok(ann)
    }

    /// My reveal, to send after the game.
    pub fn reveal(&self) -> Reveal {
        self.secret.reveal()
    }

    /// Checks the opponent's reveal: it must match their commitment, be valid
    /// traps, and agree with every announcement they made about my moves.
    ///
    /// # Errors
    /// The [`Cheat`] found, naming the opponent.
    pub fn verify(&self, theirs: &Reveal) -> Result<(), Cheat> {
        let them = self.me.other();
        if theirs.commitment() != self.theirs {
            return Err(Cheat::RevealMismatch(them));
        }
        let rules = self.position.rules;
        let cells = theirs.traps.cells();
        if cells.len() != rules.traps() {
            return Err(Cheat::InvalidTraps {
                side: them,
                error: SetupError::TrapCount {
                    expected: rules.traps(),
                    found: cells.len(),
                },
            });
        }
        for &c in cells {
            if !self.position.geo.contains(c) {
                return Err(Cheat::InvalidTraps {
                    side: them,
                    error: SetupError::OffBoard(c),
                });
            }
        }
        for (mv, ann) in &self.claims {
            let truly = mv.cells().iter().copied().find(|c| cells.contains(c));
            match (ann, truly) {
                (Announcement::Miss, Some(cell)) => {
                    return Err(Cheat::FalseMiss { side: them, cell });
                }
                (Announcement::Hit(c), _) if !cells.contains(c) => {
                    return Err(Cheat::FalseHit(them));
                }
                _ => {}
            }
        }
        Ok(())
    }
}
