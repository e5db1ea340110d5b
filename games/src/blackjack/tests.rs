//! Unit tests of the rules, on tables built by hand: a shoe stacked so that the cards
//! named come off it first, played by the engine from the flow's first step (the deal).

use meeple::{
    Engine, Game, PlayerIndex, PlayerSet, Seats, SetupError, Slot, Start, View, Viewer, move_piece,
};

use super::*;

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

fn value(text: &str) -> HandValue {
    HandValue::of(text.split_whitespace().map(card))
}

const P0: PlayerIndex = PlayerIndex(0);
const P1: PlayerIndex = PlayerIndex(1);

/// A table of `players` under `config` before the first deal, with the shoe unshuffled and
/// then stacked so that `top_first` are dealt first, in that order. The deal goes: each
/// player, the dealer's up card, each player, the hole card.
fn table(config: BlackjackConfig, players: usize, top_first: &[&str]) -> Blackjack {
    let mut game = Blackjack::setup(&config, Seats::new(players))
        .expect("a valid setup")
        .state;
    for (placed, text) in top_first.iter().rev().enumerate() {
        let wanted = card(text);
        let free = game.shoe.len() - placed;
        let from = game.shoe.slots()[..free]
            .iter()
            .position(|slot| slot.component() == Some(&wanted))
            .expect("the card is in the shoe");
        let top = game.shoe.len() - 1;
        game.shoe
            .move_within(from, top)
            .expect("a place in the shoe");
    }
    game
}

/// A stacked table played from the flow's first step: the deal of round 0 and what
/// follows it (the peek, the dealer's play when nobody has a turn).
fn dealt(config: BlackjackConfig, players: usize, top_first: &[&str]) -> Engine<Blackjack> {
    let game = table(config.clone(), players, top_first);
    Engine::from_start(Start::new(game, players).with_config(config)).expect("the table starts")
}

/// `player` takes `action`; returns every move applied, in its record and those that
/// followed (the flow's: the next turn, the dealer's play, the next round).
fn act(
    engine: &mut Engine<Blackjack>,
    player: PlayerIndex,
    action: BlackjackAction,
) -> Vec<BlackjackMove> {
    let from = engine.records().len();
    engine.submit(player, action).expect("offered");
    engine.records()[from..]
        .iter()
        .flat_map(|record| record.moves.iter().cloned())
        .collect()
}

fn hit() -> BlackjackAction {
    BlackjackAction::Hit(Hit)
}

fn stand() -> BlackjackAction {
    BlackjackAction::Stand(Stand)
}

fn one_round() -> BlackjackConfig {
    BlackjackConfig {
        decks: 1,
        rounds: 1,
        ..BlackjackConfig::default()
    }
}

/// Checks that every card of the game lies in exactly one place.
fn assert_one_place(game: &Blackjack) {
    let mut ids = Vec::new();
    game.visit_pieces(&mut |id| ids.push(id));
    Blackjack::chest(game.config())
        .expect("a valid config")
        .check(ids)
        .expect("every card in one place");
}

#[test]
fn aces_count_one_or_eleven() {
    assert_eq!(
        value("AS 6D"),
        HandValue {
            total: 17,
            soft: true,
            cards: 2
        }
    );
    assert_eq!(value("AS 6D TC").total, 17);
    assert!(!value("AS 6D TC").soft, "the ace counts 1 now");
    assert_eq!((value("AS AD").total, value("AS AD").soft), (12, true));
    assert_eq!(
        (value("AS AD 9C").total, value("AS AD 9C").soft),
        (21, true)
    );
    assert_eq!(value("AS AD AH AC").total, 14);
    assert_eq!(value("KS QD").total, 20);
    assert_eq!(value("JH 5C 7D").total, 22);
    assert_eq!(value("").total, 0);
    assert_eq!(value("AS 6D").to_string(), "soft 17");
    assert_eq!(value("TS 7D").to_string(), "17");
    assert_eq!(value("AS KD").to_string(), "blackjack");
    assert_eq!(value("JH 5C 7D").to_string(), "bust (22)");
}

#[test]
fn only_two_cards_of_21_are_a_blackjack() {
    assert!(value("AS KD").is_blackjack());
    assert!(value("TH AC").is_blackjack());
    assert!(!value("AS 5D 5C").is_blackjack(), "21 in three cards");
    assert!(!value("AS 9D").is_blackjack());
    assert!(value("JH 5C 7D").is_bust());
    assert!(!value("AS AD 9C").is_bust());
}

