//! Every game under the one conformance suite (`conformance/mod.rs`): its views, its
//! completions, its replay and undo, and the logged table agreeing with the bare position,
//! checked the same way for all. What only one game has is tested in its own files.
//!
//! The seeds are few, for a quick run in debug; `MEEPLE_VIEW_STEPS` makes the view harness
//! play on to that many submissions per table
//! (`MEEPLE_VIEW_STEPS=100000 cargo test --release -p meeple-games --test conformance`).

// The suite's module has the test's name: its path is given, so the two do not clash.
#[path = "conformance/mod.rs"]
mod suite;

use meeple::UndoError;
use meeple_games::backgammon::{Backgammon, BackgammonConfig};
use meeple_games::blackjack::{Blackjack, BlackjackConfig};
use meeple_games::breakthrough::{self, Breakthrough};
use meeple_games::connect_four::{self, ConnectFour};
use meeple_games::hearts::{Hearts, HeartsConfig};
use meeple_games::leduc_poker::{LeducConfig, LeducPoker, Variant};
use meeple_games::liars_dice::{LiarsDice, LiarsDiceConfig};
use meeple_games::memory::{Face, Memory, MemoryConfig};
use meeple_games::othello::{self, Othello};
use meeple_games::smash::{Smash, SmashConfig};
use meeple_games::tictactoe::{self, TicTacToe, TicTacToeConfig};
use suite::{Report, Table, conforms};

/// Asserts that in every game of `report` the take-backs, from before the last submission,
/// stopped at a refusal for what a move showed and never reached the setup: in these games
/// of hidden cards, some card shown since the last decision cannot be hidden again.
fn every_take_back_stops_at_a_reveal(report: &Report) {
    assert_eq!(report.rewound_to_start, 0, "{report:?}");
    assert_eq!(report.refusals.len(), report.games, "{report:?}");
    assert!(
        report
            .refusals
            .iter()
            .all(|refusal| matches!(refusal, UndoError::RevealedInformation { .. })),
        "{report:?}"
    );
}

/// Hearts, default rules, four players: the hands, the cards received and the cards
/// passed are hidden, and playing a card shows it, so no game's take-backs reach the deal.
#[test]
fn hearts_conforms() {
    let report = conforms(&Table::<Hearts> {
        name: "hearts".to_owned(),
        config: HeartsConfig::default(),
        players: 4,
        seeds: 0..2,
        chest: None,
        first_hidden: Some("hands"),
    });
    assert!(report.submissions > 2 * 52, "{report:?}");
    every_take_back_stops_at_a_reveal(&report);
}

/// Memory on the default table of two players, and on other tables and player counts
/// (the one-pair table, where the second card is forced, up to six players, and faces of
/// several characters): the face-down cards are hidden, every card lies in one place, and
/// turning a card up shows it. The last two tables, larger, skip the view harness.
#[test]
fn memory_conforms() {
    let suits = MemoryConfig {
        faces: ["♠", "♥", "♦", "♣", "10", "QUE"].map(Face::new).to_vec(),
        ..MemoryConfig::grid(3, 4)
    };
    let tables = [
        ("4 x 4, 2 players", MemoryConfig::default(), 2, 0..4, true),
        ("2 x 3, 3 players", MemoryConfig::grid(2, 3), 3, 0..4, true),
        ("1 x 2, 2 players", MemoryConfig::grid(1, 2), 2, 0..3, true),
        ("3 x 4, 6 players", MemoryConfig::grid(3, 4), 6, 0..2, true),
        ("3 x 4 of suits, 4 players", suits, 4, 0..2, true),
        ("3 x 4, 3 players", MemoryConfig::grid(3, 4), 3, 0..3, false),
        ("4 x 5, 6 players", MemoryConfig::grid(4, 5), 6, 0..2, false),
    ];
    for (name, config, players, seeds, with_views) in tables {
        let chest = Memory::chest(&config);
        let table = Table::<Memory> {
            name: format!("memory {name}"),
            config,
            players,
            seeds,
            chest: Some(chest),
            first_hidden: Some("face_down"),
        };
        let report = if with_views {
            conforms(&table)
        } else {
            suite::games_conform(&table)
        };
        if name.starts_with("1 x 2") {
            // The only submission, the first card, is followed by the forced second one,
            // which ends the game: before it there is only the setup.
            assert_eq!(report.rewound_to_start, report.games, "{report:?}");
        } else {
            every_take_back_stops_at_a_reveal(&report);
        }
    }
}

