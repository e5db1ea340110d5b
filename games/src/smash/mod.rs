//! A Smash Up–style game (after Paul Peterson's Smash Up, seed 004): each player shuffles
//! two factions of ten cards into a deck; bases lie in the middle, one more than the
//! players. On their turn a player may play one minion on a base and one action; a base
//! whose minions' total power reaches its breakpoint scores (its first, second and third
//! places gain victory points) and is replaced; then the player draws two cards. At the end
//! of a turn, a player with 15 VP or more ends the game: the most VP wins (tied players
//! share the win). A game that reaches [`TURN_LIMIT`] turns ends there.
//!
//! Its cards change each other's rules through the runtime's
//! [`effects`](meeple::effects): General Ivan and Warbot forbid destroys (and are not
//! offered as targets), Buccaneer replaces a destroy, Hideout the play of an action that
//! would affect its owner's minions (cancelling it whole), Gremlin and Nukebot answer
//! their own destruction after leaving play, the bases Tar Pits, Field of Honor and Haunted
//! House trigger on what happens there, Overrun forbids plays and ends at its owner's turn,
//! Mark of Sleep leaves a floating prohibition for its target's next turn. Each card's
//! rules are beside its data, a file per faction ([`cards`], where "How to add a card"
//! walks through one); `effects.rs` keeps the rules that are no card's.
//!
//! Hidden: each hand from the other players (its size is public), every deck and the
//! order of the bases to come (their sizes are public).

pub mod actions;
pub mod cards;
mod effects;
mod observe;
mod pile;
mod search;
#[cfg(test)]
mod tests;
mod view;

use std::fmt;
use std::ops::RangeInclusive;

use meeple::effects::{EffectState, Resolution};
use meeple::flow::{Flow, Progress, Step};
use meeple::{
    Best, Game, Move, MoveContext, Outcome, PerPlayer, PlayerIndex, Seats, Setup, SetupError, View,
    Viewer,
};
use serde::{Deserialize, Serialize};

pub use self::actions::SmashAction;
pub use self::cards::Trigger;
use self::cards::{BASES, BaseName, CATALOG, CardDef, CardName, Faction, Kind};
pub use self::effects::{By, Cause, Effect, Target};
pub use self::pile::Pile;

/// The VP that ends the game at the end of a turn.
pub const WINNING_VP: u8 = 15;
/// The turns after which the game ends anyway, the most VP winning.
pub const TURN_LIMIT: u32 = 120;
/// Cards in a starting hand.
pub const HAND: usize = 5;

/// A card of the game: its number (its object in the effects layer) and name. Written as
/// one string, `SaucyWench#1`: a name alone is shared by copies, so only the whole says
/// which card it is (and whether it is one hidden from a viewer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct CardId {
    /// Its index in [`Smash::cards`].
    pub index: u16,
    /// Its name.
    pub name: CardName,
}

impl From<CardId> for String {
    fn from(card: CardId) -> String {
        format!("{:?}#{}", card.name, card.index)
    }
}

impl TryFrom<String> for CardId {
    type Error = String;

    /// # Errors
    /// A text other than a card name of the catalog, `#`, and a number.
    fn try_from(text: String) -> Result<CardId, String> {
        let (name, index) = text
            .split_once('#')
            .ok_or_else(|| format!("`{text}` is not a card (`Name#number`)"))?;
        let index: u16 = index
            .parse()
            .map_err(|_| format!("`{text}` is not a card: `{index}` is not a number"))?;
        let name = CATALOG
            .iter()
            .map(|def| def.name)
            .find(|known| format!("{known:?}") == name)
            .ok_or_else(|| format!("`{text}` is not a card: no card is named `{name}`"))?;
        Ok(CardId { index, name })
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name)
    }
}

/// A card's identity and where it is not: its owner and its incarnation (how many times
/// it changed zone).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// Its name.
    pub name: CardName,
    /// Its owner.
    pub owner: PlayerIndex,
    /// Zone changes so far.
    pub incarnation: u32,
}

/// An action card in play on a base: on the base itself, or on one of its minions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attached {
    /// The card.
    pub card: CardId,
    /// The minion it is played on, if any.
    pub on: Option<CardId>,
}

