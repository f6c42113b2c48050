//! The rules values (rulings H3–H6, H10, H11): the source's by default, yut nori as a
//! preset, and every difference its own setting.

use crate::chance::ThrowModel;
use crate::error::RulesError;

/// The most players.
pub const MAX_PLAYERS: usize = 4;
/// The most horses a player may have.
pub const MAX_HORSES: usize = 8;

/// Where a horse turns onto a diameter (rulings H3, H11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Shortcuts {
    /// The source's (H3): entering with a 5 lands on Б and goes Б→Г→Д; ending a
    /// later move on Б goes Б→Г→А; ending a move on В goes В→Г→А. The route is
    /// fixed where it is taken: Г offers no choice.
    Source,
    /// Yut nori's (H11): stopping on Б turns the horse towards Г; stopping exactly
    /// on Г sends it Г→А, passing Г keeps it on to Д; stopping on В goes В→Г→А.
    YutNori,
}

/// How a horse leaves the board at the end of its route (ruling H4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Exit {
    /// A move that reaches or passes А exits (the source's; surplus points lost).
    Reach,
    /// A move must pass beyond А; landing exactly on А leaves the horse there, where
    /// it can still be caught or joined (yut nori).
    Pass,
}

/// The rules of one game. `Rules::default()` is the source's ([`Rules::source`]);
/// [`Rules::yut_nori`] the traditional Korean game; [`Rules::preset`] finds either
/// by name ([`Rules::PRESETS`]). Each difference is a `with_*` setting, checked by
/// [`Rules::validate`] (which [`Game::new`](crate::Game::new) calls).
///
/// ```
/// use hoop_race::{Exit, Rules, Shortcuts};
/// let r = Rules::default();
/// assert_eq!((r.players(), r.horses()), (2, 4));
/// assert_eq!(r.with_players(3).horses(), 3);
/// let y = Rules::preset("Yut-Nori")?;
/// assert_eq!(y, Rules::yut_nori());
/// assert_eq!((y.shortcuts(), y.exit(), y.back_do()), (Shortcuts::YutNori, Exit::Pass, true));
/// assert!(Rules::default().with_players(5).validate().is_err());
/// # Ok::<(), hoop_race::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RulesData", into = "RulesData"))]
pub struct Rules {
    players: u8,
    horses: Option<u8>,
    to_win: Option<u8>,
    shortcuts: Shortcuts,
    exit: Exit,
    back_do: bool,
    bonus_on_rethrow: bool,
    places: bool,
    model: ThrowModel,
}

impl Default for Rules {
    /// The source's rules: 2 players with 4 horses each (3 × 3, or 4 players in
    /// partnerships with 2 each), every horse to bring out, the source's shortcuts,
    /// exit by reaching А, no back-do, a bonus throw for every capture, the game over
    /// when a side has won, fair sticks.
    fn default() -> Rules {
        Rules::source()
    }
}

impl Rules {
    /// The source's rules (the same as [`Rules::default`]).
    pub const fn source() -> Rules {
        Rules {
            players: 2,
            horses: None,
            to_win: None,
            shortcuts: Shortcuts::Source,
            exit: Exit::Reach,
            back_do: false,
            bonus_on_rethrow: true,
            places: false,
            model: ThrowModel::FAIR,
        }
    }

    /// Yut nori (ruling H11): yut nori's shortcuts, exit only by passing А, and
    /// back-do; the rest as the source (4 horses each with 2 players).
    pub const fn yut_nori() -> Rules {
        Rules {
            shortcuts: Shortcuts::YutNori,
            exit: Exit::Pass,
            back_do: true,
            ..Rules::source()
        }
    }

