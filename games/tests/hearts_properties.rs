//! Properties of Hearts under the engine, over random seeds: a game always ends; every
//! completion offered is accepted; a submission not offered is refused with the exact error
//! and changes nothing; replaying the log reproduces the state byte for byte; undo restores
//! the exact prior state, or is refused where it must be.
//!
//! Case counts are small: each case plays a whole game.

mod common;

use common::{agent, checked_hands, play_random, random_choice};
use meeple::{
    DecodeError, Engine, PlayerIndex, PositionSettings, Record, RecordKind, Refusal, Refused,
    SubmitError, UndoError,
};
use meeple_games::french::{Card, CardSet};
use meeple_games::hearts::{Hearts, HeartsAction, HeartsConfig, HeartsMove, PassCards, PlayCard};
use proptest::prelude::*;

/// Whether `record` showed a seat a card hidden from them, by the rules of Hearts: a deal,
/// cards passed reaching their receiver, or a card leaving a hand for the table. The
/// engine decides this from the views alone; this is the independent oracle.
fn reveals(record: &Record<Hearts>) -> bool {
    record.moves.iter().any(|applied| {
        matches!(
            applied,
            HeartsMove::Deal { .. } | HeartsMove::TakePassed { .. } | HeartsMove::Play { .. }
        )
    })
}

fn bytes(engine: &Engine<Hearts>) -> Vec<u8> {
    serde_json::to_vec(engine.position().state()).expect("the state serializes")
}

fn new_engine(config: HeartsConfig, seed: u64, autoplay: bool) -> Engine<Hearts> {
    let settings = PositionSettings {
        autoplay_forced: autoplay,
        ..PositionSettings::default()
    };
    Engine::with_settings(config, 4, seed, settings).expect("a valid setup")
}

/// Submits `action` for `player`, expects a refusal matching `expected`, and checks that
/// the state and the log are exactly as before.
fn assert_refused(
    engine: &mut Engine<Hearts>,
    player: PlayerIndex,
    action: HeartsAction,
    expected: impl Fn(&Refusal) -> bool,
) {
    let (before, records) = (bytes(engine), engine.records().len());
    let described = format!("{action:?} by {player}");
    let action_copy = action.clone();
    match engine.submit(player, action) {
        Ok(_) => panic!("{described} was accepted"),
        Err(Refused {
            action: handed_back,
            error,
        }) => {
            assert!(expected(&error), "{described}: unexpected {error:?}");
            assert_eq!(
                handed_back, action_copy,
                "{described}: the action handed back"
            );
        }
    }
    assert_eq!(bytes(engine), before, "{described} changed the state");
    assert_eq!(
        engine.records().len(),
        records,
        "{described} changed the log"
    );
}

/// As [`assert_refused`], for a submission in JSON.
fn assert_refused_json(
    engine: &mut Engine<Hearts>,
    player: PlayerIndex,
    json: &str,
    expected: impl Fn(&SubmitError) -> bool,
) {
    let (before, records) = (bytes(engine), engine.records().len());
    match engine.submit_json(player, json) {
        Ok(_) => panic!("{json} was accepted"),
        Err(error) => assert!(expected(&error), "{json}: unexpected {error:?}"),
    }
    assert_eq!(bytes(engine), before, "{json} changed the state");
    assert_eq!(engine.records().len(), records, "{json} changed the log");
}

fn pass(cards: &[Card]) -> HeartsAction {
    HeartsAction::PassCards(PassCards {
        cards: cards.iter().copied().collect(),
    })
}

fn play(card: Card) -> HeartsAction {
    HeartsAction::PlayCard(PlayCard { card })
}

