//! Rules tests of the Smash Up–style game: one per card and per interaction that
//! `EFFECTS.md` names, each on a table laid by hand, asserting the state and the events
//! (their words, in order); the prompts of the decisions asked during a resolution; and
//! determinism.

use meeple::effects::{InForce, Proposal, Resolution};
use meeple::{
    Chance, Engine, PlayerIndex, PositionSettings, Prompt, Refusal, Seats, Start, apply_moves,
};

use super::actions::{
    ChooseReplacement, DiscardCard, EndPlays, MayDestroy, MoveBuccaneer, OrderTriggers, PlayAction,
    PlayMinion,
};
use super::cards::{Ability, BaseName, CATALOG, CardName, Faction};
use super::{Attached, CardId, Cause, Effect, Smash, SmashAction, SmashConfig, SmashMove, Target};

const P0: PlayerIndex = PlayerIndex(0);
const P1: PlayerIndex = PlayerIndex(1);

/// A two-player table under `factions`, every card in its owner's deck (in card order),
/// hands empty, `bases` in play.
fn table(factions: [[Faction; 2]; 2], bases: [BaseName; 3]) -> Smash {
    table_of(&factions, bases)
}

/// [`table`] for a player per entry of `factions`.
fn table_of(factions: &[[Faction; 2]], bases: [BaseName; 3]) -> Smash {
    let config = SmashConfig {
        factions: factions.to_vec(),
    };
    let seats = Seats::new(factions.len());
    let mut state = Smash::setup_with(&config, seats, CATALOG).state;
    for player in seats.iter() {
        let owned: Vec<CardId> = (0..state.cards.len())
            .filter_map(|index| state.card_id(u16::try_from(index).ok()?))
            .filter(|&card| state.card(card).owner == player)
            .collect();
        let size = super::size(owned.len());
        state.decks[player].set(owned, size);
    }
    for name in bases {
        state.enter_base(name, None);
    }
    state
}

/// Takes `player`'s first card named `name` out of their deck.
fn take(state: &mut Smash, player: PlayerIndex, name: CardName) -> CardId {
    let card = *state.decks[player]
        .cards()
        .iter()
        .find(|card| card.name == name)
        .unwrap_or_else(|| panic!("{name:?} in the deck of {player}"));
    assert!(state.decks[player].remove(&card));
    card
}

/// Puts `player`'s card `name` in their hand.
fn in_hand(state: &mut Smash, player: PlayerIndex, name: CardName) -> CardId {
    let card = take(state, player, name);
    state.hands[player].push(Some(card));
    card
}

/// Puts `player`'s minion or action `name` on the base in `slot` (an action on `on`).
fn in_play(
    state: &mut Smash,
    player: PlayerIndex,
    name: CardName,
    slot: u8,
    on: Option<CardId>,
) -> CardId {
    let card = take(state, player, name);
    state.cards[usize::from(card.index)].incarnation += 1;
    let base = &mut state.bases[usize::from(slot)];
    match name.def().kind {
        super::cards::Kind::Minion { .. } => base.minions.push(card),
        super::cards::Kind::Action { .. } => base.actions.push(Attached { card, on }),
    }
    card
}

/// The engine from `state`, player 0's turn beginning. Forced completions are not played
/// for the players, so that a test sees each decision (and a turn without choices does
/// not end by itself).
fn start(state: Smash) -> Engine<Smash> {
    let players = state.factions.players().count();
    Engine::from_start(Start {
        settings: PositionSettings {
            autoplay_forced: false,
            ..PositionSettings::default()
        },
        ..Start::new(state, players)
    })
    .expect("a valid table")
}

/// The events logged from `from` on, in words.
fn events_from(engine: &Engine<Smash>, from: usize) -> Vec<String> {
    engine.position().state().effects.events[from..]
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn submit(engine: &mut Engine<Smash>, player: PlayerIndex, action: SmashAction) {
    if let Err(error) = engine.submit(player, action.clone()) {
        panic!("{action:?} by {player}: {error}");
    }
}

/// Submits `action` for `player`, which the rules refuse: the refusal, once checked that
/// the state and the records are as they were.
fn refused(engine: &mut Engine<Smash>, player: PlayerIndex, action: SmashAction) -> Refusal {
    let records = engine.records().len();
    let state = serde_json::to_string(engine.position().state()).expect("the state serializes");
    let refusal = match engine.submit(player, action.clone()) {
        Ok(_) => panic!("{action:?} by {player} was accepted"),
        Err(refused) => refused.error,
    };
    assert_eq!(engine.records().len(), records);
    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("the state serializes"),
        state
    );
    refusal
}

/// The options of `action`'s selection after `card` is chosen, each label with its
/// refusal.
fn options_after(
    engine: &Engine<Smash>,
    player: PlayerIndex,
    action: &str,
    card: CardId,
) -> Vec<(String, Option<String>)> {
    let prompt = engine
        .position()
        .prompt_action(player, action, &[serde_json::json!(card)])
        .expect("a prompt");
    prompt
        .selection
        .expect("a selection after the card")
        .options
        .into_iter()
        .map(|option| (option.label, option.error))
        .collect()
}

fn play_minion(engine: &mut Engine<Smash>, player: PlayerIndex, card: CardId, base: u8) {
    submit(
        engine,
        player,
        SmashAction::PlayMinion(PlayMinion { card, base }),
    );
}

fn play_action(engine: &mut Engine<Smash>, player: PlayerIndex, card: CardId, target: Target) {
    submit(
        engine,
        player,
        SmashAction::PlayAction(PlayAction { card, target }),
    );
}