/// Blackjack, default rules, three players, and alone at the table: the shoe and the hole
/// card are hidden, every card lies in one place, and a hit shows the card drawn, as the
/// dealer's play shows the hole card: no take-back reaches the deal. Few seeds: the view
/// harness is slow in debug (its longer runs, the short shoe and the variants, are in
/// `blackjack_views.rs`). Then a one-deck shoe gathered back two or three times a game,
/// without the view harness: its games replay through the reshuffles.
#[test]
fn blackjack_conforms() {
    let short_shoe = BlackjackConfig {
        decks: 1,
        rounds: 8,
        ..BlackjackConfig::default()
    };
    let tables = [
        ("three players", BlackjackConfig::default(), 3, 0..3, true),
        ("alone", BlackjackConfig::default(), 1, 0..4, true),
        (
            "one deck, 8 rounds, five players",
            short_shoe,
            5,
            3..5,
            false,
        ),
    ];
    for (name, config, players, seeds, with_views) in tables {
        let chest = Blackjack::chest(&config).expect("a valid config");
        let table = Table::<Blackjack> {
            name: format!("blackjack {name}"),
            config,
            players,
            seeds,
            chest: Some(chest),
            first_hidden: Some("shoe"),
        };
        let report = if with_views {
            conforms(&table)
        } else {
            suite::games_conform(&table)
        };
        // Five rounds or more, a decision in most: more than five a game on average (a
        // round passes without one when the dealer peeks a blackjack).
        assert!(report.submissions > report.games * 5, "{report:?}");
        every_take_back_stops_at_a_reveal(&report);
    }
}

/// Tic-tac-toe: nothing is hidden and nothing is drawn, so every view is the whole state
/// and every game is taken back, move by move, to the empty board.
#[test]
fn tictactoe_conforms() {
    let config = TicTacToeConfig::default();
    let chest = tictactoe::chest(&config);
    let report = conforms(&Table::<TicTacToe> {
        name: "tic-tac-toe".to_owned(),
        config,
        players: 2,
        seeds: 0..8,
        chest: Some(chest),
        first_hidden: None,
    });
    assert_eq!(report.rewound_to_start, 8, "{report:?}");
    // No line of three is made in fewer than five marks, all chosen.
    assert!(report.submissions >= 8 * 5, "{report:?}");
    assert!(report.views.submissions >= 8 * 5, "{report:?}");
}

/// Connect Four: nothing is hidden and nothing is drawn, so every view is the whole state
/// and every game is taken back, disc by disc, to the empty board.
#[test]
fn connect_four_conforms() {
    let report = conforms(&Table::<ConnectFour> {
        name: "connect four".to_owned(),
        config: (),
        players: 2,
        seeds: 0..6,
        chest: Some(connect_four::chest()),
        first_hidden: None,
    });
    assert_eq!(report.rewound_to_start, 6, "{report:?}");
    // No four is made in fewer than seven discs, all chosen.
    assert!(report.submissions >= 6 * 7, "{report:?}");
}