#[test]
fn the_deal_goes_round_the_players_then_the_dealer_twice() {
    let engine = dealt(
        one_round(),
        2,
        &["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"],
    );
    assert_eq!(engine.position().to_act(), PlayerSet::one(P0));
    assert_eq!(engine.position().turn(), Some(P0));
    assert_eq!(engine.position().phase(), Some("players"));
    let game = engine.position().state();
    assert_eq!(game.hand(P0), [card("2C"), card("5C")]);
    assert_eq!(game.hand(P1), [card("3C"), card("6C")]);
    assert_eq!(game.dealer_cards(), [card("4C")]);
    assert_eq!(game.hole().slots()[0].component(), Some(&card("7C")));
    assert_eq!(game.shoe().len(), 52 - 6);
    assert_eq!(
        game.shoe().top().and_then(Slot::component),
        Some(&card("8C"))
    );
    assert_one_place(game);
}

#[test]
fn a_hand_over_21_is_bust_and_ends_the_turn() {
    // Player 1: TS 6H; player 2: 9C 9D; the dealer: 7C and KD in the hole; then QS.
    let mut engine = dealt(one_round(), 2, &["TS", "9C", "7C", "6H", "9D", "KD", "QS"]);
    let moves = act(&mut engine, P0, hit());
    assert_eq!(engine.position().state().hand_value(P0).total, 26);
    assert!(engine.position().state().hand_value(P0).is_bust());
    assert!(matches!(
        moves.as_slice(),
        [
            BlackjackMove::Hit { .. },
            BlackjackMove::Piece(PieceMove::Move {
                from: BlackjackPlace::Shoe,
                to: BlackjackPlace::Hands(P0),
                at: 2,
                seen: None,
                ..
            }),
            BlackjackMove::Dealt,
        ]
    ));
    assert_eq!(
        engine.position().turn(),
        Some(P1),
        "the bust ended the turn"
    );

    // The second player stands: the dealer turns up KD, stands on 17, the round settles.
    let moves = act(&mut engine, P1, stand());
    assert!(moves.contains(&BlackjackMove::Settle {
        dealer: value("7C KD"),
        results: PerPlayer::from_fn(Seats::new(2), |seat| [HandResult::Bust, HandResult::Win]
            [seat.0]),
    }));
    let game = engine.position().state();
    assert!(game.is_over());
    assert_eq!(game.scores().iter().copied().collect::<Vec<_>>(), [-2, 2]);
    let outcome = game.outcome().expect("one round");
    assert_eq!(outcome.finish(), meeple::Finish::Win(P1));
    assert_eq!(outcome.scores(), [-2, 2]);
    assert_one_place(game);
}

#[test]
fn a_hand_of_21_stands_by_itself() {
    let mut engine = dealt(one_round(), 1, &["TS", "9C", "5H", "8D", "6D"]);
    assert_eq!(engine.position().to_act(), PlayerSet::one(P0));
    let moves = act(&mut engine, P0, hit());
    assert_eq!(engine.position().state().hand_value(P0).total, 21);
    assert_eq!(moves[3], BlackjackMove::DealerTurn, "no decision at 21");
    // 21 in three cards beats the dealer's 17; it is not a blackjack.
    assert_eq!(engine.position().state().scores()[P0], 2);
}

#[test]
fn the_dealer_draws_to_17_and_stands_on_soft_17() {
    assert!(dealer_draws(value("TS 6D"), false));
    assert!(!dealer_draws(value("TS 7D"), false));
    assert!(!dealer_draws(value("AS 6D"), false));
    assert!(dealer_draws(value("AS 6D"), true), "H17 draws on soft 17");
    assert!(!dealer_draws(value("AS 7D"), true));
    assert!(!dealer_draws(value("AS 6D TC"), true), "a hard 17 stands");

    // The player stands on 18; the dealer holds 5S AD (soft 16), draws AC: soft 17.
    let stack = ["TS", "5S", "8H", "AD", "AC", "9H", "4D"];
    let mut engine = dealt(one_round(), 1, &stack);
    act(&mut engine, P0, stand());
    let game = engine.position().state();
    assert_eq!(game.dealer_cards(), ["5S", "AD", "AC"].map(card));
    assert_eq!(game.dealer_value().total, 17);
    assert_eq!(game.scores()[P0], 2, "18 beats 17");

    // Hitting soft 17, the dealer draws 9H (hard 16), then 4D: 20.
    let h17 = BlackjackConfig {
        dealer_hits_soft_17: true,
        ..one_round()
    };
    let mut engine = dealt(h17, 1, &stack);
    act(&mut engine, P0, stand());
    let game = engine.position().state();
    assert_eq!(
        game.dealer_cards(),
        ["5S", "AD", "AC", "9H", "4D"].map(card)
    );
    assert_eq!(game.dealer_value().total, 20);
    assert_eq!(game.scores()[P0], -2, "18 loses to 20");
    assert_one_place(game);
}