/// A base in play, with the minions and actions on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseInPlay {
    /// Which base.
    pub name: BaseName,
    /// How many bases entered play before it: its incarnation as an object.
    pub incarnation: u32,
    /// Minions, in the order they arrived.
    pub minions: Vec<CardId>,
    /// Ongoing actions, in the order they arrived.
    pub actions: Vec<Attached>,
}

/// The game's options: each seat's two factions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SmashConfig {
    /// Each seat's factions, by seat; seats past the list take the factions two by two
    /// from [`Faction::ALL`], going round.
    pub factions: Vec<[Faction; 2]>,
}

impl Default for SmashConfig {
    /// Pirates and Robots against Tricksters and Commanders.
    fn default() -> Self {
        SmashConfig {
            factions: vec![
                [Faction::Pirates, Faction::Robots],
                [Faction::Tricksters, Faction::Commanders],
            ],
        }
    }
}

impl SmashConfig {
    /// The factions of `player`.
    #[must_use]
    pub fn factions_of(&self, player: PlayerIndex) -> [Faction; 2] {
        self.factions.get(player.0).copied().unwrap_or_else(|| {
            let first = (2 * player.0) % Faction::ALL.len();
            [
                Faction::ALL[first],
                Faction::ALL[(first + 1) % Faction::ALL.len()],
            ]
        })
    }
}

/// The state of a game. Its [`View`] is derived: hands are hidden from the other players,
/// decks and the base deck from everyone ([`Pile`] keeps their sizes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View, meeple::Observe)]
pub struct Smash {
    /// Every card of the game, by [`CardId::index`].
    #[observe(skip)]
    pub cards: Vec<Card>,
    /// Each seat's factions.
    pub factions: PerPlayer<[Faction; 2]>,
    /// Each seat's hand.
    #[view(others = hidden)]
    pub hands: PerPlayer<Pile<CardId>>,
    /// Each seat's deck, the top last.
    #[view(hidden)]
    pub decks: PerPlayer<Pile<CardId>>,
    /// Each seat's discard pile, the top last.
    pub discards: PerPlayer<Vec<CardId>>,
    /// The bases in play.
    pub bases: Vec<BaseInPlay>,
    /// The bases to come, the next last.
    #[view(hidden)]
    pub base_deck: Pile<BaseName>,
    /// Bases that entered play so far (incarnations of bases).
    pub bases_entered: u32,
    /// Each seat's victory points.
    pub vp: PerPlayer<u8>,
    /// Minion plays left this turn.
    pub minions_left: u8,
    /// Action plays left this turn.
    pub actions_left: u8,
    /// Whether the game is over.
    pub over: bool,
    /// The effects layer: event log, floating effects, the resolution in progress.
    #[observe(skip)]
    pub effects: EffectState<Smash>,
}

/// What [`SmashMove::Deal`] lays: the decks, the hands and the bases.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deal {
    /// Each deck, the top last (empty in a view).
    pub decks: PerPlayer<Vec<CardId>>,
    /// Each deck's size.
    pub deck_sizes: PerPlayer<u32>,
    /// Each hand (empty for another's in a view).
    pub hands: PerPlayer<Vec<CardId>>,
    /// The bases laid.
    pub bases: Vec<BaseName>,
    /// The bases to come (empty in a view).
    pub base_deck: Vec<BaseName>,
    /// How many bases are to come.
    pub base_deck_size: u32,
}

/// The game's moves: its own, and the effects layer's steps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SmashMove {
    /// Shuffles the decks and the bases, then deals ([`SmashMove::Deal`]).
    Shuffle,
    /// Lays the decks, hands and bases (hidden ones concealed in a viewer's copy, their
    /// sizes kept).
    Deal(Box<Deal>),
    /// `player`'s turn begins (the flow's turn): plays reset, then the effects layer's
    /// turn record.
    StartTurn {
        /// Whose turn.
        player: PlayerIndex,
    },
    /// The player ends their plays: the plays left are given up.
    EndPlays,
    /// The base in `slot` scores; `next` replaces it (`None` when the base deck is empty).
    Score {
        /// The slot.
        slot: u8,
        /// The base that replaces it.
        next: Option<BaseName>,
    },
    /// `player`'s turn ends: the effects layer's turn record, then
    /// [`SmashMove::CheckEnd`].
    EndTurn {
        /// Whose turn.
        player: PlayerIndex,
        /// Turns begun in the game so far, this one included (from the flow's rounds).
        turns: u32,
    },
    /// After a turn's end: the game ends when a player has the VP to win, or after
    /// [`TURN_LIMIT`] turns.
    CheckEnd {
        /// Turns begun in the game so far.
        turns: u32,
    },
    /// `player` draws the top card of their deck (`None` in the copy of anyone else).
    Draw {
        /// Who draws.
        player: PlayerIndex,
        /// The card (`None` where hidden).
        card: Option<CardId>,
    },
    /// `player`'s discard pile is shuffled into their empty deck.
    Reshuffle {
        /// Whose.
        player: PlayerIndex,
        /// The new deck, the top last (empty in a view).
        order: Vec<CardId>,
        /// Its size.
        size: u32,
    },
    /// A step of the effects layer.
    Effects(Resolution<Smash>),
}