/// `player` picks replacement `choice` (`None`: declines the optional ones).
fn choose_replacement(engine: &mut Engine<Smash>, player: PlayerIndex, choice: Option<usize>) {
    submit(
        engine,
        player,
        SmashAction::ChooseReplacement(ChooseReplacement { choice }),
    );
}

fn end_plays(engine: &mut Engine<Smash>, player: PlayerIndex) {
    submit(engine, player, SmashAction::EndPlays(EndPlays));
}

/// The one action `player` is asked now, with its options' labels and refusals.
fn asked(prompt: &Prompt) -> (String, String, Vec<String>) {
    assert_eq!(prompt.actions.len(), 1, "{prompt:?}");
    let action = prompt.actions[0].action.clone();
    let (text, options) = offered(prompt, &action);
    (action, text, options)
}

const PIRATES_COMMANDERS: [[Faction; 2]; 2] = [
    [Faction::Pirates, Faction::Commanders],
    [Faction::Tricksters, Faction::Robots],
];

const PLAIN: [BaseName; 3] = [BaseName::Castle, BaseName::Temple, BaseName::Factory];

#[test]
fn saucy_wench_may_destroy_a_minion_of_power_two_or_less_at_her_base() {
    let mut state = table(PIRATES_COMMANDERS, PLAIN);
    let wench = in_hand(&mut state, P0, CardName::SaucyWench);
    let microbot = in_play(&mut state, P1, CardName::Microbot, 0, None);
    let brownie = in_play(&mut state, P1, CardName::Brownie, 0, None);
    let mut engine = start(state);
    let from = engine.position().state().effects.events.len();
    play_minion(&mut engine, P0, wench, 0);
    // Asked in the middle of the play: only the minion of power 2 or less.
    let prompt = engine.position().prompt(P0);
    insta::assert_json_snapshot!("may_prompt", prompt);
    let (action, text, options) = asked(&prompt);
    assert_eq!(action, "may_destroy");
    assert_eq!(
        text,
        "Saucy Wench: you may destroy a minion of power 2 or less at base 1: Castle (8/16)"
    );
    assert_eq!(options, ["Microbot #23 (power 1, Player 2)"]);
    submit(
        &mut engine,
        P0,
        SmashAction::MayDestroy(MayDestroy {
            base: 0,
            most: 2,
            by: wench,
            targets: vec![microbot],
        }),
    );
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Saucy Wench on base 1 (by the rules, for Player 1)",
            "Saucy Wench's own text",
            "Microbot is destroyed at base 1 (by Player 1's Saucy Wench)",
        ]
    );
    assert_eq!(engine.position().state().bases[0].minions, [brownie, wench]);
    assert_eq!(engine.position().state().discards[P1], [microbot]);
}

#[test]
fn saucy_wench_may_decline() {
    let mut state = table(PIRATES_COMMANDERS, PLAIN);
    let wench = in_hand(&mut state, P0, CardName::SaucyWench);
    let microbot = in_play(&mut state, P1, CardName::Microbot, 0, None);
    let mut engine = start(state);
    play_minion(&mut engine, P0, wench, 0);
    submit(
        &mut engine,
        P0,
        SmashAction::MayDestroy(MayDestroy {
            base: 0,
            most: 2,
            by: wench,
            targets: Vec::new(),
        }),
    );
    assert_eq!(
        engine.position().state().bases[0].minions,
        [microbot, wench]
    );
    assert!(engine.position().state().effects.idle());
}

/// Saucy Wench where every minion she could destroy is protected: nothing is asked.
#[test]
fn saucy_wench_asks_nothing_when_every_target_is_protected() {
    let factions = [
        [Faction::Pirates, Faction::Robots],
        [Faction::Commanders, Faction::Tricksters],
    ];
    let mut state = table(factions, PLAIN);
    let wench = in_hand(&mut state, P0, CardName::SaucyWench);
    in_hand(&mut state, P0, CardName::Microbot);
    let conscript = in_play(&mut state, P1, CardName::Conscript, 0, None);
    let ivan = in_play(&mut state, P1, CardName::GeneralIvan, 0, None);
    let mut engine = start(state);
    let from = engine.position().state().effects.events.len();
    play_minion(&mut engine, P0, wench, 0);
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Saucy Wench on base 1 (by the rules, for Player 1)",
            "Saucy Wench's own text",
        ]
    );
    assert_eq!(
        engine.position().state().bases[0].minions,
        [conscript, ivan, wench]
    );
    assert_eq!(asked_names(&engine, P0), ["end_plays"]);
}

