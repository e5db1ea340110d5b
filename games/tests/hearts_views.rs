//! Hearts under the view harness: no prompt or view depends on cards a player may not see.

use meeple::check_views;
use meeple_games::hearts::{Hearts, HeartsConfig};

/// Random games from many seeds: at every step, each player's prompt from their view
/// equals their prompt from the full state, and each viewer's moves replayed from the
/// viewed setup give their view.
#[test]
fn hearts_prompts_and_views_hide_the_other_hands() {
    let config = HeartsConfig {
        target_score: 40,
        ..HeartsConfig::default()
    };
    let report = check_views::<Hearts>(&config, 4, 0..12, None, 10_000)
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.games, 12);
    assert!(report.submissions > 12 * 52, "{report:?}");
}