impl Move<Smash> for SmashMove {
    fn apply(&self, game: &mut Smash, next: &mut MoveContext<'_, Self>) {
        match self {
            SmashMove::Shuffle => {
                let chance = next.chance();
                let mut decks = PerPlayer::from_fn(game.vp.seats(), |_| Vec::new());
                for (index, card) in game.cards.iter().enumerate() {
                    let id = CardId {
                        index: u16::try_from(index).unwrap_or(u16::MAX),
                        name: card.name,
                    };
                    decks[card.owner].push(id);
                }
                let mut hands = PerPlayer::from_fn(game.vp.seats(), |_| Vec::new());
                for (player, deck) in decks.enumerate_mut() {
                    chance.shuffle(deck);
                    let keep = deck.len().saturating_sub(HAND);
                    hands[player] = deck.split_off(keep);
                }
                let mut bases: Vec<BaseName> = BASES.iter().map(|base| base.name).collect();
                chance.shuffle(&mut bases);
                let laid = bases.split_off(bases.len().saturating_sub(game.vp.len() + 1));
                next.then(SmashMove::Deal(Box::new(Deal {
                    deck_sizes: decks.map(|_, deck| size(deck.len())),
                    decks,
                    hands,
                    bases: laid,
                    base_deck_size: size(bases.len()),
                    base_deck: bases,
                })));
            }
            SmashMove::Deal(deal) => {
                let Deal {
                    decks,
                    deck_sizes,
                    hands,
                    bases,
                    base_deck,
                    base_deck_size,
                } = &**deal;
                for player in game.vp.players() {
                    game.decks[player].set(decks[player].clone(), deck_sizes[player]);
                    game.hands[player].set(hands[player].clone(), size(HAND));
                }
                game.base_deck.set(base_deck.clone(), *base_deck_size);
                for &name in bases {
                    game.enter_base(name, None);
                }
            }
            SmashMove::StartTurn { player } => {
                game.minions_left = 1;
                game.actions_left = 1;
                next.then(SmashMove::Effects(Resolution::TurnBegins(*player)));
            }
            SmashMove::EndPlays => {
                game.minions_left = 0;
                game.actions_left = 0;
            }
            SmashMove::Score { slot, next: after } => game.score(*slot, *after),
            SmashMove::EndTurn { player, turns } => {
                // The turn's end resolves while it is still this player's turn; then the
                // game's end is checked.
                next.then(SmashMove::Effects(Resolution::TurnEnds(*player)));
                next.then(SmashMove::CheckEnd { turns: *turns });
            }
            SmashMove::CheckEnd { turns } => {
                if game.vp.iter().any(|&vp| vp >= WINNING_VP) || *turns >= TURN_LIMIT {
                    game.over = true;
                }
            }
            SmashMove::Draw { player, card } => {
                let _ = game.decks[*player].pop();
                game.hands[*player].push(*card);
            }
            SmashMove::Reshuffle {
                player,
                order,
                size,
            } => {
                game.discards[*player].clear();
                game.decks[*player].set(order.clone(), *size);
            }
            SmashMove::Effects(step) => step.apply(game, next),
        }
    }

