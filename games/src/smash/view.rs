//! What one viewer sees of a game, as text for the terminal.

use std::fmt::Write as _;

use meeple::effects::{Event, Resolution};
use meeple::scene::{Layout, Part, Piece, Scene};
use meeple::{Game, PlayerIndex, Seats, Viewer};

use super::cards::Kind;
use super::effects::Target;
use super::{CardId, Effect, Smash, SmashMove};

/// How many events of the log the summary shows.
const RECENT: usize = 8;

impl Smash {
    /// The table as `viewer` may see it, as lines of text: each base with its breakpoint,
    /// minions (power and owner) and ongoing actions; each player's VP and the sizes of
    /// their hand, deck and discard pile; the viewer's own hand; the floating effects;
    /// the last events; whose turn it is, or the winners. Shows no hidden card, whoever
    /// the viewer (a seat past the table's is an observer).
    #[must_use]
    pub fn summary(&self, viewer: PlayerIndex) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "Smash: turn {}, first to {} VP",
            self.turns_played(),
            super::WINNING_VP
        );
        for (slot, base) in self.bases.iter().enumerate() {
            let slot = u8::try_from(slot).unwrap_or(u8::MAX);
            let _ = writeln!(text, "{}", self.base_label(slot));
            let def = base.name.def();
            if !def.text.is_empty() {
                let _ = writeln!(text, "    {}", def.text);
            }
            for &minion in &base.minions {
                let _ = writeln!(text, "    {}", self.minion_label(minion));
            }
            for on in &base.actions {
                let _ = writeln!(
                    text,
                    "    {} (Player {}){}",
                    on.card,
                    self.card(on.card).owner.0 + 1,
                    on.on
                        .map(|minion| format!(" on {minion}"))
                        .unwrap_or_default()
                );
            }
        }
        for player in self.vp.players() {
            let you = if player == viewer { " (you)" } else { "" };
            let _ = writeln!(
                text,
                "{}{you}: {} VP, {} in hand, {} in deck, {} discarded",
                self.player_name(player),
                self.vp[player],
                self.hands[player].len(),
                self.decks[player].len(),
                self.discards[player].len()
            );
        }
        if let Some(hand) = self.hands.get(viewer) {
            let cards: Vec<String> = hand.cards().iter().map(ToString::to_string).collect();
            let _ = writeln!(text, "Your hand: {}", cards.join(", "));
        }
        for floating in &self.effects.floating {
            let _ = writeln!(text, "In force: {}", floating.in_force.ability);
        }
        let recent = self.effects.events.len().saturating_sub(RECENT);
        for event in &self.effects.events[recent..] {
            let _ = writeln!(text, "  {event}");
        }
        match self.outcome() {
            Some(outcome) => {
                let winners: Vec<String> = outcome
                    .winners()
                    .iter()
                    .map(|winner| self.player_name(winner))
                    .collect();
                let _ = writeln!(text, "Game over: {} won", winners.join(" and "));
            }
            None => {
                let _ = writeln!(text, "{} to play", self.player_name(self.current()));
            }
        }
        text
    }

    /// One line for a move as `viewer` saw it, given the state right after it: the event it
    /// logged, a draw (the card named to its drawer only), a base scored; `None` for the
    /// bookkeeping steps of a resolution.
    #[must_use]
    pub(super) fn move_in_words(&self, applied: &SmashMove, viewer: Viewer) -> Option<String> {
        match applied {
            SmashMove::Draw { player, card } => Some(match card {
                Some(card) if viewer.player() == Some(*player) => format!("You draw {card}"),
                _ => format!("{} draws a card", self.player_name(*player)),
            }),
            SmashMove::Score { slot, .. } => Some(format!("Base {} scores", slot + 1)),
            SmashMove::Reshuffle { player, .. } => Some(format!(
                "{} shuffles their discard pile into their deck",
                self.player_name(*player)
            )),
            // What a proposal came to: the event it logged last (none when it waits for a
            // replacement to be chosen).
            SmashMove::Effects(Resolution::Consider(proposal)) => {
                self.effects.events.last().and_then(|event| match event {
                    // The draw's own move says it, naming the card to its drawer.
                    Event::Happened {
                        effect: Effect::Draw { .. },
                        ..
                    } => None,
                    Event::Happened { effect, .. }
                    | Event::Prevented { effect, .. }
                    | Event::Replaced { effect, .. }
                    | Event::Fizzled { effect, .. }
                        if *effect == proposal.effect =>
                    {
                        Some(event.to_string())
                    }
                    _ => None,
                })
            }
            // A replacement chosen: its event is the last (a declined one logs none).
            SmashMove::Effects(Resolution::Replace(Some(_))) => {
                self.effects.events.last().and_then(|event| {
                    matches!(event, Event::Replaced { .. }).then(|| event.to_string())
                })
            }
            SmashMove::Effects(Resolution::Float(floating)) => {
                Some(format!("{} begins", floating.in_force.ability))
            }
            _ => None,
        }
    }
}