/// General Ivan: his owner's minions are not offered for a destroy (shown refused, with
/// the reason), refused when submitted, and a destroy proposed anyway is prevented.
#[test]
fn general_ivan_forbids_destroying_his_owners_minions() {
    let factions = [
        [Faction::Tricksters, Faction::Pirates],
        [Faction::Commanders, Faction::Robots],
    ];
    let mut state = table(factions, PLAIN);
    let cannon = in_hand(&mut state, P0, CardName::Cannon);
    let conscript = in_play(&mut state, P1, CardName::Conscript, 1, None);
    let microbot = in_play(&mut state, P1, CardName::Microbot, 2, None);
    let ivan = in_play(&mut state, P1, CardName::GeneralIvan, 2, None);
    let mut engine = start(state);
    let options = options_after(&engine, P0, "play_action", cannon);
    let reason = Some("General Ivan (its owner's minions cannot be destroyed)".to_owned());
    assert_eq!(
        options,
        [
            (
                "Microbot #23 (power 1, Player 2)".to_owned(),
                reason.clone()
            ),
            ("Conscript #32 (power 2, Player 2)".to_owned(), reason),
        ]
    );
    let refusal = refused(
        &mut engine,
        P0,
        SmashAction::PlayAction(PlayAction {
            card: cannon,
            target: Target::Minion(microbot),
        }),
    );
    assert_eq!(
        refusal,
        Refusal::Prohibited {
            action: "play_action",
            message: "General Ivan (its owner's minions cannot be destroyed)".to_owned(),
        }
    );

    // Proposed by a rule all the same: prevented, by General Ivan.
    let mut game = engine.position().state().clone();
    let from = game.effects.events.len();
    let destroy = |card: CardId, base: u8| {
        SmashMove::Effects(Resolution::propose(
            Effect::Destroy { card, base },
            Cause::card(P0, cannon),
        ))
    };
    let _ = apply_moves(
        &mut game,
        &mut Chance::from_seed(0),
        vec![destroy(conscript, 1), destroy(ivan, 2)],
    );
    let words: Vec<String> = game.effects.events[from..]
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        words,
        [
            "Conscript is destroyed at base 2 (by Player 1's Cannon): prevented by General Ivan",
            "General Ivan is destroyed at base 3 (by Player 1's Cannon): prevented by General Ivan",
        ]
    );
    assert_eq!(game.bases[1].minions, [conscript]);
    assert_eq!(game.bases[2].minions, [microbot, ivan]);
}

/// Nukebot, destroyed by a Leprechaun, looks back: every other player's minion at its base
/// is destroyed in one batch, but Warbot cannot be; the Upgrade on the Leprechaun goes with
/// it.
#[test]
fn nukebot_looks_back_and_warbot_cannot_be_destroyed() {
    let factions = [
        [Faction::Tricksters, Faction::Robots],
        [Faction::Commanders, Faction::Robots],
    ];
    let mut state = table(factions, PLAIN);
    let leprechaun = in_play(&mut state, P0, CardName::Leprechaun, 0, None);
    let upgrade = in_play(&mut state, P0, CardName::Upgrade, 0, Some(leprechaun));
    let warbot = in_play(&mut state, P0, CardName::Warbot, 0, None);
    let nukebot = in_hand(&mut state, P1, CardName::Nukebot);
    let mut engine = start(state);
    assert_eq!(engine.position().state().power(leprechaun), 7);
    end_plays(&mut engine, P0);
    let from = engine.position().state().effects.events.len();
    play_minion(&mut engine, P1, nukebot, 0);
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 2 plays Nukebot on base 1 (by the rules, for Player 2)",
            "Leprechaun destroys Nukebot",
            "Nukebot is destroyed at base 1 (by Player 1's Leprechaun)",
            "Nukebot destroys the other minions at base 1",
            "Leprechaun is destroyed at base 1 (by Player 2's Nukebot)",
            "Warbot is destroyed at base 1 (by Player 2's Nukebot): prevented by Warbot",
        ]
    );
    assert_eq!(engine.position().state().bases[0].minions, [warbot]);
    assert!(engine.position().state().bases[0].actions.is_empty());
    assert_eq!(
        engine.position().state().discards[P0],
        [upgrade, leprechaun]
    );
    assert_eq!(engine.position().state().discards[P1], [nukebot]);
}

/// Buccaneer under General Ivan: the prohibition comes first, so no replacement and no
/// prompt.
#[test]
fn a_prohibition_wins_over_a_replacement_without_a_prompt() {
    let mut state = table(PIRATES_COMMANDERS, PLAIN);
    let ivan = in_play(&mut state, P0, CardName::GeneralIvan, 0, None);
    let buccaneer = in_hand(&mut state, P0, CardName::Buccaneer);
    let leprechaun = in_play(&mut state, P1, CardName::Leprechaun, 0, None);
    let mut engine = start(state);
    let from = engine.position().state().effects.events.len();
    play_minion(&mut engine, P0, buccaneer, 0);
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Buccaneer on base 1 (by the rules, for Player 1)",
            "Leprechaun destroys Buccaneer",
            "Buccaneer is destroyed at base 1 (by Player 2's Leprechaun): prevented by General Ivan",
        ]
    );
    assert_eq!(
        engine.position().state().bases[0].minions,
        [ivan, leprechaun, buccaneer]
    );
    // Player 0 plays on (nothing left in hand): no decision was asked.
    assert_eq!(asked_names(&engine, P0), ["end_plays"]);
}

/// The prompt of `action` in `prompt`, with its options' labels and refusals.
fn offered(prompt: &Prompt, action: &str) -> (String, Vec<String>) {
    let found = prompt
        .actions
        .iter()
        .find(|offered| offered.action == action)
        .unwrap_or_else(|| panic!("{action} in {prompt:?}"));
    let options = found.selection.as_ref().map_or_else(Vec::new, |selection| {
        selection
            .options
            .iter()
            .map(|option| match &option.error {
                Some(error) => format!("{} [refused: {error}]", option.label),
                None => option.label.clone(),
            })
            .collect()
    });
    (found.prompt.clone(), options)
}

fn asked_names(engine: &Engine<Smash>, player: PlayerIndex) -> Vec<String> {
    engine
        .position()
        .prompt(player)
        .actions
        .iter()
        .map(|action| action.action.clone())
        .collect()
}

