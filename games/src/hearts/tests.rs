//! Unit tests of the rules, on positions built by hand.

use meeple::{Engine, Game, PerPlayer, PlayerIndex};

use super::*;

fn cards(text: &str) -> CardSet {
    text.split_whitespace()
        .map(|card| card.parse::<Card>().expect("a card"))
        .collect()
}

fn card(text: &str) -> Card {
    text.parse().expect("a card")
}

const NORTH: PlayerIndex = PlayerIndex(0);
const EAST: PlayerIndex = PlayerIndex(1);
const SOUTH: PlayerIndex = PlayerIndex(2);
const WEST: PlayerIndex = PlayerIndex(3);

/// A hand being played: `hands` by seat, the trick led by `leader` with `trick` played in
/// order, after `tricks_played` tricks.
fn playing(
    config: HeartsConfig,
    hands: [&str; 4],
    leader: PlayerIndex,
    trick: &[&str],
    tricks_played: u8,
) -> Hearts {
    let mut game = Hearts::new(config);
    // A hand without passing: the tricks are played at once.
    game.pass_direction = PassDirection::Hold;
    game.hands = PerPlayer::from_fn(SEATS, |seat| cards(hands[seat.0]));
    game.leader = leader;
    game.tricks_played = tricks_played;
    for (step, played) in trick.iter().enumerate() {
        game.trick[SEATS.after(leader, step)] = Some(card(played));
    }
    game
}

#[test]
fn players_must_follow_the_suit_led() {
    let game = playing(
        HeartsConfig::default(),
        ["", "3C 9C KD 4H", "", ""],
        NORTH,
        &["5C"],
        3,
    );
    assert_eq!(game.may_play(EAST, card("3C")), Ok(()));
    assert_eq!(game.may_play(EAST, card("9C")), Ok(()));
    assert_eq!(
        game.may_play(EAST, card("KD")),
        Err("you must follow clubs")
    );
    assert_eq!(
        game.may_play(EAST, card("4H")),
        Err("you must follow clubs")
    );
    assert_eq!(
        game.may_play(EAST, card("2C")),
        Err("that card is not in your hand")
    );

    // Void in the suit led: anything goes, hearts included.
    let void = playing(
        HeartsConfig::default(),
        ["", "KD 4H QS", "", ""],
        NORTH,
        &["5C"],
        3,
    );
    for played in ["KD", "4H", "QS"] {
        assert_eq!(void.may_play(EAST, card(played)), Ok(()), "{played}");
    }
}

#[test]
fn the_two_of_clubs_leads_the_first_trick() {
    let game = playing(
        HeartsConfig::default(),
        ["2C 3C AD", "", "", ""],
        NORTH,
        &[],
        0,
    );
    assert_eq!(game.may_play(NORTH, card("2C")), Ok(()));
    assert_eq!(
        game.may_play(NORTH, card("3C")),
        Err("the 2 of clubs leads the first trick")
    );
    assert_eq!(game.play_prompt(), "Lead the 2 of clubs");
}

#[test]
fn no_points_on_the_first_trick_unless_the_hand_has_nothing_else() {
    let game = playing(
        HeartsConfig::default(),
        ["", "4H QS KD", "", ""],
        NORTH,
        &["2C"],
        0,
    );
    let refused = Err("no points on the first trick: hearts and the queen of spades wait");
    assert_eq!(game.may_play(EAST, card("4H")), refused);
    assert_eq!(game.may_play(EAST, card("QS")), refused);
    assert_eq!(game.may_play(EAST, card("KD")), Ok(()));

    // Only points in hand: any of them may be played.
    let only_points = playing(
        HeartsConfig::default(),
        ["", "4H QS", "", ""],
        NORTH,
        &["2C"],
        0,
    );
    assert_eq!(only_points.may_play(EAST, card("4H")), Ok(()));
    assert_eq!(only_points.may_play(EAST, card("QS")), Ok(()));

    // The variant that allows them.
    let config = HeartsConfig {
        points_on_first_trick: true,
        ..HeartsConfig::default()
    };
    let bleeding = playing(config, ["", "4H QS KD", "", ""], NORTH, &["2C"], 0);
    assert_eq!(bleeding.may_play(EAST, card("QS")), Ok(()));

    // After the first trick, no such restriction.
    let later = playing(
        HeartsConfig::default(),
        ["", "4H QS KD", "", ""],
        NORTH,
        &["2C"],
        1,
    );
    assert_eq!(later.may_play(EAST, card("QS")), Ok(()));
}