/// Submissions `player` (who is to act) is not offered now, each refused with its error.
fn check_refusals(engine: &mut Engine<Hearts>, player: PlayerIndex) {
    let state = engine.position().state().clone();
    let hand = state.hand(player);
    let missing = CardSet::DECK
        .difference(hand)
        .first()
        .expect("a hand is not the whole deck");
    let held: Vec<Card> = hand.iter().collect();
    if let Some(idle) = (0..4)
        .map(PlayerIndex)
        .find(|seat| !engine.position().to_act().contains(*seat))
    {
        let offered = engine.position().completions(player).swap_remove(0);
        assert_refused(
            engine,
            idle,
            offered,
            |error| matches!(error, Refusal::NotYourTurn { player: who, .. } if who.index == idle),
        );
    }
    assert_refused_json(engine, player, "{not json", |error| {
        matches!(
            error,
            SubmitError::Decode(DecodeError::MalformedJson { .. })
        )
    });
    assert_refused_json(
        engine,
        player,
        r#"{"action":"bid"}"#,
        |error| matches!(error, SubmitError::Decode(DecodeError::UnknownAction { action, .. }) if action == "bid"),
    );
    match engine.position().phase() {
        Some("passing") => {
            let not_offered = |error: &Refusal| {
                matches!(
                    error,
                    Refusal::NotOffered {
                        action: "pass_cards",
                        selection: "cards",
                        ..
                    }
                )
            };
            assert_refused(
                engine,
                player,
                pass(&[held[0], held[1], missing]),
                not_offered,
            );
            assert_refused(engine, player, pass(&[held[0], held[1]]), not_offered);
            assert_refused(
                engine,
                player,
                pass(&[held[0], held[0], held[1]]),
                not_offered,
            );
            assert_refused(engine, player, play(held[0]), |error| {
                matches!(
                    error,
                    Refusal::ActionNotAvailable {
                        action: "play_card",
                        ..
                    }
                )
            });
            assert_refused_json(
                engine,
                player,
                r#"{"action":"pass_cards","selections":{"cards":["2C","3C","ZZ"]}}"#,
                |error| {
                    matches!(
                        error,
                        SubmitError::Decode(DecodeError::MalformedSelection {
                            action: "pass_cards",
                            selection: "cards",
                            ..
                        })
                    )
                },
            );
            assert_refused_json(
                engine,
                player,
                r#"{"action":"pass_cards","selections":{}}"#,
                |error| {
                    matches!(
                        error,
                        SubmitError::Decode(DecodeError::MissingSelection {
                            action: "pass_cards",
                            selection: "cards"
                        })
                    )
                },
            );
        }
        Some("tricks") => {
            assert_refused(engine, player, play(missing), |error| {
                matches!(
                    error,
                    Refusal::NotOffered {
                        action: "play_card",
                        selection: "card",
                        ..
                    }
                )
            });
            if let Some((card, reason)) = held
                .iter()
                .find_map(|&card| state.may_play(player, card).err().map(|why| (card, why)))
            {
                assert_refused(engine, player, play(card), |error| {
                    matches!(
                        error,
                        Refusal::Invalid { action: "play_card", selection: "card", message }
                            if message == reason
                    )
                });
            }
            assert_refused(engine, player, pass(&held[..3.min(held.len())]), |error| {
                matches!(
                    error,
                    Refusal::ActionNotAvailable {
                        action: "pass_cards",
                        ..
                    }
                )
            });
            let json = format!(
                r#"{{"action":"play_card","selections":{{"card":"{}","extra":1}}}}"#,
                held[0]
            );
            assert_refused_json(engine, player, &json, |error| {
                matches!(
                    error,
                    SubmitError::Decode(DecodeError::ExtraSelection { action: "play_card", selection }) if selection == "extra"
                )
            });
        }
        phase => panic!("{player} is to act in {phase:?}"),
    }
}

/// Checks every completion (a sample of a pass's 286) on a clone: each is accepted.
fn check_completions(engine: &Engine<Hearts>, player: PlayerIndex, step: usize) {
    let completions = engine.position().completions(player);
    assert!(!completions.is_empty());
    let stride = if completions.len() > 13 { 41 } else { 1 };
    for (index, action) in completions.into_iter().enumerate() {
        if !(index + step).is_multiple_of(stride) {
            continue;
        }
        let mut clone = engine.clone();
        let described = format!("{action:?}");
        if let Err(error) = clone.submit(player, action) {
            panic!("the offered {described} of {player} was refused: {error}");
        }
    }
}