/// Buccaneer: destroyed, moved instead, to a base its owner picks; destroyed again on a
/// new event, moved again; but never twice in one chain.
#[test]
fn buccaneer_moves_instead_again_on_a_new_event_but_once_per_chain() {
    let mut state = table(PIRATES_COMMANDERS, PLAIN);
    let buccaneer = in_hand(&mut state, P0, CardName::Buccaneer);
    let leprechaun = in_play(&mut state, P1, CardName::Leprechaun, 0, None);
    let mut engine = start(state);
    let from = engine.position().state().effects.events.len();
    play_minion(&mut engine, P0, buccaneer, 0);
    let (action, text, options) = asked(&engine.position().prompt(P0));
    assert_eq!(action, "move_buccaneer");
    assert_eq!(
        text,
        "Buccaneer would be destroyed: move it to another base instead"
    );
    assert_eq!(options, ["base 2: Temple (0/20)", "base 3: Factory (0/15)"]);
    let chain = vec![engine.position().state().source(buccaneer)];
    submit(
        &mut engine,
        P0,
        SmashAction::MoveBuccaneer(MoveBuccaneer {
            card: buccaneer,
            from: 0,
            chain,
            to: 2,
        }),
    );
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Buccaneer on base 1 (by the rules, for Player 1)",
            "Leprechaun destroys Buccaneer",
            "Buccaneer is destroyed at base 1 (by Player 2's Leprechaun): replaced by Buccaneer",
            "Buccaneer moves from base 1 to base 3 (by Player 1's Buccaneer)",
        ]
    );
    assert_eq!(engine.position().state().bases[0].minions, [leprechaun]);
    assert_eq!(engine.position().state().bases[2].minions, [buccaneer]);

    // A new event: the replacement applies again (one other base: no prompt).
    let mut game = engine.position().state().clone();
    game.bases.truncate(2);
    let from = game.effects.events.len();
    let destroy = SmashMove::Effects(Resolution::propose(
        Effect::Destroy {
            card: buccaneer,
            base: 1,
        },
        Cause::card(P1, leprechaun),
    ));
    game.bases[1].minions.push(buccaneer);
    game.bases.push(engine.position().state().bases[0].clone());
    game.bases.swap(0, 2);
    game.bases.truncate(2);
    let _ = apply_moves(&mut game, &mut Chance::from_seed(0), vec![destroy.clone()]);
    assert_eq!(
        game.effects.events[from..]
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "Buccaneer is destroyed at base 2 (by Player 2's Leprechaun): replaced by Buccaneer",
            "Buccaneer moves from base 2 to base 1 (by Player 1's Buccaneer)",
        ]
    );
    // Alone in play: the product is the destroy itself, in the same chain, and the
    // replacement does not apply to it again.
    game.bases.truncate(1);
    let from = game.effects.events.len();
    let destroy = SmashMove::Effects(Resolution::propose(
        Effect::Destroy {
            card: buccaneer,
            base: 0,
        },
        Cause::card(P1, leprechaun),
    ));
    let _ = apply_moves(&mut game, &mut Chance::from_seed(0), vec![destroy]);
    assert_eq!(
        game.effects.events[from..]
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "Buccaneer is destroyed at base 1 (by Player 2's Leprechaun): replaced by Buccaneer",
            "Buccaneer is destroyed at base 1 (by Player 2's Leprechaun)",
        ]
    );
    assert_eq!(game.discards[P0], [buccaneer]);
}

/// Hideout: a consumable, optional replacement of the play of an action that would affect
/// its owner's minions on its base, asked of its owner as a confirmation; the action is
/// cancelled (to its player's discard pile, its text never resolving), Hideout destroyed,
/// and the next action against the minion goes through.
#[test]
fn hideout_cancels_an_action_once() {
    let mut state = table(PIRATES_COMMANDERS, PLAIN);
    let cannon = in_hand(&mut state, P0, CardName::Cannon);
    let purge = in_hand(&mut state, P0, CardName::Purge);
    let microbot = in_play(&mut state, P1, CardName::Microbot, 1, None);
    let hideout = in_play(&mut state, P1, CardName::Hideout, 1, None);
    let mut engine = start(state);
    let from = engine.position().state().effects.events.len();
    play_action(&mut engine, P0, cannon, Target::Minion(microbot));
    let prompt = engine.position().prompt(P1);
    insta::assert_json_snapshot!("replacement_choice", prompt);
    let (action, text, options) = asked(&prompt);
    assert_eq!(action, "choose_replacement");
    assert_eq!(
        text,
        "Would happen: Player 1 plays Cannon on Microbot (#23) (by the rules, for Player 1). Choose what happens instead"
    );
    assert_eq!(
        options,
        [
            "Hideout: destroy Hideout to cancel it (optional)",
            "Let it happen"
        ]
    );
    choose_replacement(&mut engine, P1, Some(0));
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Cannon on Microbot (#23) (by the rules, for Player 1): replaced by Hideout",
            "Hideout is destroyed at base 2 (by Player 2's Hideout)",
            "Player 1's Cannon on Microbot (#23) is cancelled (by Player 2's Hideout)",
        ]
    );
    assert_eq!(engine.position().state().bases[1].minions, [microbot]);
    assert!(engine.position().state().bases[1].actions.is_empty());
    assert_eq!(engine.position().state().discards[P1], [hideout]);
    // Cancelled, it was still played: the turn's action is spent.
    assert_eq!(engine.position().state().discards[P0], [cannon]);
    assert_eq!(engine.position().state().hands[P0].cards(), [purge]);
    assert_eq!(engine.position().state().actions_left, 0);
    // Its owner reads the replacement among the record's moves in words.
    let records = engine.viewed_records(meeple::Viewer::Player(P1));
    let texts: Vec<&str> = records
        .iter()
        .flat_map(|record| record.texts.iter().flatten())
        .map(String::as_str)
        .collect();
    assert!(
        texts.contains(
            &"Player 1 plays Cannon on Microbot (#23) (by the rules, for Player 1): replaced by Hideout"
        ),
        "{texts:?}"
    );

    // Player 0's next turn: Purge goes through.
    end_plays(&mut engine, P0);
    end_plays(&mut engine, P1);
    let from = engine.position().state().effects.events.len();
    play_action(&mut engine, P0, purge, Target::Minion(microbot));
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Purge on Microbot (#23) (by the rules, for Player 1)",
            "Purge's own text",
            "Microbot is destroyed at base 2 (by Player 1's Purge)",
        ]
    );
    assert_eq!(engine.position().state().discards[P1], [hideout, microbot]);
}