#[test]
fn hearts_are_led_only_once_broken_or_when_nothing_else_is_held() {
    let game = playing(
        HeartsConfig::default(),
        ["4H AH 9D", "", "", ""],
        NORTH,
        &[],
        2,
    );
    assert_eq!(
        game.may_play(NORTH, card("4H")),
        Err("hearts are not broken yet")
    );
    assert_eq!(game.may_play(NORTH, card("9D")), Ok(()));
    assert_eq!(game.play_prompt(), "Lead a card");

    let mut broken = game.clone();
    broken.hearts_broken = true;
    assert_eq!(broken.may_play(NORTH, card("4H")), Ok(()));

    let only_hearts = playing(
        HeartsConfig::default(),
        ["4H AH", "", "", ""],
        NORTH,
        &[],
        2,
    );
    assert_eq!(only_hearts.may_play(NORTH, card("4H")), Ok(()));

    // The queen of spades is not a heart: holding it, hearts still wait.
    let with_queen = playing(
        HeartsConfig::default(),
        ["4H QS", "", "", ""],
        NORTH,
        &[],
        2,
    );
    assert_eq!(
        with_queen.may_play(NORTH, card("4H")),
        Err("hearts are not broken yet")
    );

    let config = HeartsConfig {
        hearts_must_be_broken: false,
        ..HeartsConfig::default()
    };
    let free = playing(config, ["4H AH 9D", "", "", ""], NORTH, &[], 2);
    assert_eq!(free.may_play(NORTH, card("4H")), Ok(()));
}

#[test]
fn the_highest_card_of_the_suit_led_takes_the_trick() {
    let game = playing(
        HeartsConfig::default(),
        ["", "", "", ""],
        SOUTH,
        &["9D", "AS", "2D", "TD"],
        4,
    );
    // South led 9D, West AS (off suit), North 2D, East TD.
    assert_eq!(game.trick_winner(), Some(EAST));
    assert_eq!(
        game.trick().collect::<Vec<_>>(),
        vec![
            (SOUTH, card("9D")),
            (WEST, card("AS")),
            (NORTH, card("2D")),
            (EAST, card("TD"))
        ]
    );
    assert_eq!(game.play_prompt(), "Play a card (diamonds led)");
    assert!(game.playing_tricks());
    let empty = playing(HeartsConfig::default(), ["", "", "", ""], SOUTH, &[], 4);
    assert_eq!(empty.trick_winner(), None);
}

#[test]
fn points_count_hearts_the_queen_and_the_jack_in_its_variant() {
    let game = Hearts::new(HeartsConfig::default());
    assert_eq!(game.points_of(cards("2H 3H QS JD 5C")), 15);
    let omnibus = Hearts::new(HeartsConfig {
        jack_of_diamonds: true,
        ..HeartsConfig::default()
    });
    assert_eq!(omnibus.points_of(cards("2H 3H QS JD 5C")), 5);
    assert_eq!(omnibus.points_of(cards("JD")), -10);
}

/// A hand after its last trick, South having taken every heart and the queen.
fn moon_hand(config: HeartsConfig) -> Hearts {
    let mut game = Hearts::new(config);
    game.taken[SOUTH] = CardSet::suit(Suit::Hearts).with(Card::QUEEN_OF_SPADES);
    game.taken[NORTH] = CardSet::DECK.difference(game.taken[SOUTH]);
    game.points = PerPlayer::from_fn(SEATS, |seat| game.points_of(game.taken[seat]));
    game
}

#[test]
fn shooting_the_moon_gives_the_others_26() {
    let (scores, moon) = moon_hand(HeartsConfig::default()).hand_scores();
    assert_eq!(moon, Some(SOUTH));
    assert_eq!(scores.iter().copied().collect::<Vec<_>>(), [26, 26, 0, 26]);

    let subtract = HeartsConfig {
        moon: MoonScoring::SubtractFromSelf,
        ..HeartsConfig::default()
    };
    let (scores, moon) = moon_hand(subtract).hand_scores();
    assert_eq!(moon, Some(SOUTH));
    assert_eq!(scores.iter().copied().collect::<Vec<_>>(), [0, 0, -26, 0]);

    let off = HeartsConfig {
        moon: MoonScoring::Off,
        ..HeartsConfig::default()
    };
    let (scores, moon) = moon_hand(off).hand_scores();
    assert_eq!(moon, None);
    assert_eq!(scores.iter().copied().collect::<Vec<_>>(), [0, 0, 26, 0]);

    // The jack keeps its value: North took it.
    let omnibus = HeartsConfig {
        jack_of_diamonds: true,
        ..HeartsConfig::default()
    };
    let (scores, _) = moon_hand(omnibus).hand_scores();
    assert_eq!(scores.iter().copied().collect::<Vec<_>>(), [16, 26, 0, 26]);
}

