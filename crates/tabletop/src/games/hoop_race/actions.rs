//! Hoop race's moves as action ids: a banked throw spent on a horse is
//! `((seat · 8) + number) · 6 + throw`, where `seat` is 0 for the mover's own
//! horses and 1 for the partner's (four players), `number` the horse's number
//! (0 for `A1`), and `throw` the index in [`Throw::ALL`]. A team moves as one
//! (ruling H7), so its move is named by its lowest-numbered horse, and entering
//! by the lowest-numbered waiting horse.

use hoop_race::{Horse, Move, Player, Throw};

use super::HoopRaceState;
use crate::action::Action;

/// Horse numbers a seat may have.
pub(super) const HORSES: u32 = hoop_race::MAX_HORSES as u32;
/// Throw values.
pub(super) const THROWS: u32 = 6;

impl HoopRaceState {
    /// The seat moving, and its partner (four players).
    fn seats(&self, mover: Player) -> [Option<Player>; 2] {
        let players = self.def.rules.players();
        let partner = (players == 4)
            .then(|| Player::new((mover.index() + 2) % 4))
            .flatten();
        [Some(mover), partner]
    }

    /// The action naming `mv` of `mover` (`None` for a horse of neither the mover
    /// nor the partner).
    pub fn move_to_action(&self, mover: Player, mv: Move) -> Option<Action> {
        let seat = self
            .seats(mover)
            .iter()
            .position(|s| *s == Some(mv.horse.owner))? as u32;
        Some((seat * HORSES + u32::from(mv.horse.number)) * THROWS + mv.throw.index() as u32)
    }

    /// The crate's move an action names for `mover` (`None` for the partner's
    /// horses without a partner).
    pub fn action_to_move(&self, mover: Player, action: Action) -> Option<Move> {
        let throw = Throw::ALL[(action % THROWS) as usize];
        let number = ((action / THROWS) % HORSES) as u8;
        let seat = self.seats(mover)[(action / THROWS / HORSES) as usize % 2]?;
        Some(Move::new(Horse::new(seat, number), throw))
    }

    /// The horse that names `horse`'s unit: the lowest-numbered horse of its team
    /// (its seat's horses on its station), or for a waiting horse the
    /// lowest-numbered waiting horse of its seat.
    pub(super) fn unit_head(&self, horse: Horse) -> Horse {
        let place = self.game.place(horse);
        let station = place.station();
        self.game
            .horses(horse.owner)
            .find(|&(_, p)| match station {
                Some(st) => p.station() == Some(st),
                None => p == place,
            })
            .map_or(horse, |(h, _)| h)
    }
}