    /// Every preset's name, the default first: `source`, `yut_nori`. These are the
    /// names [`Rules::preset`] reads, and each has its constructor of the same name.
    pub const PRESETS: &'static [&'static str] = &["source", "yut_nori"];

    /// The preset called `name`, one of [`Rules::PRESETS`]: matched by
    /// [`game_kit::same_name`] (case, spaces, `-` and `_` ignored: `Yut-Nori` and
    /// `yut nori` are `yut_nori`).
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`] for any other name.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        match game_kit::find_name(Rules::PRESETS, name) {
            Some(0) => Ok(Rules::source()),
            Some(1) => Ok(Rules::yut_nori()),
            _ => Err(RulesError::UnknownPreset(name.into())),
        }
    }

    /// Players: 2, 3 or 4 (4 play as two partnerships, seats A+C against B+D).
    pub const fn players(&self) -> usize {
        self.players as usize
    }

    /// Sides: the players, or the two partnerships with 4 players.
    pub const fn sides(&self) -> usize {
        if self.players == 4 {
            2
        } else {
            self.players as usize
        }
    }

    /// Horses per player: set, or by the source 4, 3 or 2 for 2, 3 or 4 players.
    pub const fn horses(&self) -> usize {
        match self.horses {
            Some(h) => h as usize,
            None => match self.players {
                2 => 4,
                3 => 3,
                _ => 2,
            },
        }
    }

    /// Horses a side must bring out to win (H10): set, or all of the side's.
    pub const fn horses_to_win(&self) -> usize {
        match self.to_win {
            Some(n) => n as usize,
            None => self.horses() * (self.players() / self.sides()),
        }
    }

    /// The shortcut rule (H3, H11).
    pub const fn shortcuts(&self) -> Shortcuts {
        self.shortcuts
    }

    /// The exit rule (H4).
    pub const fn exit(&self) -> Exit {
        self.exit
    }

    /// Whether back-do is played (H11).
    pub const fn back_do(&self) -> bool {
        self.back_do
    }

    /// Whether a capture made with a 4 or 5 earns the bonus throw (H6; true by the
    /// source, false under the common yut house rule).
    pub const fn bonus_on_rethrow(&self) -> bool {
        self.bonus_on_rethrow
    }

    /// Whether play goes on for places after a side has won (H10).
    pub const fn play_for_places(&self) -> bool {
        self.places
    }

    /// How throws fall (H5).
    pub const fn throw_model(&self) -> ThrowModel {
        self.model
    }

    /// The same rules for `players` players (2..=4).
    #[must_use]
    pub const fn with_players(mut self, players: u8) -> Rules {
        self.players = players;
        self
    }

    /// The same rules with `horses` horses per player (1..=8), or the source's count.
    #[must_use]
    pub const fn with_horses(mut self, horses: Option<u8>) -> Rules {
        self.horses = horses;
        self
    }

    /// The same rules with `n` horses to bring out per side, or all of them.
    #[must_use]
    pub const fn with_horses_to_win(mut self, n: Option<u8>) -> Rules {
        self.to_win = n;
        self
    }

    /// The same rules with another shortcut rule.
    #[must_use]
    pub const fn with_shortcuts(mut self, shortcuts: Shortcuts) -> Rules {
        self.shortcuts = shortcuts;
        self
    }

    /// The same rules with another exit rule.
    #[must_use]
    pub const fn with_exit(mut self, exit: Exit) -> Rules {
        self.exit = exit;
        self
    }

    /// The same rules with back-do on or off.
    #[must_use]
    pub const fn with_back_do(mut self, back_do: bool) -> Rules {
        self.back_do = back_do;
        self
    }

    /// The same rules with or without the bonus throw for a capture made with a 4 or 5.
    #[must_use]
    pub const fn with_bonus_on_rethrow(mut self, bonus: bool) -> Rules {
        self.bonus_on_rethrow = bonus;
        self
    }

    /// The same rules with play for places on or off.
    #[must_use]
    pub const fn with_play_for_places(mut self, places: bool) -> Rules {
        self.places = places;
        self
    }

    /// The same rules with another throw model.
    #[must_use]
    pub const fn with_throw_model(mut self, model: ThrowModel) -> Rules {
        self.model = model;
        self
    }

    /// Checks every value.
    ///
    /// # Errors
    /// [`RulesError::Players`], [`RulesError::Horses`] (1..=8 per player),
    /// [`RulesError::HorsesToWin`] (1..= the side's horses), and the throw model's
    /// errors ([`ThrowModel::validate`]).
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(2..=MAX_PLAYERS as u8).contains(&self.players) {
            return Err(RulesError::Players(self.players));
        }
        if let Some(h) = self.horses
            && !(1..=MAX_HORSES as u8).contains(&h)
        {
            return Err(RulesError::Horses(h));
        }
        let side_horses = self.horses() * (self.players() / self.sides());
        if let Some(n) = self.to_win
            && (n == 0 || n as usize > side_horses)
        {
            return Err(RulesError::HorsesToWin {
                asked: n,
                side_horses,
            });
        }
        self.model.validate(self.back_do)
    }
}

/// The serialised form of [`Rules`], checked on the way in.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesData {
    players: u8,
    horses: Option<u8>,
    horses_to_win: Option<u8>,
    shortcuts: Shortcuts,
    exit: Exit,
    back_do: bool,
    bonus_on_rethrow: bool,
    play_for_places: bool,
    throw_model: ThrowModel,
}

#[cfg(feature = "serde")]
impl From<Rules> for RulesData {
    fn from(r: Rules) -> RulesData {
        RulesData {
            players: r.players,
            horses: r.horses,
            horses_to_win: r.to_win,
            shortcuts: r.shortcuts,
            exit: r.exit,
            back_do: r.back_do,
            bonus_on_rethrow: r.bonus_on_rethrow,
            play_for_places: r.places,
            throw_model: r.model,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RulesData> for Rules {
    type Error = RulesError;
    fn try_from(d: RulesData) -> Result<Rules, RulesError> {
        let r = Rules {
            players: d.players,
            horses: d.horses,
            to_win: d.horses_to_win,
            shortcuts: d.shortcuts,
            exit: d.exit,
            back_do: d.back_do,
            bonus_on_rethrow: d.bonus_on_rethrow,
            places: d.play_for_places,
            model: d.throw_model,
        };
        r.validate()?;
        Ok(r)
    }
}