#[test]
fn without_a_moon_each_takes_their_points() {
    let mut game = Hearts::new(HeartsConfig::default());
    game.taken[EAST] = cards("QS 2H");
    game.taken[WEST] = CardSet::suit(Suit::Hearts).difference(cards("2H"));
    game.points = PerPlayer::from_fn(SEATS, |seat| game.points_of(game.taken[seat]));
    let (scores, moon) = game.hand_scores();
    assert_eq!(moon, None);
    assert_eq!(scores.iter().copied().collect::<Vec<_>>(), [0, 14, 0, 12]);
}

#[test]
fn pass_directions_rotate_left_right_across_hold() {
    let config = HeartsConfig::default();
    let directions: Vec<_> = (0..9).map(|hand| config.pass_direction(hand)).collect();
    use PassDirection::*;
    assert_eq!(
        directions,
        [Left, Right, Across, Hold, Left, Right, Across, Hold, Left]
    );
    let mut game = Hearts::new(config);
    let targets = |game: &Hearts| {
        SEATS
            .iter()
            .map(|seat| game.pass_target(seat))
            .collect::<Vec<_>>()
    };
    game.start_hand(0);
    assert_eq!(
        targets(&game),
        [Some(EAST), Some(SOUTH), Some(WEST), Some(NORTH)]
    );
    assert_eq!(
        game.pass_prompt(NORTH),
        "Pass three cards to the left (to East)"
    );
    game.start_hand(1);
    assert_eq!(
        targets(&game),
        [Some(WEST), Some(NORTH), Some(EAST), Some(SOUTH)]
    );
    game.start_hand(2);
    assert_eq!(
        targets(&game),
        [Some(SOUTH), Some(WEST), Some(NORTH), Some(EAST)]
    );
    game.start_hand(3);
    assert_eq!(targets(&game), [None, None, None, None]);
}

#[test]
fn the_lowest_total_wins_and_ties_share_the_win() {
    let mut game = Hearts::new(HeartsConfig::default());
    game.totals = PerPlayer::from_fn(SEATS, |seat| [40, 101, 40, 77][seat.0]);
    assert_eq!(game.outcome(), None, "not over until the game ends");
    game.over = true;
    let outcome = game.outcome().expect("over");
    assert_eq!(
        outcome.finish(),
        meeple::Finish::SharedWin([NORTH, SOUTH].into_iter().collect())
    );
    assert_eq!(outcome.places(), [1, 4, 1, 3]);
    assert_eq!(outcome.scores(), vec![40, 101, 40, 77]);
    assert!(game.to_act().is_empty());
}

#[test]
fn configs_and_player_counts_are_checked() {
    let refused = |config: HeartsConfig| match Engine::<Hearts>::new(config, 4, 0) {
        Err(SetupError::Config { field, reason }) => (field, reason),
        other => panic!("expected a config error, got {other:?}"),
    };
    let (field, reason) = refused(HeartsConfig {
        target_score: 0,
        ..HeartsConfig::default()
    });
    assert_eq!(field, "target_score");
    assert!(reason.contains("between 1 and 10000, not 0"), "{reason}");
    let (field, _) = refused(HeartsConfig {
        target_score: 10_001,
        ..HeartsConfig::default()
    });
    assert_eq!(field, "target_score");
    let (field, reason) = refused(HeartsConfig {
        pass_rotation: vec![],
        ..HeartsConfig::default()
    });
    assert_eq!(field, "pass_rotation");
    assert!(reason.contains("at least one direction"), "{reason}");
    let (field, reason) = refused(HeartsConfig {
        pass_rotation: vec![PassDirection::Left; 17],
        ..HeartsConfig::default()
    });
    assert_eq!(field, "pass_rotation");
    assert_eq!(
        reason,
        "list at most 16 directions, the cycle the hands pass by; 17 are listed"
    );
    assert!(
        Engine::<Hearts>::new(
            HeartsConfig {
                pass_rotation: vec![PassDirection::Left; 16],
                ..HeartsConfig::default()
            },
            4,
            0
        )
        .is_ok()
    );
    for players in [0, 3, 5] {
        assert_eq!(
            Engine::<Hearts>::new(HeartsConfig::default(), players, 0).err(),
            Some(SetupError::PlayerCount {
                game: "hearts",
                players,
                expected: "4".to_owned()
            })
        );
    }
    assert!(Engine::<Hearts>::new(HeartsConfig::default(), 4, 0).is_ok());
}