    /// Conceals the decks, another's hand and the bases to come in [`SmashMove::Deal`],
    /// another's drawn card, and a reshuffled deck's order.
    fn view(&self, _after: &Smash, viewer: Viewer) -> Option<Self> {
        let sees = |player: PlayerIndex| viewer.owns(player);
        Some(match self {
            SmashMove::Deal(deal) if viewer != Viewer::Admin => SmashMove::Deal(Box::new(Deal {
                decks: deal.decks.map(|_, _| Vec::new()),
                deck_sizes: deal.deck_sizes.clone(),
                hands: deal.hands.map(|player, hand| {
                    if sees(player) {
                        hand.clone()
                    } else {
                        Vec::new()
                    }
                }),
                bases: deal.bases.clone(),
                base_deck: Vec::new(),
                base_deck_size: deal.base_deck_size,
            })),
            SmashMove::Draw { player, .. } if !sees(*player) => SmashMove::Draw {
                player: *player,
                card: None,
            },
            SmashMove::Reshuffle { player, size, .. } if viewer != Viewer::Admin => {
                SmashMove::Reshuffle {
                    player: *player,
                    order: Vec::new(),
                    size: *size,
                }
            }
            other => other.clone(),
        })
    }
}

/// A count as the piles keep it.
fn size(count: usize) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}

impl Game for Smash {
    type Config = SmashConfig;
    type Move = SmashMove;
    type Actions = SmashAction;
    const NAME: &'static str = "smash";
    /// Two to four players.
    const PLAYERS: RangeInclusive<usize> = 2..=4;
    /// Prohibitions prune the selections: a minion that cannot be destroyed is not offered
    /// for a destroy, a base where Overrun forbids it not for a play.
    const PROHIBITS: bool = true;

    /// Checks the factions as Smash Up's rules deal them: each player shuffles two
    /// different factions together, and no two players share a faction while there are
    /// enough for everyone (two players; with four factions, three or four players share,
    /// as [`SmashConfig::factions_of`] deals them).
    ///
    /// # Errors
    /// [`SetupError::Config`] on the field `factions`: more seats listed than the table
    /// has, a seat listed with the same faction twice, or a faction listed for two seats
    /// when each could have their own.
    fn validate_config(config: &SmashConfig, seats: Seats) -> Result<(), SetupError> {
        let refuse = |reason: String| SetupError::Config {
            field: "factions",
            reason,
        };
        if config.factions.len() > seats.count() {
            return Err(refuse(format!(
                "factions are listed for {} seats, but the table has {}",
                config.factions.len(),
                seats.count()
            )));
        }
        for (seat, [first, second]) in config.factions.iter().enumerate() {
            if first == second {
                return Err(refuse(format!(
                    "seat {seat} is dealt {first:?} twice: each player shuffles two different factions together"
                )));
            }
        }
        if 2 * seats.count() <= Faction::ALL.len() {
            let mut holder: [Option<usize>; Faction::ALL.len()] = [None; Faction::ALL.len()];
            for seat in 0..seats.count() {
                for faction in config.factions_of(PlayerIndex(seat)) {
                    let index = Faction::ALL
                        .iter()
                        .position(|known| *known == faction)
                        .unwrap_or_default();
                    if let Some(other) = holder[index].filter(|&other| other != seat) {
                        return Err(refuse(format!(
                            "{faction:?} is dealt to seats {other} and {seat}: no two players share a faction"
                        )));
                    }
                    holder[index] = Some(seat);
                }
            }
        }
        Ok(())
    }

