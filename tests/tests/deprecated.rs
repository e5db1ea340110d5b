//! The names deprecated in 0.3 still answer, for one release, exactly as what replaces
//! them: `Engine`'s old questions as its position's, `EngineSettings` as
//! `PositionSettings`, `ActionRecord` as `StoredRecord`, the error's `Seat` as `NamedSeat`.
//! Played over whole games of Hearts (a view, a scene, a pass of three cards, follow-ups),
//! every question asked at every step.

#![allow(deprecated)]

use std::ops::ControlFlow;

use meeple::{
    ActionRecord, Engine, EngineSettings, NamedSeat, PlayerIndex, PositionSettings, Seat,
    StoredRecord, Submission, Viewer,
};
use meeple_games::hearts::{Hearts, HeartsConfig};

/// Every old question of `engine` against its position's answer, for every seat.
fn same_answers(engine: &Engine<Hearts>) {
    let position = engine.position();
    let json = |value: &dyn erased::Json| value.text();
    assert_eq!(json(engine.state()), json(position.state()));
    assert_eq!(engine.players(), position.players());
    assert_eq!(engine.played(), position.played());
    assert_eq!(
        format!("{:?}", engine.follow_ups()),
        format!("{:?}", position.follow_ups())
    );
    assert_eq!(engine.outcome(), position.outcome());
    assert_eq!(engine.to_act(), position.to_act());
    assert_eq!(engine.status(), position.status());
    for seat in 0..engine.players() {
        let player = PlayerIndex(seat);
        let viewer = Viewer::Player(player);
        assert_eq!(json(&engine.view(viewer)), json(&position.view(viewer)));
        assert_eq!(engine.scene(viewer), position.scene(viewer));
        assert_eq!(engine.prompt(player), position.prompt(player));
        assert_eq!(
            engine.prompt_from_view(player),
            position.prompt_from_view(player)
        );
        assert_eq!(
            format!("{:?}", engine.completions(player)),
            format!("{:?}", position.completions(player))
        );
        assert_eq!(
            engine.count_completions(player),
            position.count_completions(player)
        );
        assert_eq!(
            format!("{:?}", engine.nth_completion(player, 0)),
            format!("{:?}", position.nth_completion(player, 0))
        );
        let mut visited = 0;
        let _ = engine.for_each_completion(player, &mut |_| {
            visited += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(visited, position.count_completions(player));
        for action in engine.prompt(player).actions {
            assert_eq!(
                engine.prompt_action(player, &action.action, &[]),
                position.prompt_action(player, &action.action, &[])
            );
            let started = Submission::new(action.action.clone());
            assert_eq!(
                engine.prompt_submission(player, &started),
                position.prompt_submission(player, &started)
            );
        }
    }
}

/// Values compared by their JSON text: a state has no `PartialEq`.
mod erased {
    pub trait Json {
        fn text(&self) -> String;
    }

    impl<T: serde::Serialize> Json for T {
        fn text(&self) -> String {
            serde_json::to_string(self).unwrap_or_else(|error| format!("<{error}>"))
        }
    }
}

#[test]
fn the_engines_old_questions_answer_as_its_position() {
    for seed in 0..2 {
        let mut engine =
            Engine::<Hearts>::new(HeartsConfig::default(), 4, seed).expect("a table of four");
        let mut submissions: u64 = 0;
        while engine.outcome().is_none() && submissions < 60 {
            same_answers(&engine);
            let player = engine.to_act().iter().next().expect("someone acts");
            let count = engine.position().count_completions(player);
            engine
                .submit_nth(player, submissions % count)
                .expect("an offered completion");
            submissions += 1;
        }
        same_answers(&engine);
    }
}

#[test]
fn engine_settings_is_position_settings() {
    let old = EngineSettings {
        autoplay_forced: false,
        ..EngineSettings::default()
    };
    let new = PositionSettings {
        autoplay_forced: false,
        ..PositionSettings::default()
    };
    assert_eq!(format!("{old:?}"), format!("{new:?}"));
    let engine = Engine::<Hearts>::with_settings(HeartsConfig::default(), 4, 0, old)
        .expect("a table of four");
    assert!(!engine.position().settings().autoplay_forced);
}

#[test]
fn action_record_is_stored_record() {
    let engine = Engine::<Hearts>::new(HeartsConfig::default(), 4, 0).expect("a table of four");
    let log = engine.log();
    let stored: &StoredRecord<_> = &log.records[0];
    let old: ActionRecord<_> = stored.clone();
    assert_eq!(&old, stored);
    assert_eq!(old.action, "setup");
}

#[test]
fn the_errors_seat_is_named_seat() {
    let old = Seat::new(PlayerIndex(2), "South");
    let new = NamedSeat::new(PlayerIndex(2), "South");
    assert_eq!(old, new);
    assert_eq!(old.to_string(), "South");
}