#[test]
fn configs_read_from_partial_json() {
    let config: HeartsConfig =
        serde_json::from_str(r#"{"target_score":50,"pass_rotation":["across","hold"]}"#)
            .expect("a config");
    assert_eq!(config.target_score, 50);
    assert_eq!(
        config.pass_rotation,
        [PassDirection::Across, PassDirection::Hold]
    );
    assert!(config.queen_breaks_hearts);
    assert!(serde_json::from_str::<HeartsConfig>(r#"{"target":50}"#).is_err());
    assert_eq!(
        serde_json::from_str::<HeartsConfig>("{}").ok(),
        Some(HeartsConfig::default())
    );
}

/// A hand about to be played: each seat holds one whole suit (North clubs, East diamonds,
/// South spades, West hearts), North leads.
fn suits_dealt() -> Hearts {
    playing(
        HeartsConfig::default(),
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ],
        NORTH,
        &[],
        0,
    )
}

/// `draws` worlds of North's view of `game`, each checked to keep North's hand and to deal
/// every card once; returns how often each card went to each seat.
fn worlds_of_north(game: &Hearts, draws: u32) -> PerPlayer<[u32; 52]> {
    let view = View::view(game, meeple::Viewer::Player(NORTH));
    let mut chance = Chance::from_seed(5);
    let mut held = PerPlayer::filled(SEATS, [0; 52]);
    for _ in 0..draws {
        let world = view.determinize(NORTH, &mut chance);
        assert_eq!(world.hand(NORTH), game.hand(NORTH));
        let all = SEATS
            .iter()
            .fold(CardSet::EMPTY, |all, seat| all.union(world.hand(seat)));
        assert_eq!(all, CardSet::DECK, "every card dealt once");
        for seat in SEATS.iter() {
            assert_eq!(world.hand(seat).len(), 13);
            for card in world.hand(seat).iter() {
                held[seat][card.index() as usize] += 1;
            }
        }
    }
    held
}

#[test]
fn worlds_deal_each_unseen_card_to_any_other_seat_alike() {
    let draws = 3000;
    let held = worlds_of_north(&suits_dealt(), draws);
    for card in CardSet::DECK.difference(CardSet::suit(Suit::Clubs)).iter() {
        for seat in [EAST, SOUTH, WEST] {
            let share = f64::from(held[seat][card.index() as usize]) / f64::from(draws);
            // A third each; five standard deviations of 3000 draws is about 0.045.
            assert!(
                (share - 1.0 / 3.0).abs() < 0.05,
                "{card} went to {seat:?} in {share:.3} of the worlds"
            );
        }
    }
}

#[test]
fn worlds_give_no_seat_a_suit_it_has_shown_out_of() {
    let mut game = suits_dealt();
    game.shown_out[EAST] = CardSet::suit(Suit::Spades);
    let held = worlds_of_north(&game, 300);
    for card in CardSet::suit(Suit::Spades).iter() {
        assert_eq!(
            held[EAST][card.index() as usize],
            0,
            "East was dealt {card}"
        );
    }
}

#[test]
fn a_search_agent_passes_while_lower_seats_have_not() {
    // The pass is simultaneous: every seat may pass first. A search agent at East, South
    // or West chooses its own three cards whoever else has passed (its tree's root was
    // North's pass, which the engine refused for it, and a server asked it again for ever).
    let mut engine = Engine::<Hearts>::new(HeartsConfig::default(), 4, 7).expect("a table");
    for seat in [EAST, SOUTH, WEST] {
        assert!(
            engine.position().to_act().contains(NORTH),
            "North has not passed"
        );
        for mut agent in [
            meeple::SearchAgent::ismcts(3, meeple::Budget::Iterations(40)),
            meeple::SearchAgent::uct(3, meeple::Budget::Iterations(40)),
        ] {
            let position = engine.for_agent(seat, 11);
            let pass = meeple::Agent::choose(&mut agent, &position, seat).expect("a pass");
            assert!(
                engine.position().completions(seat).contains(&pass),
                "{seat:?} chose {pass:?}, not one of its own passes"
            );
        }
        let position = engine.for_agent(seat, 11);
        let mut agent = meeple::SearchAgent::ismcts(5, meeple::Budget::Iterations(40));
        let pass = meeple::Agent::choose(&mut agent, &position, seat).expect("a pass");
        engine.submit(seat, pass).expect("its own pass is taken");
    }
    assert_eq!(
        engine.position().to_act().iter().collect::<Vec<_>>(),
        vec![NORTH]
    );
}