    /// Each seat's twenty cards, in the catalog's order by faction and name (never the
    /// order the catalog lists them in); the setup's move shuffles and deals.
    ///
    /// # Errors
    /// Never for 2 to 4 players.
    fn setup(config: &SmashConfig, seats: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Smash::setup_with(config, seats, CATALOG))
    }

    /// Turn after turn from seat 0: the turn's beginning (Overrun ends, Mark of Sleep
    /// begins), plays until the player ends them or has none left, the bases that reached
    /// their breakpoint score, two cards drawn, the turn's end.
    fn flow() -> Flow<Self> {
        Flow::new(Step::forever(
            "rounds",
            [Step::each_player(
                "turns",
                |_, _| PlayerIndex(0),
                [
                    Step::moves("start of turn", |_, flow, moves| {
                        if let Some(player) = flow.turn() {
                            moves.push(SmashMove::StartTurn { player });
                        }
                    }),
                    Step::turn("play")
                        .offering::<actions::PlayMinion>()
                        .offering::<actions::PlayAction>()
                        .offering::<actions::EndPlays>()
                        .repeated_until(|game: &Smash, _| {
                            game.minions_left == 0 && game.actions_left == 0
                        }),
                    Step::when(
                        |game: &Smash, _| game.any_base_scores(),
                        [Step::moves("score", |game: &Smash, _, moves| {
                            game.score_moves(moves);
                        })],
                    ),
                    Step::moves("draw", |_, flow, moves| {
                        let Some(player) = flow.turn() else {
                            return;
                        };
                        let cause = Cause::rules(player);
                        let draw = Effect::Draw { player };
                        moves.push(SmashMove::Effects(Resolution::Propose(vec![
                            meeple::effects::Proposal::new(draw.clone(), cause),
                            meeple::effects::Proposal::new(draw, cause),
                        ])));
                    }),
                    Step::moves("end of turn", |game: &Smash, flow, moves| {
                        let Some(player) = flow.turn() else {
                            return;
                        };
                        moves.push(SmashMove::EndTurn {
                            player,
                            turns: Smash::turns_begun(game, flow),
                        });
                    }),
                ],
            )],
        ))
    }

    /// A move in words for `viewer`: see the game's view module.
    fn describe_move(&self, applied: &SmashMove, viewer: meeple::Viewer) -> Option<String> {
        self.move_in_words(applied, viewer)
    }

    /// The bases with their minions, the hands (the viewer's face up), decks, discards, VP.
    fn scene(&self, viewer: meeple::Viewer, seats: Seats) -> meeple::scene::Scene {
        self.draw_scene(viewer, seats)
    }

    /// Once over: the most VP wins, ties sharing; scores are VP.
    fn outcome(&self) -> Option<Outcome> {
        self.over
            .then(|| Outcome::from_scores(self.vp.iter().map(|&vp| i64::from(vp)), Best::Highest))
    }

    /// What the effects in force forbid: a play Overrun or Mark of Sleep stops, a destroy
    /// of a minion General Ivan or Warbot protects.
    fn prohibits(&self, player: PlayerIndex, action: &SmashAction) -> Option<String> {
        self.prohibition(player, action)
    }

    /// Whether a prohibition is in force: else the engine counts and draws this state's
    /// completions by the actions' own fast paths.
    fn may_prohibit(&self) -> bool {
        EffectState::any_in_force(self, |ability| ability.ability.is_prohibition())
    }
}

impl Smash {
    /// The setup of `seats` under `config` with the cards of `catalog`: what
    /// [`Game::setup`] does with [`CATALOG`]. Public so that a test can show that the
    /// catalog's order changes nothing.
    #[must_use]
    pub fn setup_with(config: &SmashConfig, seats: Seats, catalog: &[CardDef]) -> Setup<Self> {
        let mut cards = Vec::new();
        for player in seats.iter() {
            let mut owned: Vec<&CardDef> = catalog
                .iter()
                .filter(|def| config.factions_of(player).contains(&def.faction))
                .collect();
            owned.sort_by_key(|def| (def.faction, def.name));
            for def in owned {
                for _ in 0..def.copies {
                    cards.push(Card {
                        name: def.name,
                        owner: player,
                        incarnation: 0,
                    });
                }
            }
        }
        let state = Smash {
            cards,
            factions: PerPlayer::from_fn(seats, |player| config.factions_of(player)),
            hands: PerPlayer::from_fn(seats, |_| Pile::new()),
            decks: PerPlayer::from_fn(seats, |_| Pile::new()),
            discards: PerPlayer::from_fn(seats, |_| Vec::new()),
            bases: Vec::new(),
            base_deck: Pile::new(),
            bases_entered: 0,
            vp: PerPlayer::filled(seats, 0),
            minions_left: 0,
            actions_left: 0,
            over: false,
            effects: EffectState::default(),
        };
        Setup {
            state,
            moves: vec![SmashMove::Shuffle],
        }
    }

    /// The card `id` names.
    #[must_use]
    pub fn card(&self, id: CardId) -> Card {
        self.cards[usize::from(id.index)]
    }

    /// The id of the card at `index`, if any.
    #[must_use]
    pub fn card_id(&self, index: u16) -> Option<CardId> {
        self.cards.get(usize::from(index)).map(|card| CardId {
            index,
            name: card.name,
        })
    }