#[test]
fn the_dealer_plays_out_the_hand_even_when_every_player_is_bust() {
    let mut engine = dealt(one_round(), 1, &["TS", "6C", "8H", "TD", "KC", "5S"]);
    act(&mut engine, P0, hit());
    let game = engine.position().state();
    assert!(game.hand_value(P0).is_bust());
    assert_eq!(game.dealer_cards(), ["6C", "TD", "5S"].map(card));
    assert_eq!(
        game.scores()[P0],
        -2,
        "a bust hand loses even to a bust dealer"
    );
}

#[test]
fn settlement_follows_the_casino_rules() {
    let blackjack = value("AS KD");
    assert_eq!(settle(blackjack, value("TS 9D")), HandResult::Blackjack);
    assert_eq!(settle(blackjack, value("TS 5D 6C")), HandResult::Blackjack);
    assert_eq!(settle(blackjack, value("AC QH")), HandResult::Push);
    assert_eq!(settle(value("7S 5D 9C"), value("AC QH")), HandResult::Lose);
    assert_eq!(settle(value("TS 8D"), value("9S 9D")), HandResult::Push);
    assert_eq!(settle(value("TS 8D"), value("9S TD")), HandResult::Lose);
    assert_eq!(settle(value("TS 8D"), value("9S 7D")), HandResult::Win);
    assert_eq!(settle(value("TS 4D"), value("9S 7D 8C")), HandResult::Win);
    assert_eq!(
        settle(value("TS 4D 9C"), value("9S 7D 8C")),
        HandResult::Bust
    );
    assert_eq!(
        [
            HandResult::Blackjack,
            HandResult::Win,
            HandResult::Push,
            HandResult::Lose,
            HandResult::Bust
        ]
        .map(HandResult::payout),
        [3, 2, 0, -2, -2]
    );
    assert_eq!(
        [3, 2, 0, -2, -3, 7].map(chips),
        ["+1.5", "+1", "0", "-1", "-1.5", "+3.5"]
    );
}

#[test]
fn a_blackjack_pays_three_to_two_and_has_no_turn() {
    // Player 1 is dealt AS KD; player 2 TS 8D; the dealer 9C 8H (17, no peek on a 9).
    let mut engine = dealt(
        BlackjackConfig {
            rounds: 2,
            ..one_round()
        },
        2,
        &["AS", "TS", "9C", "KD", "8D", "8H"],
    );
    assert_eq!(
        engine.position().turn(),
        Some(P1),
        "the blackjack has no turn"
    );
    let moves = act(&mut engine, P1, stand());
    let game = engine.position().state();
    let results = PerPlayer::from_fn(Seats::new(2), |seat| {
        [HandResult::Blackjack, HandResult::Win][seat.0]
    });
    assert!(moves.contains(&BlackjackMove::Settle {
        dealer: value("9C 8H"),
        results: results.clone(),
    }));
    assert_eq!(game.scores().iter().copied().collect::<Vec<_>>(), [3, 2]);
    let last = game.last_round().expect("a round was settled");
    assert_eq!(last.results, results);
    assert_eq!(last.dealer_cards, ["9C", "8H"].map(card));
    // The next round began: the cards went to the discard pile before the deal.
    assert_eq!(game.round(), 1);
    assert_eq!(game.discard().len(), 6);
    assert!(moves.contains(&BlackjackMove::TableCleared));
    let discarded = moves.iter().filter(|applied| {
        matches!(
            applied,
            BlackjackMove::Piece(PieceMove::Move {
                to: BlackjackPlace::Discard,
                ..
            })
        )
    });
    assert_eq!(
        discarded.count(),
        6,
        "each card of the table, one move each"
    );
    assert_one_place(game);
}