/// Right after `player`'s submission, whose record is at `index` and before which the state
/// was `before`: `undo` (on a clone) restores that state or is refused as it must be, and
/// so does `take_back`. Refusals are checked every time; a successful undo, which replays
/// the log, only when `replay` is true.
fn check_undo(
    engine: &Engine<Hearts>,
    player: PlayerIndex,
    index: usize,
    before: &[u8],
    replay: bool,
) {
    let records = engine.records();
    let submitted = &records[index];
    let last = records
        .iter()
        .rposition(|record| record.player == Some(player))
        .expect("the player just acted");
    let undo = || engine.clone().undo(player);
    if engine.position().outcome().is_some() {
        // The result stands: nothing is undone once the game is over.
        assert_eq!(undo(), Err(UndoError::GameOver));
        assert_eq!(engine.clone().take_back(player), Err(UndoError::GameOver));
        return;
    }
    // The flow's records (a turn ending, the next beginning) are not actions: an action
    // followed only by them is not followed by others.
    let followed = records[last + 1..]
        .iter()
        .any(|record| record.kind != RecordKind::Flow);
    if followed {
        // Followed by others: what the player's last action itself did is reported first.
        let undone = undo();
        let own = &records[last];
        let expected = match undone {
            Err(UndoError::DrewChance { .. }) => own.drew_chance,
            Err(UndoError::Forced { .. }) => !own.drew_chance && own.kind != RecordKind::Submitted,
            Err(UndoError::Followed { .. }) => {
                !own.drew_chance && own.kind == RecordKind::Submitted
            }
            _ => false,
        };
        assert!(expected, "{undone:?} for {own:?}");
    } else if last != index {
        // A forced play of the same player came right after.
        assert_eq!(records[last].kind, RecordKind::Forced);
        let undone = undo();
        assert!(
            matches!(undone, Err(UndoError::Forced { .. })),
            "{undone:?}"
        );
    } else if submitted.drew_chance {
        let undone = undo();
        assert!(
            matches!(undone, Err(UndoError::DrewChance { .. })),
            "{undone:?}"
        );
    } else if reveals(submitted) {
        let undone = undo();
        assert!(
            matches!(undone, Err(UndoError::RevealedInformation { .. })),
            "{undone:?}"
        );
    } else if replay {
        let mut clone = engine.clone();
        let record = clone.undo(player).expect("a plain action can be undone");
        assert_eq!(&record, submitted);
        assert_eq!(bytes(&clone), before, "undo restores the exact state");
        assert_eq!(clone.records().len(), index);
        return;
    }
    // `take_back` cancels the forced plays and the others' actions that followed too,
    // except the other seats' passes made meanwhile, which stay if none revealed anything.
    let cancelled = &records[index..];
    let others_pass_meanwhile = cancelled.len() > 1
        && cancelled[1..].iter().all(|record| {
            record.name() == "pass_cards" && record.player != Some(player) && !reveals(record)
        });
    if others_pass_meanwhile {
        if reveals(submitted) {
            let taken_back = engine.clone().take_back(player);
            assert!(
                matches!(taken_back, Err(UndoError::RevealedInformation { .. })),
                "{taken_back:?}"
            );
        } else if replay {
            let mut clone = engine.clone();
            let taken_back = clone
                .take_back(player)
                .expect("a pass can be taken back while the others pass");
            assert_eq!(taken_back.as_slice(), &cancelled[..1]);
            let mut kept = engine.log();
            kept.records.remove(index);
            assert_eq!(clone.log().records, kept.records);
            let replayed = Engine::replay(&kept).expect("the others' passes replay alone");
            assert_eq!(bytes(&clone), bytes(&replayed));
        }
    } else if cancelled.iter().any(|record| record.drew_chance) {
        let taken_back = engine.clone().take_back(player);
        assert!(
            matches!(taken_back, Err(UndoError::DrewChance { .. })),
            "{taken_back:?}"
        );
    } else if cancelled.iter().any(reveals) {
        let taken_back = engine.clone().take_back(player);
        assert!(
            matches!(taken_back, Err(UndoError::RevealedInformation { .. })),
            "{taken_back:?}"
        );
    } else if replay {
        let mut clone = engine.clone();
        let taken_back = clone
            .take_back(player)
            .expect("plain actions can be taken back");
        assert_eq!(taken_back.as_slice(), cancelled);
        assert_eq!(bytes(&clone), before, "take_back restores the exact state");
    }
}