    /// The slot of the base where minion or action `card` is, if in play.
    #[must_use]
    pub fn base_of(&self, card: CardId) -> Option<u8> {
        self.bases
            .iter()
            .position(|base| {
                base.minions.contains(&card) || base.actions.iter().any(|on| on.card == card)
            })
            .and_then(|slot| u8::try_from(slot).ok())
    }

    /// Whether `card` is a minion in play.
    #[must_use]
    pub fn in_play_minion(&self, card: CardId) -> bool {
        self.bases.iter().any(|base| base.minions.contains(&card))
    }

    /// `card`'s power now: printed, plus the power bonuses of the actions on it
    /// ([`cards::Ability::PowerBonus`], Upgrade's): a modifier read on demand, never stored.
    #[must_use]
    pub fn power(&self, card: CardId) -> u8 {
        let printed = match card.name.def().kind {
            Kind::Minion { power } => power,
            Kind::Action { .. } => 0,
        };
        self.bases
            .iter()
            .flat_map(|base| &base.actions)
            .filter(|on| on.on == Some(card))
            .flat_map(|on| on.card.name.def().abilities)
            .fold(printed, |power, ability| {
                power.saturating_add(ability.power_bonus())
            })
    }

    /// The total power of `player`'s minions at the base in `slot`.
    #[must_use]
    pub fn power_at(&self, slot: u8, player: PlayerIndex) -> u32 {
        self.bases.get(usize::from(slot)).map_or(0, |base| {
            base.minions
                .iter()
                .filter(|&&minion| self.card(minion).owner == player)
                .map(|&minion| u32::from(self.power(minion)))
                .sum()
        })
    }

    /// The total power of every minion at the base in `slot`.
    #[must_use]
    pub fn total_power(&self, slot: u8) -> u32 {
        self.vp
            .players()
            .map(|player| self.power_at(slot, player))
            .sum()
    }

    /// Turns begun in the game so far, this one included, read from where the flow
    /// stands: every seat's turn in each round before this one, then this round's.
    #[must_use]
    pub fn turns_begun(&self, flow: Progress<'_>) -> u32 {
        let seats = u32::try_from(self.vp.len()).unwrap_or(u32::MAX);
        let rounds = flow.round("rounds").unwrap_or(0);
        let this_round = flow.round("turns").map_or(0, |turn| turn + 1);
        rounds.saturating_mul(seats).saturating_add(this_round)
    }

    /// The player of the last turn begun, as the effects layer heard it
    /// ([`EffectState::turn`]): the flow's turn, in the state for the moves that resolve
    /// effects. Seat 0 before the first turn.
    #[must_use]
    pub fn current(&self) -> PlayerIndex {
        self.effects.turn.unwrap_or(PlayerIndex(0))
    }

    /// Turns begun so far, counted from the events (as a view shows them).
    #[must_use]
    pub fn turns_played(&self) -> usize {
        self.effects
            .events
            .iter()
            .filter(|event| matches!(event, meeple::effects::Event::TurnBegan(_)))
            .count()
    }

    /// Whether some base reached its breakpoint.
    fn any_base_scores(&self) -> bool {
        (0..self.bases.len()).any(|slot| self.scores(slot))
    }

    /// Whether the base in `slot` reached its breakpoint.
    fn scores(&self, slot: usize) -> bool {
        let Some(base) = self.bases.get(slot) else {
            return false;
        };
        let slot = u8::try_from(slot).unwrap_or(u8::MAX);
        self.total_power(slot) >= u32::from(base.name.def().breakpoint)
    }

    /// The moves that score every base at its breakpoint, in slot order, each with the base
    /// that replaces it (the base deck's next ones).
    fn score_moves(&self, moves: &mut Vec<SmashMove>) {
        let mut coming = self.base_deck.cards().iter().rev();
        for slot in 0..self.bases.len() {
            if self.scores(slot) {
                moves.push(SmashMove::Score {
                    slot: u8::try_from(slot).unwrap_or(u8::MAX),
                    next: coming.next().copied(),
                });
            }
        }
    }