impl Smash {
    /// The table as pieces for `viewer` ([`Game::scene`]), drawn from `viewer`'s own view:
    /// each base with its total power against its breakpoint, its points and its text, the
    /// minions on it (power, owner) and the actions played there; the base deck face down;
    /// each seat's hand (the viewer's face up, the others' face down), deck and discard
    /// pile, and its VP; the turn, the effects in force and the last events in words.
    /// Bases are picked as slots or as targets, cards as themselves or as targets.
    pub(super) fn draw_scene(&self, viewer: Viewer, seats: Seats) -> Scene {
        let mut scene = Scene::for_seats(seats);
        scene.summary.push(format!(
            "Turn {}: {} plays; first to {} VP wins.",
            self.turns_played(),
            self.player_name(self.current()),
            super::WINNING_VP
        ));
        for floating in &self.effects.floating {
            scene
                .summary
                .push(format!("In force: {}.", floating.in_force.ability));
        }
        for (slot, base) in self.bases.iter().enumerate() {
            let slot = u8::try_from(slot).unwrap_or(u8::MAX);
            let def = base.name.def();
            let mut pieces: Vec<Piece> = base
                .minions
                .iter()
                .map(|&minion| {
                    let owner = self.card(minion).owner;
                    self.card_piece(minion)
                        .owned_by(owner)
                        .marked(format!("power {}", self.power(minion)))
                        .choosing(Target::Minion(minion))
                })
                .collect();
            pieces.extend(base.actions.iter().map(|on| {
                let piece = self.card_piece(on.card).owned_by(self.card(on.card).owner);
                match on.on {
                    Some(minion) => piece.marked(format!("on {minion}")),
                    None => piece.marked("ongoing"),
                }
            }));
            let mut part = Part::cards(base.name.to_string(), Layout::Row, pieces)
                .noted(format!(
                    "power {} of {}",
                    self.total_power(slot),
                    def.breakpoint
                ))
                .noted(format!(
                    "scores {}",
                    def.points.map(|points| points.to_string()).join("/")
                ))
                .choosing(slot)
                .choosing(Target::Base(slot));
            if !def.text.is_empty() {
                part = part.noted(def.text);
            }
            scene.table.push(part);
        }
        scene.table.push(Part::cards(
            "Base deck",
            Layout::Pile,
            vec![Piece::face_down(); self.base_deck.len()],
        ));
        for (seat, area) in scene.seats.iter_mut().enumerate() {
            let player = PlayerIndex(seat);
            let hand = if viewer.owns(player) {
                self.hands[player]
                    .cards()
                    .iter()
                    .map(|&card| self.card_piece(card).owned_by(player))
                    .collect()
            } else {
                vec![Piece::face_down(); self.hands[player].len()]
            };
            area.parts.push(Part::cards("Hand", Layout::Hand, hand));
            area.parts.push(Part::cards(
                "Deck",
                Layout::Pile,
                vec![Piece::face_down(); self.decks[player].len()],
            ));
            area.parts.push(Part::cards(
                "Discard",
                Layout::Pile,
                self.discards[player]
                    .iter()
                    .map(|&card| self.card_piece(card).owned_by(player))
                    .collect(),
            ));
            area.parts
                .push(Part::counter("VP", i64::from(self.vp[player])));
            let [first, second] = self.factions[player];
            area.summary.push(format!("{first:?} and {second:?}"));
        }
        let recent = self.effects.events.len().saturating_sub(3);
        for event in &self.effects.events[recent..] {
            scene.summary.push(format!("{event}."));
        }
        scene
    }

    /// A card face up: its title, its kind and text in words, picked as itself.
    fn card_piece(&self, card: CardId) -> Piece {
        let def = card.name.def();
        let kind = match def.kind {
            Kind::Minion { power } => format!("minion, power {power}"),
            Kind::Action { ongoing: true, .. } => "ongoing action".to_owned(),
            Kind::Action { .. } => "action".to_owned(),
        };
        let title = if def.text.is_empty() {
            kind
        } else {
            format!("{kind}: {}", def.text)
        };
        Piece::face_up(def.title).titled(title).choosing(card)
    }
}