/// Hideout cancels the whole action, not one of its effects: Broadside would destroy two
/// of its owner's minions on its base, and both stay.
#[test]
fn hideout_cancels_a_whole_broadside() {
    let mut state = table(PIRATES_COMMANDERS, PLAIN);
    let broadside = in_hand(&mut state, P0, CardName::Broadside);
    in_play(&mut state, P0, CardName::Conscript, 0, None);
    let microbot = in_play(&mut state, P1, CardName::Microbot, 0, None);
    let zapbot = in_play(&mut state, P1, CardName::Zapbot, 0, None);
    let hideout = in_play(&mut state, P1, CardName::Hideout, 0, None);
    let mut engine = start(state);
    let from = engine.position().state().effects.events.len();
    play_action(&mut engine, P0, broadside, Target::Base(0));
    // Asked once, at the play: not once per minion.
    assert_eq!(asked(&engine.position().prompt(P1)).0, "choose_replacement");
    choose_replacement(&mut engine, P1, Some(0));
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Broadside on base 1 (by the rules, for Player 1): replaced by Hideout",
            "Hideout is destroyed at base 1 (by Player 2's Hideout)",
            "Player 1's Broadside on base 1 is cancelled (by Player 2's Hideout)",
        ]
    );
    let base = &engine.position().state().bases[0];
    assert!(base.minions.contains(&microbot) && base.minions.contains(&zapbot));
    assert!(base.actions.is_empty());
    assert_eq!(engine.position().state().discards[P1], [hideout]);
    assert_eq!(engine.position().state().discards[P0], [broadside]);
}

/// Hideout answers only an action that would affect its owner's minions on its base: a
/// Broadside there that destroys none of them asks nothing.
#[test]
fn hideout_ignores_an_action_that_spares_its_owner_there() {
    let mut state = table(
        [
            [Faction::Pirates, Faction::Robots],
            [Faction::Tricksters, Faction::Commanders],
        ],
        PLAIN,
    );
    let broadside = in_hand(&mut state, P0, CardName::Broadside);
    in_play(&mut state, P0, CardName::Microbot, 1, None);
    let brownie = in_play(&mut state, P1, CardName::Brownie, 1, None);
    let ivan = in_play(&mut state, P1, CardName::GeneralIvan, 1, None);
    let conscript = in_play(&mut state, P1, CardName::Conscript, 1, None);
    let hideout = in_play(&mut state, P1, CardName::Hideout, 1, None);
    let mut engine = start(state);
    // Base 2 holds Hideout and its owner's minions: of power over 2, or protected by
    // General Ivan. Broadside would affect none of them.
    assert!(
        engine.position().state().power(brownie) > 2
            && engine.position().state().power(conscript) <= 2
    );
    let from = engine.position().state().effects.events.len();
    play_action(&mut engine, P0, broadside, Target::Base(1));
    assert!(engine.position().follow_ups().is_empty(), "nothing asked");
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Broadside on base 2 (by the rules, for Player 1)",
            "Broadside's own text",
            "Conscript is destroyed at base 2 (by Player 1's Broadside): prevented by General Ivan",
        ]
    );
    assert_eq!(engine.position().state().bases[1].actions[0].card, hideout);
    let minions = &engine.position().state().bases[1].minions;
    assert!(
        [brownie, ivan, conscript]
            .iter()
            .all(|minion| minions.contains(minion))
    );
}

/// Two players' Hideouts against one Broadside: each owner is asked about their own, in
/// turn; the first declines, the second spends theirs, and the action is cancelled.
#[test]
fn two_hideouts_are_asked_of_their_owners_in_turn() {
    let tricksters = [Faction::Tricksters, Faction::Robots];
    let mut state = table_of(
        &[
            [Faction::Pirates, Faction::Commanders],
            tricksters,
            tricksters,
        ],
        PLAIN,
    );
    let p2 = PlayerIndex(2);
    let broadside = in_hand(&mut state, P0, CardName::Broadside);
    in_play(&mut state, P0, CardName::Conscript, 0, None);
    let microbot = in_play(&mut state, P1, CardName::Microbot, 0, None);
    let zapbot = in_play(&mut state, p2, CardName::Zapbot, 0, None);
    let first = in_play(&mut state, P1, CardName::Hideout, 0, None);
    let second = in_play(&mut state, p2, CardName::Hideout, 0, None);
    let mut engine = start(state);
    let from = engine.position().state().effects.events.len();
    play_action(&mut engine, P0, broadside, Target::Base(0));
    // Player 2 first, about their own Hideout only; player 3 is not asked yet.
    assert_eq!(engine.position().to_act(), meeple::PlayerSet::one(P1));
    let (action, _, options) = asked(&engine.position().prompt(P1));
    assert_eq!(action, "choose_replacement");
    assert_eq!(
        options,
        [
            "Hideout: destroy Hideout to cancel it (optional)",
            "Let it happen"
        ]
    );
    choose_replacement(&mut engine, P1, None);
    assert_eq!(engine.position().to_act(), meeple::PlayerSet::one(p2));
    choose_replacement(&mut engine, p2, Some(0));
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Broadside on base 1 (by the rules, for Player 1): replaced by Hideout",
            "Hideout is destroyed at base 1 (by Player 3's Hideout)",
            "Player 1's Broadside on base 1 is cancelled (by Player 3's Hideout)",
        ]
    );
    let base = &engine.position().state().bases[0];
    assert!(base.minions.contains(&microbot) && base.minions.contains(&zapbot));
    assert_eq!(
        base.actions.iter().map(|on| on.card).collect::<Vec<_>>(),
        [first]
    );
    assert_eq!(engine.position().state().discards[p2], [second]);
}