#[test]
fn the_dealer_peeks_for_blackjack_under_an_ace() {
    // The dealer shows AS with KD in the hole; player 1 holds TS 9H, player 2 AC QH.
    let stack = ["TS", "AC", "AS", "9H", "QH", "KD"];
    let engine = dealt(one_round(), 2, &stack);
    let game = engine.position().state();
    assert!(game.is_over(), "nobody played");
    assert_eq!(game.peek(), Some(true));
    assert_eq!(game.dealer_cards(), ["AS", "KD"].map(card));
    assert_eq!(
        game.scores().iter().copied().collect::<Vec<_>>(),
        [-2, 0],
        "blackjack against blackjack pushes"
    );

    // Without the peek the players play first, to the same end.
    let no_peek = BlackjackConfig {
        dealer_peeks: false,
        ..one_round()
    };
    let mut engine = dealt(no_peek, 2, &stack);
    assert_eq!(engine.position().to_act(), PlayerSet::one(P0));
    act(&mut engine, P0, stand());
    let scores: Vec<i64> = engine.position().state().scores().iter().copied().collect();
    assert_eq!(scores, [-2, 0]);

    // A peek that finds nothing lets the players play.
    let engine = dealt(one_round(), 1, &["TS", "AS", "9H", "8D"]);
    let peeked = engine.records().iter().any(|record| {
        record
            .moves
            .contains(&BlackjackMove::Peek { blackjack: false })
    });
    assert!(peeked);
    assert_eq!(engine.position().state().peek(), Some(false));
    assert_eq!(engine.position().to_act(), PlayerSet::one(P0));
}

#[test]
fn the_discard_goes_back_into_the_shoe_when_it_runs_out() {
    let engine = dealt(one_round(), 1, &["TS", "9C", "5H", "8D"]);
    let mut game = engine.position().state().clone();
    // Everything left in the shoe goes to the discard pile: the shoe is empty.
    while let Some(top) = game.shoe.top_index() {
        move_piece(&mut game.shoe, top, &mut game.discard, None).expect("a card");
    }
    assert_eq!(game.discard().len(), 48);
    let shuffles = game.shuffles();
    // The game goes on from there: P0's turn, as the flow stood.
    let mut engine = Engine::from_start(
        Start::new(game, 1)
            .with_config(one_round())
            .with_flow(engine.position().flow_position().clone()),
    )
    .expect("the table starts");
    let moves = act(&mut engine, P0, hit());
    let game = engine.position().state();
    assert!(
        matches!(
            moves.as_slice(),
            [
                BlackjackMove::Hit { .. },
                BlackjackMove::GatherDiscard {
                    resume: BlackjackPlace::Hands(P0),
                },
                ..
            ]
        ),
        "{moves:?}"
    );
    // Each of the 48 discarded cards goes into the shoe, bottom first; the shoe is shuffled;
    // then its top card is dealt.
    let gathered: Vec<PieceMove<BlackjackPlace, Card>> = (0..48)
        .map(|at| PieceMove::Move {
            from: BlackjackPlace::Discard,
            index: 0,
            to: BlackjackPlace::Shoe,
            at,
            seen: None,
        })
        .collect();
    let pieces: Vec<&PieceMove<BlackjackPlace, Card>> = moves[2..52]
        .iter()
        .filter_map(|applied| match applied {
            BlackjackMove::Piece(piece) => Some(piece),
            _ => None,
        })
        .collect();
    assert_eq!(pieces.len(), 50, "{moves:?}");
    assert!(pieces[..48].iter().copied().eq(gathered.iter()));
    assert_eq!(
        *pieces[48],
        PieceMove::Shuffle {
            place: BlackjackPlace::Shoe
        }
    );
    assert!(matches!(
        pieces[49],
        PieceMove::Arrange {
            place: BlackjackPlace::Shoe,
            ..
        }
    ));
    assert_eq!(
        moves[52..54],
        [
            BlackjackMove::Piece(PieceMove::Move {
                from: BlackjackPlace::Shoe,
                index: 47,
                to: BlackjackPlace::Hands(P0),
                at: 2,
                seen: None,
            }),
            BlackjackMove::Dealt
        ]
    );
    assert_eq!(game.shuffles(), shuffles + 1);
    assert_eq!(game.hand(P0).len(), 3);
    assert!(game.discard().is_empty());
    // The cards on the table stayed there: 4 dealt, 1 hit, the rest in the shoe (less what
    // the dealer drew).
    let on_table = game.hand(P0).len() + game.dealer_cards().len() + game.hole().len();
    assert_eq!(game.shoe().len() + on_table, 52);
    assert_one_place(game);
}