/// Liar's Dice, two players with one die each (OpenSpiel's table) and four with three:
/// each seat's dice are hidden from the others until the call shows them.
#[test]
fn liars_dice_conforms() {
    for (config, players) in [
        (LiarsDiceConfig::default(), 2),
        (LiarsDiceConfig { dice: 3 }, 4),
    ] {
        let report = conforms(&Table::<LiarsDice> {
            name: format!("liars dice, {} dice, {players} players", config.dice),
            config,
            players,
            seeds: 0..4,
            chest: None,
            first_hidden: Some("dice"),
        });
        // Bids show nothing: each game is taken back, bid by bid, to the roll.
        assert_eq!(report.rewound_to_start, report.games, "{report:?}");
        assert!(report.submissions >= report.games, "{report:?}");
    }
}

/// Leduc poker at two and four seats, and Kuhn poker at three: each seat's card is hidden
/// from the others until the showdown shows them all.
#[test]
fn leduc_poker_conforms() {
    let kuhn = LeducConfig {
        variant: Variant::Kuhn,
    };
    for (config, players) in [
        (LeducConfig::default(), 2),
        (LeducConfig::default(), 4),
        (kuhn, 3),
    ] {
        let report = conforms(&Table::<LeducPoker> {
            name: format!("{:?} poker, {players} players", config.variant),
            config,
            players,
            seeds: 0..4,
            chest: None,
            first_hidden: Some("cards"),
        });
        assert!(report.submissions >= report.games * 2, "{report:?}");
    }
}

/// Backgammon, cut at twenty turns: nothing is hidden, the dice are drawn by the engine,
/// so a take-back stops at a roll seen.
#[test]
fn backgammon_conforms() {
    let report = conforms(&Table::<Backgammon> {
        name: "backgammon, 20 turns".to_owned(),
        config: BackgammonConfig {
            max_turns: 20,
            ..BackgammonConfig::default()
        },
        players: 2,
        seeds: 0..2,
        chest: None,
        first_hidden: None,
    });
    assert!(report.submissions >= 2 * 10, "{report:?}");
}

/// Othello: nothing is hidden and nothing is drawn, every disc lies in one place (the board
/// or the supply), and every game is taken back, move by move, to the start, passes
/// included.
#[test]
fn othello_conforms() {
    let report = conforms(&Table::<Othello> {
        name: "othello".to_owned(),
        config: (),
        players: 2,
        seeds: 0..2,
        chest: Some(othello::chest()),
        first_hidden: None,
    });
    assert_eq!(report.rewound_to_start, 2, "{report:?}");
    // No game ends in fewer than nine placements (the shortest known), most forced ones
    // aside: at least five decisions each.
    assert!(report.submissions >= 2 * 5, "{report:?}");
}

/// Breakthrough: nothing is hidden and nothing is drawn, every pawn lies in one place (a
/// pawn taken is moved off the board, to its captor's pawns taken), and every game is taken
/// back, move by move, to the start.
#[test]
fn breakthrough_conforms() {
    let report = conforms(&Table::<Breakthrough> {
        name: "breakthrough".to_owned(),
        config: (),
        players: 2,
        seeds: 0..3,
        chest: Some(breakthrough::chest()),
        first_hidden: None,
    });
    assert_eq!(report.rewound_to_start, 3, "{report:?}");
    // A pawn needs six moves to break through: eleven decisions at least.
    assert!(report.submissions >= 3 * 11, "{report:?}");
}

/// The Smash Up–style game, two and three players: the hands and the decks are hidden
/// (their sizes are not), the effects layer's resolution is part of the state, and the
/// first draw shows a card to its drawer alone, so no take-back reaches the deal.
#[test]
fn smash_conforms() {
    for (players, seeds) in [(2, 0..3), (3, 3..4)] {
        let report = conforms(&Table::<Smash> {
            name: format!("smash, {players} players"),
            config: SmashConfig::default(),
            players,
            seeds,
            chest: None,
            first_hidden: Some("hands"),
        });
        assert!(report.submissions > 20, "{report:?}");
        assert_eq!(report.rewound_to_start, 0, "{report:?}");
    }
}