/// Gremlin, destroyed, looks back: its owner draws, the other player discards a random
/// card.
#[test]
fn gremlin_triggers_after_it_left_play() {
    let mut state = table(PIRATES_COMMANDERS, PLAIN);
    let cannon = in_hand(&mut state, P0, CardName::Cannon);
    let veteran = in_hand(&mut state, P0, CardName::Veteran);
    let gremlin = in_play(&mut state, P1, CardName::Gremlin, 0, None);
    let mut engine = start(state);
    let from = engine.position().state().effects.events.len();
    play_action(&mut engine, P0, cannon, Target::Minion(gremlin));
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Cannon on Gremlin (#31) (by the rules, for Player 1)",
            "Cannon's own text",
            "Gremlin is destroyed at base 1 (by Player 1's Cannon)",
            "Gremlin: Player 2 draws, each other player discards at random",
            "Player 2 draws a card (by Player 2's Gremlin)",
            "Player 1 discards Veteran (by Player 2's Gremlin)",
        ]
    );
    assert!(engine.position().state().bases[0].minions.is_empty());
    assert_eq!(engine.position().state().hands[P1].len(), 1);
    assert!(engine.position().state().hands[P0].is_empty());
    assert_eq!(engine.position().state().discards[P0], [cannon, veteran]);
    assert_eq!(engine.position().state().discards[P1], [gremlin]);
    // In words, move by move: the drawer reads the card drawn, the other player that a
    // card was drawn; neither reads the draw twice.
    let drawn = engine.position().state().hands[P1].cards()[0];
    let words_of = |viewer: PlayerIndex| -> Vec<String> {
        let records = engine.viewed_records(meeple::Viewer::Player(viewer));
        records
            .last()
            .map(|record| record.texts.iter().flatten().cloned().collect())
            .unwrap_or_default()
    };
    let told = format!("You draw {drawn}");
    assert_eq!(
        words_of(P1),
        [
            "Player 1 plays Cannon on Gremlin (#31) (by the rules, for Player 1)",
            "Gremlin is destroyed at base 1 (by Player 1's Cannon)",
            told.as_str(),
            "Player 1 discards Veteran (by Player 2's Gremlin)"
        ]
    );
    assert_eq!(words_of(P0)[2], "Player 2 draws a card");
}

/// Broadside at Field of Honor destroys two minions in one batch: the batch trigger gives
/// its player one VP, once; at Tar Pits each minion destroyed goes under its owner's deck.
#[test]
fn a_batch_feeds_field_of_honor_once_and_tar_pits_each_time() {
    let factions = [
        [Faction::Pirates, Faction::Commanders],
        [Faction::Tricksters, Faction::Robots],
    ];
    let bases = [BaseName::FieldOfHonor, BaseName::TarPits, BaseName::Castle];
    let mut state = table(factions, bases);
    let broadside = in_hand(&mut state, P0, CardName::Broadside);
    in_play(&mut state, P0, CardName::Conscript, 0, None);
    let microbot = in_play(&mut state, P1, CardName::Microbot, 0, None);
    let zapbot = in_play(&mut state, P1, CardName::Zapbot, 0, None);
    let brownie = in_play(&mut state, P1, CardName::Brownie, 0, None);
    let mut engine = start(state);
    let from = engine.position().state().effects.events.len();
    play_action(&mut engine, P0, broadside, Target::Base(0));
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Broadside on base 1 (by the rules, for Player 1)",
            "Broadside's own text",
            "Microbot is destroyed at base 1 (by Player 1's Broadside)",
            "Zapbot is destroyed at base 1 (by Player 1's Broadside)",
            "Field of Honor: Player 1 gains 1 VP",
            "Player 1 gains 1 VP (by Field of Honor)",
        ]
    );
    assert_eq!(engine.position().state().vp[P0], 1);
    assert_eq!(engine.position().state().bases[0].minions.len(), 2);
    assert!(
        engine.position().state().bases[0]
            .minions
            .contains(&brownie)
    );
    assert_eq!(engine.position().state().discards[P1], [microbot, zapbot]);

    // The same two minions destroyed at Tar Pits, one batch: one trigger per minion, two
    // alike but for their card: the current player orders them.
    let mut game = engine.position().state().clone();
    game.bases[1].minions.extend([microbot, zapbot]);
    game.discards[P1].clear();
    let deck = game.decks[P1].len();
    let from = game.effects.events.len();
    let _ = apply_moves(
        &mut game,
        &mut Chance::from_seed(0),
        vec![SmashMove::Effects(Resolution::Propose(vec![
            Proposal::new(
                Effect::Destroy {
                    card: microbot,
                    base: 1,
                },
                Cause::card(P0, broadside),
            ),
            Proposal::new(
                Effect::Destroy {
                    card: zapbot,
                    base: 1,
                },
                Cause::card(P0, broadside),
            ),
        ]))],
    );
    assert_eq!(
        game.effects.events[from..]
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "Microbot is destroyed at base 2 (by Player 1's Broadside)",
            "Zapbot is destroyed at base 2 (by Player 1's Broadside)",
        ]
    );
    // Stopped for the order (a hand-made context asks nobody): two waiting.
    assert_eq!(game.effects.triggers_waiting(), [0, 1]);
    let _ = apply_moves(
        &mut game,
        &mut Chance::from_seed(0),
        vec![
            SmashMove::Effects(Resolution::Choose(1)),
            SmashMove::Effects(Resolution::Next),
        ],
    );
    assert_eq!(
        game.effects.events[from + 2..]
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "Tar Pits buries Zapbot",
            "Zapbot goes to the bottom of its owner's deck (by Tar Pits)",
            "Tar Pits buries Microbot",
            "Microbot goes to the bottom of its owner's deck (by Tar Pits)",
        ]
    );
    assert!(game.discards[P1].is_empty());
    assert_eq!(game.decks[P1].len(), deck + 2);
    assert_eq!(game.decks[P1].cards()[..2], [microbot, zapbot]);
}