/// Plays a short game with every check at every step.
fn play_checked(seed: u64, autoplay: bool) {
    let config = HeartsConfig {
        target_score: 30,
        ..HeartsConfig::default()
    };
    let mut engine = new_engine(config, seed, autoplay);
    let mut rng = agent(seed);
    let mut step = 0;
    while let Some((player, action)) = random_choice(&engine, &mut rng) {
        check_completions(&engine, player, step);
        check_refusals(&mut engine, player);
        let before = bytes(&engine);
        let index = engine.records().len();
        engine
            .submit(player, action)
            .expect("an offered completion");
        check_undo(&engine, player, index, &before, step % 8 == 0);
        if step % 16 == 0 {
            let replayed = Engine::replay(&engine.log()).expect("the log replays");
            assert_eq!(bytes(&replayed), bytes(&engine));
        }
        step += 1;
    }
    checked_hands(&engine);
    let replayed = Engine::replay(&engine.log()).expect("the log replays");
    assert_eq!(bytes(&replayed), bytes(&engine));
    assert_eq!(replayed.records(), engine.records());
    // Over: nothing more is accepted, and nothing changes.
    let any = play(Card::TWO_OF_CLUBS);
    assert_refused(&mut engine, PlayerIndex(0), any, |error| {
        matches!(error, Refusal::GameOver)
    });
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn a_game_always_ends(seed in any::<u64>()) {
        let engine = play_random(HeartsConfig::default(), seed);
        prop_assert!(engine.position().outcome().is_some());
        prop_assert!(engine.position().to_act().is_empty());
        checked_hands(&engine);
        let replayed = Engine::replay(&engine.log()).expect("the log replays");
        prop_assert_eq!(bytes(&replayed), bytes(&engine));
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn every_step_keeps_the_engine_promises(seed in any::<u64>(), autoplay in any::<bool>()) {
        play_checked(seed, autoplay);
    }
}

#[test]
fn every_pass_offered_is_accepted() {
    let engine = new_engine(HeartsConfig::default(), 3, true);
    let player = PlayerIndex(2);
    let completions = engine.position().completions(player);
    assert_eq!(completions.len(), 286, "13 choose 3");
    for action in completions {
        let mut clone = engine.clone();
        clone.submit(player, action).expect("accepted");
        assert_eq!(
            clone.position().state().passed(player).map(CardSet::len),
            Some(3)
        );
    }
}

#[test]
fn undo_of_a_pass_and_its_limits() {
    let mut engine = new_engine(HeartsConfig::default(), 5, true);
    let pristine = bytes(&engine);
    let first = |engine: &Engine<Hearts>, seat: usize| {
        engine
            .position()
            .completions(PlayerIndex(seat))
            .into_iter()
            .next()
            .expect("a pass")
    };
    // The setup dealt cards: nobody can undo it.
    assert!(matches!(
        engine.undo(PlayerIndex(0)),
        Err(UndoError::NothingToUndo { .. })
    ));
    engine
        .submit(PlayerIndex(0), first(&engine, 0))
        .expect("a pass");
    engine.undo(PlayerIndex(0)).expect("a pass is undone");
    assert_eq!(bytes(&engine), pristine);

    for seat in 0..3 {
        engine
            .submit(PlayerIndex(seat), first(&engine, seat))
            .expect("a pass");
    }
    // North's pass was followed by others.
    assert!(matches!(
        engine.undo(PlayerIndex(0)),
        Err(UndoError::Followed { .. })
    ));
    engine
        .submit(PlayerIndex(3), first(&engine, 3))
        .expect("the last pass");
    // The last pass had every seat take its cards: it revealed them.
    assert!(matches!(
        engine.take_back(PlayerIndex(3)),
        Err(UndoError::RevealedInformation { .. })
    ));
    // West's pass, before the flow's records of the phases and the first turn.
    let last = engine
        .records()
        .iter()
        .rfind(|record| record.kind != RecordKind::Flow && record.kind != RecordKind::Forced)
        .expect("West's pass");
    assert!(reveals(last) && last.player == Some(PlayerIndex(3)));
}

#[test]
fn a_take_back_while_passing_cancels_only_the_askers_pass() {
    let mut engine = new_engine(HeartsConfig::default(), 3, true);
    let pass = |engine: &Engine<Hearts>, seat: usize| {
        engine
            .position()
            .completions(PlayerIndex(seat))
            .into_iter()
            .next()
            .expect("a pass")
    };
    engine
        .submit(PlayerIndex(0), pass(&engine, 0))
        .expect("North passes");
    engine
        .submit(PlayerIndex(1), pass(&engine, 1))
        .expect("East passes");
    // The setup, the passing phase entered, North's pass, East's.
    let east = engine.records()[3].clone();
    let north = engine
        .take_back(PlayerIndex(0))
        .expect("nothing was revealed");
    assert_eq!(north.len(), 1, "only North's pass is cancelled");
    assert_eq!(north[0].player, Some(PlayerIndex(0)));
    assert_eq!(engine.records().len(), 3);
    assert_eq!(engine.records()[2], east, "East's pass stays as it was");
    assert_eq!(engine.position().state().passed(PlayerIndex(0)), None);
    assert_eq!(engine.position().state().hand(PlayerIndex(0)).len(), 13);
    assert!(engine.position().state().passed(PlayerIndex(1)).is_some());
    // The log without North's pass replays to the same state.
    let replayed = Engine::replay(&engine.log()).expect("the log replays");
    assert_eq!(bytes(&replayed), bytes(&engine));
}

/// `meeple play hearts --seed 3`: North passes, the bots pass and the tricks begin; once a
/// bot has played a card from its hand, North cannot take back their own play and see the
/// bots play again, knowing that card.
#[test]
fn a_take_back_never_cancels_a_card_a_bot_played_from_its_hand() {
    let mut engine = new_engine(HeartsConfig::default(), 3, true);
    let first = |engine: &Engine<Hearts>, seat: PlayerIndex| {
        engine
            .position()
            .completions(seat)
            .into_iter()
            .next()
            .expect("a completion")
    };
    for seat in 0..4 {
        engine
            .submit(PlayerIndex(seat), first(&engine, PlayerIndex(seat)))
            .expect("a pass");
    }
    assert_eq!(engine.position().phase(), Some("tricks"));
    // Play until North has played and a bot has played after them.
    let north = PlayerIndex(0);
    let mut north_played = false;
    loop {
        let to_act = engine
            .position()
            .to_act()
            .iter()
            .next()
            .expect("someone plays");
        engine
            .submit(to_act, first(&engine, to_act))
            .expect("a play");
        if to_act == north {
            north_played = true;
        } else if north_played {
            break;
        }
    }
    let before = bytes(&engine);
    let records = engine.records().len();
    let refused = engine.take_back(north);
    let Err(UndoError::RevealedInformation { action, viewer }) = &refused else {
        panic!("a take-back over played cards must be refused: {refused:?}");
    };
    // North's own card, the first to cancel, was hidden in their hand from East.
    assert_eq!(action, "Play a card (clubs led)");
    assert_eq!(viewer, "East");
    assert_eq!(
        bytes(&engine),
        before,
        "a refused take-back changes nothing"
    );
    assert_eq!(engine.records().len(), records);
    // North's own card on the table was seen by the others too: no undo either.
    if engine.position().to_act().contains(north) {
        engine.submit(north, first(&engine, north)).expect("a play");
        assert!(matches!(
            engine.undo(north),
            Err(UndoError::RevealedInformation { .. })
        ));
    }
}

#[test]
fn the_play_that_ends_a_hand_drew_chance() {
    // Without autoplay, the last card of a hand is submitted: the next deal follows it.
    let mut engine = new_engine(HeartsConfig::default(), 9, false);
    let mut rng = agent(9);
    loop {
        let (player, action) = random_choice(&engine, &mut rng).expect("a hand ends first");
        let record = engine.submit(player, action).expect("accepted").clone();
        if record.drew_chance {
            assert_eq!(record.name(), "play_card");
            assert!(matches!(
                engine.undo(player),
                Err(UndoError::DrewChance { .. })
            ));
            assert_eq!(engine.position().state().hand_number(), 1);
            break;
        }
    }
}
