//! Blackjack under the view harness on the tables the conformance suite (`conformance.rs`,
//! which runs the default game) leaves out, slow in debug: a short shoe reshuffled during
//! play and the variants. No prompt or view depends on the shoe or the hole card, the
//! viewed moves rebuild every view, and every card lies in exactly one place at every
//! step. Then what the views and the viewed records actually hide.

use meeple::testing::{ViewReport, check_views};
use meeple::{Engine, PieceMove, PlayerIndex, Slot, Viewer};
use meeple_games::blackjack::{Blackjack, BlackjackConfig, BlackjackMove, BlackjackPlace};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays `seeds` of `players` under `config` through the harness, with the chest.
fn check(config: &BlackjackConfig, players: usize, seeds: std::ops::Range<u64>) -> ViewReport {
    let chest = Blackjack::chest(config).expect("a valid config");
    let games = seeds.end - seeds.start;
    let report = check_views::<Blackjack>(config, players, seeds, Some(&chest), 10_000)
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(report.games as u64, games);
    report
}

/// One deck for seven players: a round takes about 25 cards, so the discard goes back into
/// the shoe two or three times a game, in the middle of a deal or of a hit; the views hold
/// through every reshuffle.
#[test]
fn a_short_shoe_passes_the_harness_through_its_reshuffles() {
    let config = BlackjackConfig {
        decks: 1,
        rounds: 6,
        ..BlackjackConfig::default()
    };
    let report = check(&config, 7, 0..5);
    assert!(report.submissions > 5 * 6 * 5, "{report:?}");
}

/// The variant rules (two decks, the dealer hitting soft 17 and not peeking) pass the
/// harness at two and five players.
#[test]
fn the_variants_pass_the_harness() {
    let config = BlackjackConfig {
        decks: 2,
        rounds: 6,
        dealer_hits_soft_17: true,
        dealer_peeks: false,
    };
    for players in [2, 5] {
        check(&config, players, 0..50);
    }
}

/// Whether a place shows no card.
fn all_hidden(slots: &[Slot<meeple_games::french::Card>]) -> bool {
    slots.iter().all(Slot::is_hidden)
}

/// At every decision of games with a one-deck shoe, no player nor an observer sees a card of
/// the shoe or the hole card, which the admin sees; in every viewer's records the hole card
/// is dealt face down, the gathered discard goes back face down and no shuffle shows its
/// order.
#[test]
fn no_player_sees_the_shoe_or_the_hole_card() {
    let config = BlackjackConfig {
        decks: 1,
        rounds: 6,
        ..BlackjackConfig::default()
    };
    for seed in 0..20 {
        let mut engine = Engine::<Blackjack>::new(config.clone(), 4, seed).expect("setup");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let viewers = (0..4)
            .map(|seat| Viewer::Player(PlayerIndex(seat)))
            .chain([Viewer::Observer]);
        let viewers: Vec<Viewer> = viewers.collect();
        while let Some(player) = engine.position().to_act().first() {
            assert_eq!(
                engine.position().state().hole().len(),
                1,
                "the hole card waits"
            );
            for &viewer in &viewers {
                let view = engine.position().view(viewer);
                assert!(all_hidden(view.shoe().slots()));
                assert!(all_hidden(view.hole().slots()));
                assert_eq!(view.hole().len(), 1);
            }
            let admin = engine.position().view(Viewer::Admin);
            assert!(!all_hidden(admin.hole().slots()), "the admin sees it");
            let mut completions = engine.position().completions(player);
            let index = rng.random_range(0..completions.len());
            engine
                .submit(player, completions.swap_remove(index))
                .expect("accepted");
        }
        // In the records as each player sees them, the hole card is dealt face down, the
        // gathered cards go into the shoe face down, and no shuffle shows its order.
        for &viewer in &viewers {
            let records = engine.viewed_records(viewer);
            for applied in records.iter().flat_map(|record| &record.moves) {
                let BlackjackMove::Piece(piece) = applied else {
                    continue;
                };
                match piece {
                    PieceMove::Move {
                        to: BlackjackPlace::Hole | BlackjackPlace::Shoe,
                        seen,
                        ..
                    } => assert!(seen.as_ref().is_some_and(Slot::is_hidden), "{piece:?}"),
                    PieceMove::Move { seen, .. } => {
                        assert!(
                            seen.as_ref().is_some_and(|seen| !seen.is_hidden()),
                            "{piece:?}"
                        );
                    }
                    PieceMove::Arrange { arrangement, .. } => {
                        let identity = (0..arrangement.order.len()).map(|index| index as u16);
                        assert!(arrangement.order.iter().copied().eq(identity));
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Once a round is settled, every seat's table says how it ended: the dealer's total and
/// each seat's result, until the next round is settled.
#[test]
fn the_end_of_a_round_is_said_on_the_table() {
    let mut engine = Engine::<Blackjack>::new(BlackjackConfig::default(), 2, 5).expect("setup");
    while engine.position().state().rounds_settled() == 0 {
        let seat = engine
            .position()
            .to_act()
            .iter()
            .next()
            .expect("someone acts");
        let stand = engine
            .position()
            .completions(seat)
            .into_iter()
            .last()
            .expect("an action");
        engine.submit(seat, stand).expect("an offered action");
    }
    for viewer in [
        Viewer::Player(PlayerIndex(0)),
        Viewer::Player(PlayerIndex(1)),
        Viewer::Observer,
    ] {
        let summary = engine.position().scene(viewer).summary.join(" ");
        assert!(
            summary.contains("Round 1: the dealer had ")
                && summary.contains("Player 1 ")
                && summary.contains("Player 2 "),
            "{summary}"
        );
    }
}
