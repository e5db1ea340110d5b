//! Memory's timer (issue 31, after jkomoros/boardgame's seed): the two cards of a miss are
//! turned face down after `hide_after_ms` of the game's clock unless the next player does it
//! first. The clock moves only by `advance_clock`; the fired timer is a record of its own,
//! replayed exactly, and a game saved with the timer running fires it once, on time.

use std::time::Duration;

use meeple::flow::FlowEvent;
use meeple::{
    ClockError, Engine, GameLog, PlayerIndex, PlayerSet, RecordKind, SetupError, Space, Start,
};
use meeple_games::memory::{Hide, Memory, MemoryAction, MemoryConfig, MemoryMove, Reveal};

mod memory_tables;

use memory_tables::two_different;

const P0: PlayerIndex = PlayerIndex(0);
const P1: PlayerIndex = PlayerIndex(1);
const P2: PlayerIndex = PlayerIndex(2);

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

fn engine(players: usize) -> Engine<Memory> {
    Engine::<Memory>::new(MemoryConfig::default(), players, 11).expect("a valid setup")
}

fn bytes(engine: &Engine<Memory>) -> Vec<u8> {
    serde_json::to_vec(&(
        engine.position().state(),
        engine.position().flow_position(),
        engine.clock(),
    ))
    .expect("the game serializes")
}

fn reveal(engine: &mut Engine<Memory>, player: PlayerIndex, space: Space) {
    engine
        .submit(player, MemoryAction::Reveal(Reveal { space }))
        .expect("offered");
}

/// `player` turns over two cards that differ: a miss, and the turn passes.
fn miss(engine: &mut Engine<Memory>, player: PlayerIndex) -> [Space; 2] {
    let [a, b] = two_different(engine);
    reveal(engine, player, a);
    reveal(engine, player, b);
    [a, b]
}

#[test]
fn the_timer_turns_the_cards_of_a_miss_face_down_on_time() {
    let mut engine = engine(2);
    assert_eq!(engine.deadline(), None, "no miss, no timer");
    engine.advance_clock(ms(1_000)).expect("time moves on");
    let spaces = miss(&mut engine, P0);
    assert_eq!(engine.position().state().waiting(), Some(spaces));
    assert_eq!(engine.position().to_act(), PlayerSet::one(P1));
    assert_eq!(engine.position().turn(), Some(P1));
    // Armed when P1's turn began, at the clock of the miss.
    assert_eq!(engine.deadline(), Some(ms(4_000)));

    let records = engine.records().len();
    assert_eq!(engine.advance_clock(ms(3_999)), Ok(0), "not yet");
    assert_eq!(engine.records().len(), records);
    assert_eq!(engine.position().state().waiting(), Some(spaces));

    assert_eq!(engine.advance_clock(ms(4_500)), Ok(1));
    let fired = engine.records().last().expect("the timer's record");
    assert_eq!(fired.kind, RecordKind::Timer);
    assert_eq!(fired.player, None);
    assert_eq!(fired.clock, 4_500);
    assert_eq!(
        fired.event,
        Some(FlowEvent::Timer {
            step: "turn over cards".into()
        })
    );
    assert_eq!(
        fired.moves.last(),
        Some(&MemoryMove::Hidden { spaces }),
        "{:?}",
        fired.moves
    );
    assert_eq!(engine.records().len(), records + 1, "nothing else follows");
    assert_eq!(engine.position().state().waiting(), None);
    // Still P1's turn, with nothing left to hide and no timer.
    assert_eq!(engine.position().to_act(), PlayerSet::one(P1));
    assert_eq!(engine.deadline(), None);
    let offered: Vec<String> = engine
        .position()
        .prompt(P1)
        .actions
        .iter()
        .map(|action| action.action.clone())
        .collect();
    assert_eq!(offered, ["reveal"]);
    assert_eq!(engine.advance_clock(ms(60_000)), Ok(0), "fired once");
}

#[test]
fn hiding_first_cancels_the_timer() {
    let mut engine = engine(2);
    miss(&mut engine, P0);
    assert_eq!(engine.deadline(), Some(ms(3_000)));
    engine.advance_clock(ms(2_000)).expect("time moves on");
    engine
        .submit(P1, MemoryAction::Hide(Hide))
        .expect("P1 hides them first");
    assert_eq!(engine.deadline(), None);
    let records = engine.records().len();
    assert_eq!(engine.advance_clock(ms(10_000)), Ok(0));
    assert_eq!(engine.records().len(), records);

    // Turning a card over hides them too, and cancels the timer as well.
    let mut engine = self::engine(2);
    miss(&mut engine, P0);
    let [a, _] = two_different(&engine);
    reveal(&mut engine, P1, a);
    assert_eq!(engine.position().state().waiting(), None);
    assert_eq!(engine.deadline(), None);
    assert_eq!(engine.advance_clock(ms(10_000)), Ok(0));
}