    /// Scores the base in `slot`: its first, second and third places by power (ties share
    /// the place; a player without power there gains nothing), its cards to their owners'
    /// discard piles, the base to the bottom of the base deck, `next` in its place.
    fn score(&mut self, slot: u8, next: Option<BaseName>) {
        let Some(base) = self.bases.get(usize::from(slot)).cloned() else {
            return;
        };
        let points = base.name.def().points;
        let mut powers: Vec<(u32, PlayerIndex)> = self
            .vp
            .players()
            .map(|player| (self.power_at(slot, player), player))
            .filter(|&(power, _)| power > 0)
            .collect();
        powers.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.0.cmp(&b.1.0)));
        let mut place = 0;
        for (rank, &(power, player)) in powers.iter().enumerate() {
            if rank > 0 && power < powers[rank - 1].0 {
                place = rank;
            }
            if let Some(&won) = points.get(place) {
                self.vp[player] = self.vp[player].saturating_add(won);
            }
        }
        for minion in &base.minions {
            self.put_in_discard(*minion);
        }
        for on in &base.actions {
            self.put_in_discard(on.card);
        }
        let _ = self.base_deck.pop();
        self.base_deck.insert_bottom(base.name);
        match next {
            Some(name) => self.enter_base(name, Some(slot)),
            None => {
                self.bases.remove(usize::from(slot));
            }
        }
    }

    /// Puts base `name` into play, in `slot` or after the others.
    fn enter_base(&mut self, name: BaseName, slot: Option<u8>) {
        let base = BaseInPlay {
            name,
            incarnation: self.bases_entered,
            minions: Vec::new(),
            actions: Vec::new(),
        };
        self.bases_entered += 1;
        match slot.and_then(|slot| self.bases.get_mut(usize::from(slot))) {
            Some(at) => *at = base,
            None => self.bases.push(base),
        }
    }

    /// Puts `card` on its owner's discard pile, a new incarnation.
    fn put_in_discard(&mut self, card: CardId) {
        let entry = &mut self.cards[usize::from(card.index)];
        entry.incarnation += 1;
        let owner = entry.owner;
        self.discards[owner].push(card);
    }

    /// The cards `player` may play now of kind minion (`minions`) or action, every copy
    /// (offering one copy of each name would tell the others which copies are not in the
    /// hand when it is played).
    fn playable(&self, player: PlayerIndex, minions: bool) -> Vec<CardId> {
        let mut cards: Vec<CardId> = self.hands[player]
            .cards()
            .iter()
            .copied()
            .filter(|card| matches!(card.name.def().kind, Kind::Minion { .. }) == minions)
            .collect();
        cards.sort();
        cards
    }
}

/// A card as a distinct action, for learning agents: its index in [`Smash::cards`], which
/// the setup fills with every card of the seats' factions.
impl meeple::Distinct<Smash> for CardId {
    fn count(game: &Smash) -> usize {
        game.cards.len()
    }

    fn index(&self, _game: &Smash) -> usize {
        usize::from(self.index)
    }
}

/// A base slot as a distinct action: one slot per seat and one more, as bases in play are.
impl meeple::Distinct<Smash> for u8 {
    fn count(game: &Smash) -> usize {
        game.vp.len() + 1
    }

    fn index(&self, _game: &Smash) -> usize {
        usize::from(*self)
    }
}

/// A position in the list of triggers waiting or replacements offered, as a distinct
/// action: at most one per card and base slot, the sources of triggers and replacements
/// (a longer list is refused as [`meeple::NotDistinct::OutOfBlock`]).
impl meeple::Distinct<Smash> for usize {
    fn count(game: &Smash) -> usize {
        game.cards.len() + game.vp.len() + 1
    }

    fn index(&self, _game: &Smash) -> usize {
        *self
    }
}

/// A target as a distinct action: the base slots, then the cards, then the seats.
impl meeple::Distinct<Smash> for Target {
    fn count(game: &Smash) -> usize {
        <u8 as meeple::Distinct<Smash>>::count(game) + game.cards.len() + game.vp.len()
    }

    fn index(&self, game: &Smash) -> usize {
        let bases = <u8 as meeple::Distinct<Smash>>::count(game);
        match self {
            Target::Base(slot) => usize::from(*slot),
            Target::Minion(card) => bases + usize::from(card.index),
            Target::Player(seat) => bases + game.cards.len() + seat.0,
        }
    }
}