#[test]
fn what_each_viewer_sees_of_the_shoe_and_the_hole() {
    let engine = dealt(one_round(), 2, &["TS", "9C", "5H", "8D", "6D", "QC"]);
    let game = engine.position().state();
    for viewer in [Viewer::Player(P0), Viewer::Player(P1), Viewer::Observer] {
        let view = game.view(viewer);
        assert!(view.shoe().slots().iter().all(Slot::is_hidden));
        assert_eq!(view.shoe().len(), game.shoe().len());
        let token = game.hole().slots()[0].piece().map(|piece| piece.token());
        assert_eq!(view.hole().slots(), [Slot::Hidden(token)]);
        assert_eq!(view.hand(P1), ["9C", "6D"].map(card));
        assert_eq!(view.dealer_cards(), [card("5H")]);
    }
    assert_eq!(&game.view(Viewer::Admin), game);
}

#[test]
fn a_config_that_cannot_be_played_is_refused() {
    let refused = |config: BlackjackConfig, players: usize| {
        Engine::<Blackjack>::new(config, players, 0)
            .map(|_| ())
            .expect_err("refused")
    };
    let no_decks = BlackjackConfig {
        decks: 0,
        ..BlackjackConfig::default()
    };
    assert_eq!(
        refused(no_decks.clone(), 2).to_string(),
        "invalid config: decks: the shoe holds 1 to 8 decks, not 0"
    );
    assert_eq!(
        Blackjack::chest(&no_decks).map(|_| ()),
        Err(SetupError::Config {
            field: "decks",
            reason: "the shoe holds 1 to 8 decks, not 0".to_owned()
        })
    );
    let nine = BlackjackConfig {
        decks: 9,
        ..BlackjackConfig::default()
    };
    assert_eq!(
        refused(nine, 2).to_string(),
        "invalid config: decks: the shoe holds 1 to 8 decks, not 9"
    );
    let no_rounds = BlackjackConfig {
        rounds: 0,
        ..BlackjackConfig::default()
    };
    assert_eq!(
        refused(no_rounds, 2).to_string(),
        "invalid config: rounds: a game lasts 1 to 1000 rounds, not 0"
    );
    let endless = BlackjackConfig {
        rounds: 1001,
        ..BlackjackConfig::default()
    };
    assert_eq!(
        refused(endless, 2).to_string(),
        "invalid config: rounds: a game lasts 1 to 1000 rounds, not 1001"
    );
    assert_eq!(
        refused(BlackjackConfig::default(), 0).to_string(),
        "blackjack is played by 1 to 7 players, not 0"
    );
    assert_eq!(
        refused(BlackjackConfig::default(), 8).to_string(),
        "blackjack is played by 1 to 7 players, not 8"
    );
    // Unknown fields are refused; missing ones take their default.
    let read: BlackjackConfig = serde_json::from_str(r#"{"decks":2}"#).expect("a config");
    assert_eq!(
        read,
        BlackjackConfig {
            decks: 2,
            ..BlackjackConfig::default()
        }
    );
    assert!(serde_json::from_str::<BlackjackConfig>(r#"{"split":true}"#).is_err());
}

#[test]
fn the_deck_holds_every_card_of_each_deck() {
    let deck = Blackjack::deck(&BlackjackConfig {
        decks: 2,
        ..BlackjackConfig::default()
    })
    .expect("a valid config");
    assert_eq!(deck.len(), 104);
    assert_eq!(deck.name(), "cards");
    let setup =
        Blackjack::setup(&BlackjackConfig::default(), Seats::new(7)).expect("a valid setup");
    assert_eq!(setup.state.shoe().len(), 6 * 52);
    assert_eq!(
        setup.moves,
        [BlackjackMove::Piece(PieceMove::Shuffle {
            place: BlackjackPlace::Shoe
        }),],
        "the shuffle; the flow deals the first round"
    );
}