#[test]
fn no_timer_runs_when_the_config_says_none() {
    let config = MemoryConfig {
        hide_after_ms: None,
        ..MemoryConfig::default()
    };
    let mut engine = Engine::<Memory>::new(config, 2, 11).expect("a valid setup");
    miss(&mut engine, P0);
    assert_eq!(engine.deadline(), None);
    assert_eq!(engine.advance_clock(ms(3_600_000)), Ok(0));
    assert!(engine.position().state().waiting().is_some());

    let config = MemoryConfig {
        hide_after_ms: Some(MemoryConfig::MAX_HIDE_AFTER_MS + 1),
        ..MemoryConfig::default()
    };
    assert_eq!(
        Engine::<Memory>::new(config, 2, 11).err(),
        Some(SetupError::Config {
            field: "hide_after_ms",
            reason: "must be at most 3600000 (an hour), not 3600001".to_owned(),
        })
    );
}

#[test]
fn the_clock_never_goes_back_and_a_refusal_changes_nothing() {
    let mut engine = engine(2);
    miss(&mut engine, P0);
    engine.advance_clock(ms(2_000)).expect("time moves on");
    let before = bytes(&engine);
    let records = engine.records().len();
    assert_eq!(
        engine.advance_clock(ms(1_000)),
        Err(ClockError::Backwards {
            clock: ms(2_000),
            now: ms(1_000),
        })
    );
    assert_eq!(bytes(&engine), before);
    assert_eq!(engine.records().len(), records);
    assert_eq!(engine.clock(), ms(2_000));
}

#[test]
fn a_game_with_a_fired_timer_replays_exactly() {
    let mut engine = engine(3);
    miss(&mut engine, P0);
    engine.advance_clock(ms(1_200)).expect("time moves on");
    miss(&mut engine, P1);
    // The clock moves, the timer of P2's turn fires, P2 plays on.
    engine.advance_clock(ms(2_000)).expect("time moves on");
    engine.advance_clock(ms(4_300)).expect("the timer fires");
    miss(&mut engine, P2);
    assert_eq!(engine.position().turn(), Some(P0), "round the table");
    engine.advance_clock(ms(9_000)).expect("the timer fires");

    let log = engine.log();
    let kinds: Vec<(RecordKind, u64)> = log
        .records
        .iter()
        .filter(|record| record.kind == RecordKind::Timer)
        .map(|record| (record.kind, record.clock))
        .collect();
    assert_eq!(
        kinds,
        [(RecordKind::Timer, 4_300), (RecordKind::Timer, 9_000)]
    );
    let text = serde_json::to_string(&log).expect("the log serializes");
    let read: GameLog<Memory> = serde_json::from_str(&text).expect("the log reads back");
    let replayed = Engine::replay(&read).expect("the log replays");
    assert_eq!(replayed.records(), engine.records());
    assert_eq!(bytes(&replayed), bytes(&engine));
}

#[test]
fn a_game_saved_with_the_timer_running_fires_it_once_on_time() {
    let mut engine = engine(2);
    engine.advance_clock(ms(500)).expect("time moves on");
    miss(&mut engine, P0);
    engine.advance_clock(ms(2_000)).expect("time moves on");
    assert_eq!(engine.deadline(), Some(ms(3_500)));

    // Saved as a server would: the state, the flow position, the clock; then restored.
    let saved = serde_json::to_string(&(
        engine.position().state(),
        engine.position().flow_position(),
        engine.clock(),
    ))
    .expect("the game serializes");
    let (state, flow, clock): (Memory, meeple::flow::FlowPosition, Duration) =
        serde_json::from_str(&saved).expect("the game reads back");
    let mut restored = Engine::from_start(
        Start::new(state, 2)
            .with_config(MemoryConfig::default())
            .with_flow(flow)
            .with_clock(clock),
    )
    .expect("the saved game starts");
    assert_eq!(restored.deadline(), Some(ms(3_500)), "no time gained");
    assert_eq!(restored.position().to_act(), PlayerSet::one(P1));
    assert_eq!(restored.advance_clock(ms(3_499)), Ok(0));
    assert_eq!(restored.advance_clock(ms(3_500)), Ok(1));
    assert_eq!(restored.advance_clock(ms(20_000)), Ok(0), "once");
    assert_eq!(restored.position().state().waiting(), None);
    // The restored game's log replays, the timer included; the replay's clock stands
    // where the last record was made (the log keeps no reading of the clock that fired
    // nothing).
    let replayed = Engine::replay(&restored.log()).expect("the log replays");
    assert_eq!(replayed.records(), restored.records());
    assert_eq!(replayed.position().state(), restored.position().state());
    assert_eq!(
        replayed.position().flow_position(),
        restored.position().flow_position()
    );
    assert_eq!(replayed.clock(), ms(3_500));
}