/// A minion played at Haunted House where another player's Leprechaun stands: two
/// triggers of different owners; the current player orders them, and the one picked
/// resolves whole (the discard it asks included) before the other.
#[test]
fn the_current_player_orders_triggers_of_different_owners() {
    let factions = [
        [Faction::Pirates, Faction::Commanders],
        [Faction::Tricksters, Faction::Robots],
    ];
    let bases = [BaseName::HauntedHouse, BaseName::Castle, BaseName::Temple];
    let mut state = table(factions, bases);
    let conscript = in_hand(&mut state, P0, CardName::Conscript);
    let veteran = in_hand(&mut state, P0, CardName::Veteran);
    in_play(&mut state, P1, CardName::Leprechaun, 0, None);
    let mut engine = start(state);
    let from = engine.position().state().effects.events.len();
    play_minion(&mut engine, P0, conscript, 0);
    let prompt = engine.position().prompt(P0);
    insta::assert_json_snapshot!("ordering_prompt", prompt);
    let (action, text, options) = asked(&prompt);
    assert_eq!(action, "order_triggers");
    assert_eq!(text, "Choose which effect resolves next");
    assert_eq!(
        options,
        [
            "Haunted House: Player 1 discards a card (Player 1's)",
            "Leprechaun destroys Conscript (Player 2's)",
        ]
    );
    // Saved while the order is asked: replayed, the same prompt.
    let saved = serde_json::to_string(&engine.log()).expect("the log serializes");
    let mut resumed = Engine::<Smash>::replay(&serde_json::from_str(&saved).expect("a log"))
        .expect("the log replays");
    assert_eq!(resumed.position().prompt(P0), prompt);

    for engine in [&mut engine, &mut resumed] {
        submit(
            engine,
            P0,
            SmashAction::OrderTriggers(OrderTriggers { next: 0 }),
        );
        // The Haunted House's discard is asked before the Leprechaun resolves.
        let (action, _, _) = asked(&engine.position().prompt(P0));
        assert_eq!(action, "discard_card");
        assert_eq!(
            engine.position().count_completions(P0),
            1,
            "forced: one card in hand"
        );
        submit(
            engine,
            P0,
            SmashAction::DiscardCard(DiscardCard { card: veteran }),
        );
        assert_eq!(engine.position().state().discards[P0], [veteran, conscript]);
    }
    assert_eq!(
        events_from(&engine, from),
        [
            "Player 1 plays Conscript on base 1 (by the rules, for Player 1)",
            "Haunted House: Player 1 discards a card",
            "Player 1 discards Veteran (by Haunted House)",
            "Leprechaun destroys Conscript",
            "Conscript is destroyed at base 1 (by Player 2's Leprechaun)",
        ]
    );
    assert_eq!(
        serde_json::to_string(resumed.position().state()).expect("JSON"),
        serde_json::to_string(engine.position().state()).expect("JSON")
    );
}

/// Mark of Sleep on the other player: no action on their next turn only. On oneself,
/// during one's own turn: in force on one's following turn, not the rest of this one.
#[test]
fn mark_of_sleep_floats_over_the_marked_players_next_turn_only() {
    let factions = [
        [Faction::Tricksters, Faction::Robots],
        [Faction::Pirates, Faction::Commanders],
    ];
    let mut state = table(factions, PLAIN);
    let mark = in_hand(&mut state, P0, CardName::MarkOfSleep);
    let cannon = in_hand(&mut state, P1, CardName::Cannon);
    let microbot = in_play(&mut state, P0, CardName::Microbot, 0, None);
    let mut engine = start(state);
    let from = engine.position().state().effects.events.len();
    play_action(&mut engine, P0, mark, Target::Player(P1));
    end_plays(&mut engine, P0);
    // Player 1's turn: the action is shown refused, with the reason, and has no
    // completion.
    let prompt = engine.position().prompt(P1);
    let (_, options) = offered(&prompt, "play_action");
    assert_eq!(
        options,
        [
            "Cannon #29: Destroy a minion of power 2 or less. [refused: Mark of Sleep on Player 2 (this player cannot play actions this turn)]"
        ]
    );
    assert_eq!(
        engine.position().count_completions(P1),
        1,
        "only ending the turn"
    );
    let refusal = refused(
        &mut engine,
        P1,
        SmashAction::PlayAction(PlayAction {
            card: cannon,
            target: Target::Minion(microbot),
        }),
    );
    assert_eq!(
        refusal,
        Refusal::Prohibited {
            action: "play_action",
            message: "Mark of Sleep on Player 2 (this player cannot play actions this turn)"
                .to_owned()
        }
    );
    end_plays(&mut engine, P1);
    let marked: Vec<String> = events_from(&engine, from)
        .into_iter()
        .filter(|event| !event.contains("draws"))
        .collect();
    assert_eq!(
        marked,
        [
            "Player 1 plays Mark of Sleep on Player 2 (by the rules, for Player 1)",
            "Mark of Sleep's own text",
            "Mark of Sleep on Player 2 begins",
            "turn of player 0 ends",
            "turn of player 1 begins",
            "Mark of Sleep on Player 2 ends",
            "turn of player 1 ends",
            "turn of player 0 begins",
        ]
    );
    // Player 1's next turn: free again.
    end_plays(&mut engine, P0);
    assert!(asked_names(&engine, P1).contains(&"play_action".to_owned()));

    // Marking oneself.
    let mut state = table(factions, PLAIN);
    let mark = in_hand(&mut state, P0, CardName::MarkOfSleep);
    let mut engine = start(state);
    play_action(&mut engine, P0, mark, Target::Player(P0));
    let asleep = InForce {
        source: engine.position().state().source(mark),
        controller: P0,
        ability: Ability::Asleep(0),
    };
    let play = Proposal::new(
        Effect::PlayAction {
            player: P0,
            card: mark,
            target: Target::Player(P0),
        },
        Cause::rules(P0),
    );
    let prohibiting = |engine: &Engine<Smash>| {
        meeple::effects::EffectState::prohibiting(engine.position().state(), &play)
    };
    assert_eq!(prohibiting(&engine), None, "not the rest of this turn");
    end_plays(&mut engine, P0);
    assert_eq!(prohibiting(&engine), None, "not the other player's turn");
    end_plays(&mut engine, P1);
    assert_eq!(prohibiting(&engine), Some(asleep), "player 0's next turn");
    end_plays(&mut engine, P0);
    end_plays(&mut engine, P1);
    assert_eq!(prohibiting(&engine), None, "over");
    assert!(engine.position().state().effects.floating.is_empty());
}

/// Overrun: the other player cannot play minions on its base (shown refused); at the start
/// of its owner's next turn it is destroyed.
#[test]
fn overrun_forbids_the_others_minions_until_its_owners_next_turn() {
    let mut state = table(PIRATES_COMMANDERS, PLAIN);
    let overrun = in_hand(&mut state, P0, CardName::Overrun);
    let gnome = in_hand(&mut state, P1, CardName::Gnome);
    let mut engine = start(state);
    play_action(&mut engine, P0, overrun, Target::Base(1));
    end_plays(&mut engine, P0);
    let refused: Vec<Option<String>> = options_after(&engine, P1, "play_minion", gnome)
        .into_iter()
        .map(|(_, error)| error)
        .collect();
    assert_eq!(
        refused,
        [
            None,
            Some("Overrun (other players cannot play minions on this base)".to_owned()),
            None
        ]
    );
    play_minion(&mut engine, P1, gnome, 0);
    end_plays(&mut engine, P1);
    let from = engine
        .position()
        .state()
        .effects
        .events
        .iter()
        .rposition(|event| event.to_string() == "turn of player 0 begins")
        .expect("player 0's turn began");
    assert_eq!(
        events_from(&engine, from),
        [
            "turn of player 0 begins",
            "Overrun is destroyed",
            "Overrun is destroyed at base 2 (by Player 1's Overrun)",
        ]
    );
    assert!(engine.position().state().bases[1].actions.is_empty());
    assert!(engine.position().state().discards[P0].contains(&overrun));
}

/// The catalog's order is not the game's: the same seed gives the same game, card for
/// card, whatever order the cards were listed in.
#[test]
fn the_catalogs_order_changes_nothing() {
    let config = SmashConfig::default();
    let listed = Smash::setup_with(&config, Seats::new(2), CATALOG).state;
    let mut shuffled = CATALOG.to_vec();
    Chance::from_seed(7).shuffle(&mut shuffled);
    shuffled.reverse();
    let reordered = Smash::setup_with(&config, Seats::new(2), &shuffled).state;
    assert_eq!(listed, reordered);
}

#[test]
fn factions_are_dealt_as_the_rules_deal_them() {
    use Faction::{Commanders, Pirates, Robots, Tricksters};
    let refused = |factions: Vec<[Faction; 2]>, players: usize| {
        Engine::<Smash>::new(SmashConfig { factions }, players, 0)
            .err()
            .map(|error| error.to_string())
    };
    assert_eq!(
        refused(vec![[Pirates, Robots], [Pirates, Commanders]], 2),
        Some(
            "invalid config: factions: Pirates is dealt to seats 0 and 1: no two players share a faction"
                .to_owned()
        )
    );
    assert_eq!(
        refused(vec![[Tricksters, Tricksters]], 2),
        Some(
            "invalid config: factions: seat 0 is dealt Tricksters twice: each player shuffles two different factions together"
                .to_owned()
        )
    );
    assert_eq!(
        refused(vec![[Tricksters, Commanders], [Robots, Pirates]], 2),
        None
    );
    // A seat with no factions listed takes the next two of `Faction::ALL`, going round:
    // seat 1 takes Tricksters and Commanders.
    assert_eq!(refused(vec![[Pirates, Robots]], 2), None);
    assert_eq!(
        refused(vec![[Commanders, Tricksters]], 2),
        Some(
            "invalid config: factions: Tricksters is dealt to seats 0 and 1: no two players share a faction"
                .to_owned()
        )
    );
    assert_eq!(
        refused(vec![[Pirates, Robots]; 3], 2),
        Some(
            "invalid config: factions: factions are listed for 3 seats, but the table has 2"
                .to_owned()
        )
    );
    // Four factions for three or four players: they share, as the defaults deal them.
    assert_eq!(refused(vec![[Pirates, Robots]; 4], 4), None);
    assert_eq!(refused(Vec::new(), 3), None);
    assert_eq!(refused(SmashConfig::default().factions, 2), None);
}
