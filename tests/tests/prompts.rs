//! Snapshots of generated prompts over small test games, each written only with the
//! public `meeple` API and the derive macros: the skip strategies, validation errors kept
//! in place, forced selections and actions, follow-ups with arguments, dependent and wide
//! number ranges, and tree-shaking; with the typed errors of bad submissions, which leave
//! the state and the log as they were.
//!
//! Regenerate with `INSTA_UPDATE=always cargo test -p meeple-tests --test prompts`, then
//! read every changed `.snap` and check it against the semantics stated in its test before
//! committing it.

use meeple::{
    Action, ActionPrompt, ActionSet, Actions, Behaviour, Engine, EngineSettings, Game, Move,
    MoveContext, Outcome, PlayerIndex, PlayerSet, RecordKind, Seat, Seats, SelectionKind, Setup,
    SetupError, Status, Submission, SubmitError, WhenStuck,
};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// A move that writes a line in the game's journal: the behaviour of the actions whose
/// effect does not matter here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Note(String);

/// A game with a journal of [`Note`]s.
trait Journal {
    fn journal(&mut self) -> &mut Vec<String>;
}

impl<G: Journal> Move<G> for Note {
    fn apply(&self, game: &mut G, _next: &mut MoveContext<'_, Self>) {
        game.journal().push(self.0.clone());
    }
}

/// Runs `attempt`, which must be refused, checks that it left the state, the log and the
/// pending follow-ups exactly as they were, and returns the error.
fn refused<G: Game + serde::Serialize>(
    engine: &mut Engine<G>,
    attempt: impl FnOnce(&mut Engine<G>) -> Result<(), SubmitError>,
) -> SubmitError {
    let json = |engine: &Engine<G>| {
        (
            serde_json::to_value(engine.state()).expect("a state serializes"),
            serde_json::to_value(engine.follow_ups()).expect("follow-ups serialize"),
        )
    };
    let before = json(engine);
    let records = engine.log().records;
    let error = attempt(engine).expect_err("the submission is refused");
    assert_eq!(json(engine), before, "a refusal changes nothing: {error}");
    assert_eq!(engine.records().len(), records.len(), "no record: {error}");
    assert_eq!(engine.log().records, records);
    error
}

/// Submits `submission` (the wire form) for `player`, keeping only the error.
fn submit<G: Game + serde::Serialize>(
    player: PlayerIndex,
    submission: Submission,
) -> impl FnOnce(&mut Engine<G>) -> Result<(), SubmitError> {
    move |engine| engine.submit_submission(player, &submission).map(|_| ())
}

/// The names of the actions of `player`'s prompt, in order.
fn offered<G: Game + serde::Serialize>(engine: &Engine<G>, player: PlayerIndex) -> Vec<String> {
    engine
        .prompt(player)
        .actions
        .into_iter()
        .map(|action| action.action)
        .collect()
}

const P0: PlayerIndex = PlayerIndex(0);
const P1: PlayerIndex = PlayerIndex(1);

/// `player` as errors name them: these games keep the default names.
fn seat(player: PlayerIndex) -> Seat {
    Seat::new(player, format!("Player {}", player.0 + 1))
}

/// The skip strategies of a selection: `only-one` (the default), `never`, `always` and a
/// `bool` expression.
mod skips {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Seed {
        Bean,
        Pea,
    }

    impl Seed {
        const ALL: [Seed; 2] = [Seed::Bean, Seed::Pea];
    }

    #[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Side {
        North,
        South,
    }

    impl Side {
        const ALL: [Side; 2] = [Side::North, Side::South];
    }

    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    struct GardenConfig {
        beds: Vec<u8>,
        round: u32,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
    struct Garden {
        beds: Vec<u8>,
        round: u32,
        journal: Vec<String>,
    }

    impl Journal for Garden {
        fn journal(&mut self) -> &mut Vec<String> {
            &mut self.journal
        }
    }

    /// `only-one` (the default): with a single bed, the bed is chosen for the player.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Plant seeds", behaviour = [Note(format!("{seed:?} in bed {bed}"))])]
    struct Plant {
        #[choose_from(game.beds.clone(), label = format!("bed {bed}"))]
        bed: u8,
        #[choose_from(Seed::ALL, prompt = "Which seed?")]
        seed: Seed,
    }

    /// `never`: the bed is asked even when there is only one.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Water a bed", behaviour = [Note(format!("watered bed {bed}"))])]
    struct Water {
        #[choose_from(game.beds.clone(), label = format!("bed {bed}"), skip_if = "never")]
        bed: u8,
    }

    /// `always`: the side is folded into the options of the length; the south side only
    /// takes a fence of length 1.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Build a fence", behaviour = [Note(format!("{length} on {side:?}"))])]
    struct Fence {
        #[choose_from(Side::ALL, skip_if = "always")]
        side: Side,
        #[choose_number(
            min = 1,
            max = 2,
            validate = if *side == Side::South && *length == 2 {
                Err("the south wall is short")
            } else {
                Ok(())
            },
        )]
        length: u8,
    }

    /// A `bool` expression (Boardzilla's `skipIf: fn`): from round 2 on, while it is
    /// true, the game chooses the side, its first viable option, and leaves it out of the
    /// prompt; in round 1 (false: `only-one`) the side is asked as usual. Unlike
    /// `"always"`, which folds a selection into the next, the player never picks it.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Harvest", behaviour = [Note(format!("{seed:?} on {side:?}"))])]
    struct Harvest {
        #[choose_from(Side::ALL, skip_if = game.round > 1)]
        side: Side,
        #[choose_from(Seed::ALL)]
        seed: Seed,
    }

    /// `always` before a selection that cannot be listed (a wide range): the side is asked
    /// as usual.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Raise a trellis", behaviour = [Note(format!("{height}cm on {side:?}"))])]
    struct Trellis {
        #[choose_from(Side::ALL, skip_if = "always")]
        side: Side,
        #[choose_number(min = 1, max = 100)]
        height: u8,
    }

    /// `only-one` on a set: exactly two seeds out of two is the whole set, chosen for the
    /// player.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Sow both seeds", behaviour = [Note(format!("sowed {seeds:?}"))])]
    struct Sow {
        #[choose_from(Seed::ALL, count = 2)]
        seeds: Vec<Seed>,
    }

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Garden)]
    enum GardenAction {
        Plant(Plant),
        Water(Water),
        Fence(Fence),
        Harvest(Harvest),
        Trellis(Trellis),
        Sow(Sow),
    }

    impl Game for Garden {
        type Config = GardenConfig;
        type Move = Note;
        type Actions = GardenAction;
        const NAME: &'static str = "garden";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
        fn setup(config: &GardenConfig, _: Seats) -> Result<Setup<Self>, SetupError> {
            let state = Garden {
                beds: config.beds.clone(),
                round: config.round,
                journal: Vec::new(),
            };
            Ok(Setup {
                state,
                moves: Vec::new(),
            })
        }
        fn to_act(&self) -> PlayerSet {
            PlayerSet::one(P0)
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
    }

    fn garden(beds: &[u8], round: u32) -> Engine<Garden> {
        let config = GardenConfig {
            beds: beds.to_vec(),
            round,
        };
        Engine::new(config, 1, 7).expect("a valid setup")
    }

    /// One bed, round 1: `plant` has its bed preset (`preset: true`) and asks the seed;
    /// `water` asks the bed (one option); `fence` lists side and length together, the
    /// south side's length 2 in place with its error; `harvest` asks the side as usual;
    /// `trellis` asks the side as usual (the height, 1..=100, cannot be listed); `sow` is
    /// complete with its set preset.
    #[test]
    fn each_skip_strategy_in_one_prompt() {
        let engine = garden(&[3], 1);
        let prompt = engine.prompt(P0);
        let plant = &prompt.actions[0];
        assert_eq!(plant.chosen.len(), 1);
        assert!(plant.chosen[0].preset);
        insta::assert_json_snapshot!("skips_round_1", prompt);
    }

    /// The completions of that prompt, counted and ranked as they are walked: `plant` 1
    /// bed x 2 seeds, `water` 1, `fence` 3 (not south 2), `harvest` 2 x 2, `trellis`
    /// 2 x 100 heights, `sow` the one set of both seeds (counted as C(2, 2), not built).
    #[test]
    fn each_completion_is_counted_and_ranked() {
        let engine = garden(&[3], 1);
        assert_eq!(
            meeple::check_completions(&engine, P0),
            Ok(2 + 1 + 3 + 4 + 200 + 1)
        );
        let last = engine
            .nth_completion(P0, 210)
            .map(|action| format!("{action:?}"));
        assert_eq!(last.as_deref(), Some("Sow(Sow { seeds: [Bean, Pea] })"));
    }

    /// Round 2: the `bool` expression is true, so the game chooses the side, north (its
    /// first viable option): the prompt shows it preset and asks the seed; the walks count
    /// north only; a submission may leave it out, and south is refused.
    #[test]
    fn a_true_skip_expression_lets_the_game_choose_the_first_option() {
        let mut engine = garden(&[3], 2);
        let harvest = engine
            .prompt_action(P0, "harvest", &[])
            .expect("harvest is offered");
        assert_eq!(harvest.chosen.len(), 1);
        assert!(harvest.chosen[0].preset);
        assert_eq!(harvest.chosen[0].value, json!("north"));
        let selection = harvest.selection.as_ref().expect("a selection");
        assert_eq!(selection.name, "seed");
        insta::assert_json_snapshot!("skips_harvest_round_2", harvest);
        let harvests: Vec<String> = engine
            .completions(P0)
            .iter()
            .filter(|action| action.name() == "harvest")
            .map(|action| format!("{action:?}"))
            .collect();
        assert_eq!(
            harvests,
            [
                "Harvest(Harvest { side: North, seed: Bean })",
                "Harvest(Harvest { side: North, seed: Pea })"
            ]
        );
        assert_eq!(
            meeple::check_completions(&engine, P0),
            Ok(2 + 1 + 3 + 2 + 200 + 1)
        );
        let error = refused(
            &mut engine,
            submit(
                P0,
                Submission::new("harvest")
                    .with("side", "south")
                    .with("seed", "pea"),
            ),
        );
        assert_eq!(
            error,
            SubmitError::NotOffered {
                action: "harvest",
                selection: "side",
                value: "south".to_owned(),
                reason: "the game chooses north here".to_owned(),
            }
        );
        submit(P0, Submission::new("harvest").with("seed", "pea"))(&mut engine)
            .expect("the side the game chooses need not be submitted");
        assert_eq!(engine.state().journal, ["Pea on North"]);

        // Round 1: the expression is false, so the player chooses, south as well.
        let mut engine = garden(&[3], 1);
        submit(
            P0,
            Submission::new("harvest")
                .with("side", "south")
                .with("seed", "pea"),
        )(&mut engine)
        .expect("any side in round 1");
        assert_eq!(engine.state().journal, ["Pea on South"]);
    }

    /// Two beds: nothing is preset, `plant` asks the bed.
    #[test]
    fn two_options_are_asked() {
        let engine = garden(&[3, 4], 1);
        let plant = engine
            .prompt_action(P0, "plant", &[])
            .expect("plant is offered");
        assert!(plant.chosen.is_empty());
        insta::assert_json_snapshot!("skips_plant_two_beds", plant);
        assert_eq!(
            engine.prompt_action(P0, "plant", &[json!(5)]),
            Err(SubmitError::NotOffered {
                action: "plant",
                selection: "bed",
                value: "5".to_owned(),
                reason: "it is not among the options".to_owned(),
            })
        );
    }

    /// A client can still step through a folded selection: after north the length is
    /// asked (1 or 2); after south its only viable value, 1, is preset (`only-one`) and the
    /// refused 2 is no longer shown: the action is complete.
    #[test]
    fn a_folded_selection_can_be_stepped_through() {
        let engine = garden(&[3], 1);
        let north = engine
            .prompt_action(P0, "fence", &[json!("north")])
            .expect("north is offered");
        insta::assert_json_snapshot!("skips_fence_after_north", north);
        let south = engine
            .prompt_action(P0, "fence", &[json!("south")])
            .expect("south is offered");
        assert!(south.selection.is_none());
        insta::assert_json_snapshot!("skips_fence_after_south", south);
    }

    /// Every value of a folded option is submitted: the side and its length. The preset
    /// bed, which the engine makes without asking, may be left out. Missing, extra, not
    /// offered and refused values are typed errors that change nothing.
    #[test]
    fn submissions_name_every_selection_but_forced_ones() {
        let mut engine = garden(&[3], 1);

        let error = refused(
            &mut engine,
            submit(P0, Submission::new("fence").with("side", "north")),
        );
        assert_eq!(
            error,
            SubmitError::MissingSelection {
                action: "fence",
                selection: "length"
            }
        );
        assert_eq!(error.to_string(), "`fence` needs the selection `length`");

        let error = refused(
            &mut engine,
            submit(
                P0,
                Submission::new("plant")
                    .with("bed", 3)
                    .with("seed", "bean")
                    .with("colour", "red"),
            ),
        );
        assert_eq!(
            error,
            SubmitError::ExtraSelection {
                action: "plant",
                selection: "colour".to_owned()
            }
        );
        assert_eq!(error.to_string(), "`plant` has no selection `colour`");

        let error = refused(
            &mut engine,
            submit(
                P0,
                Submission::new("plant").with("bed", 4).with("seed", "bean"),
            ),
        );
        assert_eq!(
            error,
            SubmitError::NotOffered {
                action: "plant",
                selection: "bed",
                value: "4".to_owned(),
                reason: "it is not among the options".to_owned(),
            }
        );
        assert_eq!(
            error.to_string(),
            "`plant`: 4 is not offered for `bed` (it is not among the options)"
        );

        let error = refused(
            &mut engine,
            submit(
                P0,
                Submission::new("fence")
                    .with("side", "south")
                    .with("length", 2),
            ),
        );
        assert_eq!(
            error,
            SubmitError::Invalid {
                action: "fence",
                selection: "length",
                message: "the south wall is short".to_owned(),
            }
        );
        assert_eq!(error.to_string(), "`fence`: the south wall is short");

        let error = refused(
            &mut engine,
            submit(
                P0,
                Submission::new("plant")
                    .with("bed", "three")
                    .with("seed", "bean"),
            ),
        );
        assert!(
            matches!(
                error,
                SubmitError::MalformedSelection {
                    action: "plant",
                    selection: "bed",
                    ..
                }
            ),
            "{error:?}"
        );

        let prompt = engine.prompt(P0);
        let folded = &prompt.actions[2];
        assert_eq!(folded.action, "fence");
        let option = &folded.selection.as_ref().expect("fence asks").options[1];
        let mut submission = Submission::new("fence").with("side", option.value.clone());
        for then in &option.then {
            submission = submission.with(then.selection.clone(), then.value.clone());
        }
        engine
            .submit_submission(P0, &submission)
            .expect("a folded option is accepted with its `then` values");
        assert_eq!(engine.state().journal, ["2 on North"]);
        assert_eq!(engine.records().len(), 2);

        submit(P0, Submission::new("plant").with("seed", "bean"))(&mut engine)
            .expect("the only bed is filled in by the engine");
        assert_eq!(engine.state().journal, ["2 on North", "Bean in bed 3"]);
        assert_eq!(
            engine.records()[2].selections().get("bed"),
            Some(&json!(3)),
            "the log has every selection, for replays"
        );
    }

    /// A client may give the choices so far by name, leaving out those the engine makes:
    /// the seed alone, with the only bed preset; a named choice after one not made is
    /// refused, as is a name the action does not have.
    #[test]
    fn an_action_in_progress_is_prompted_by_name() {
        let engine = garden(&[3], 1);
        let plant = engine
            .prompt_submission(P0, &Submission::new("plant").with("seed", "pea"))
            .expect("plant is offered");
        assert!(plant.selection.is_none(), "{plant:?}");
        assert_eq!(plant.chosen_selections().get("bed"), Some(&json!(3)));
        assert_eq!(plant.chosen_selections().get("seed"), Some(&json!("pea")));
        let by_position = engine
            .prompt_action(P0, "plant", &[json!(3), json!("pea")])
            .expect("plant is offered");
        assert_eq!(plant, by_position);

        let fence = engine
            .prompt_submission(P0, &Submission::new("fence").with("length", 1))
            .expect_err("the side comes first");
        assert_eq!(
            fence,
            SubmitError::MissingSelection {
                action: "fence",
                selection: "side"
            }
        );
        let colour = engine
            .prompt_submission(
                P0,
                &Submission::new("water")
                    .with("bed", 3)
                    .with("colour", "red"),
            )
            .expect_err("water has no colour");
        assert_eq!(
            colour,
            SubmitError::ExtraSelection {
                action: "water",
                selection: "colour".to_owned()
            }
        );
    }
}

/// Options refused by their validation stay in the prompt, in place, with the game's text.
mod validation {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    struct CardsConfig {
        hand: Vec<u8>,
        top: u8,
        deck: u32,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
    struct Cards {
        hand: Vec<u8>,
        top: u8,
        deck: u32,
        passed: bool,
        journal: Vec<String>,
    }

    impl Cards {
        fn may_play(&self, card: u8) -> Result<(), String> {
            if card > self.top {
                Ok(())
            } else {
                Err(format!("{card} is not higher than {}", self.top))
            }
        }
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum CardMove {
        Note(String),
        Pass,
    }

    impl Move<Cards> for CardMove {
        fn apply(&self, cards: &mut Cards, _next: &mut MoveContext<'_, Self>) {
            match self {
                CardMove::Note(text) => cards.journal.push(text.clone()),
                CardMove::Pass => cards.passed = true,
            }
        }
    }

    /// A card higher than the top of the pile (a `Result` validation).
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Play a card", behaviour = [CardMove::Note(format!("played {card}"))])]
    struct Play {
        #[choose_from(game.hand.clone(), validate = game.may_play(*card))]
        card: u8,
    }

    /// Two cards adding up to 10 (a validation of the whole set).
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Meld two cards", behaviour = [CardMove::Note(format!("melded {cards:?}"))])]
    struct Meld {
        #[choose_from(
            game.hand.clone(),
            count = 2,
            validate = if cards.iter().sum::<u8>() == 10 { Ok(()) } else { Err("a meld adds up to 10") },
        )]
        cards: Vec<u8>,
    }

    /// An odd card (a `bool` validation: its text is "not allowed").
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Discard an odd card", behaviour = [CardMove::Note(format!("discarded {card}"))])]
    struct Discard {
        #[choose_from(game.hand.clone(), validate = card % 2 == 1)]
        card: u8,
    }

    /// Draw from the deck, while it lasts.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Draw", condition = game.deck > 0, behaviour = [CardMove::Note("drew".to_owned())])]
    struct Draw {}

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Cards)]
    enum CardAction {
        Play(Play),
        Meld(Meld),
        Discard(Discard),
        Draw(Draw),
    }

    impl Game for Cards {
        type Config = CardsConfig;
        type Move = CardMove;
        type Actions = CardAction;
        const NAME: &'static str = "cards";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
        fn setup(config: &CardsConfig, _: Seats) -> Result<Setup<Self>, SetupError> {
            let state = Cards {
                hand: config.hand.clone(),
                top: config.top,
                deck: config.deck,
                passed: false,
                journal: Vec::new(),
            };
            Ok(Setup {
                state,
                moves: Vec::new(),
            })
        }
        fn to_act(&self) -> PlayerSet {
            if self.passed {
                PlayerSet::EMPTY
            } else {
                PlayerSet::one(P0)
            }
        }
        fn outcome(&self) -> Option<Outcome> {
            self.passed.then(|| Outcome {
                winners: Vec::new(),
                scores: Vec::new(),
            })
        }
        fn when_stuck(&self, _player: PlayerIndex) -> WhenStuck<CardMove> {
            WhenStuck::Pass(vec![CardMove::Pass])
        }
    }

    fn cards(hand: &[u8], top: u8, deck: u32) -> Engine<Cards> {
        let config = CardsConfig {
            hand: hand.to_vec(),
            top,
            deck,
        };
        Engine::new(config, 1, 7).expect("a valid setup")
    }

    /// Hand 1 3 7 8 9 on a 6: `play` lists 1 and 3 with their error in place among 7, 8
    /// and 9; `meld` offers 1, 3, 7 and 9 (1+9, 3+7; 8 is in no meld and is left out);
    /// `discard` lists 8 in place with "not allowed"; `draw`.
    #[test]
    fn refused_options_stay_in_place_with_their_error() {
        let engine = cards(&[1, 3, 7, 8, 9], 6, 1);
        let prompt = engine.prompt(P0);
        let play = prompt.actions[0].selection.as_ref().expect("play asks");
        let errors: Vec<_> = play.options.iter().map(|o| o.error.as_deref()).collect();
        assert_eq!(
            errors,
            [
                Some("1 is not higher than 6"),
                Some("3 is not higher than 6"),
                None,
                None,
                None
            ]
        );
        insta::assert_json_snapshot!("validation_in_place", prompt);
    }

    /// Every completion can be submitted by its position, with the same record as the
    /// completion itself: play 7, 8 or 9; meld 1 and 9 or 3 and 7; discard an odd card;
    /// draw. A position past the last is refused and changes nothing.
    #[test]
    fn a_completion_is_submitted_by_its_position() {
        let engine = cards(&[1, 3, 7, 8, 9], 6, 1);
        let count = engine.count_completions(P0);
        assert_eq!(count, 3 + 2 + 4 + 1);
        for index in 0..count {
            let action = engine.nth_completion(P0, index).expect("a completion");
            let (mut by_action, mut by_position) = (engine.clone(), engine.clone());
            by_action
                .submit(P0, action)
                .expect("a completion is allowed");
            by_position
                .submit_nth(P0, index)
                .expect("a completion's position is allowed");
            assert_eq!(by_position.log(), by_action.log(), "completion {index}");
        }
        let mut past = engine.clone();
        assert_eq!(
            past.submit_nth(P0, count).map(|_| ()),
            Err(SubmitError::NoSuchCompletion {
                player: seat(P0),
                index: count,
                count
            })
        );
        assert_eq!(past.log(), engine.log());
        assert_eq!(past.state().journal, engine.state().journal);
    }

    /// A meld stepped through as one chosen set: the set is labelled item by item, and
    /// nothing follows it. A set that is not a meld is refused with the set's error.
    #[test]
    fn a_chosen_set_is_labelled_by_its_items() {
        let engine = cards(&[1, 3, 7, 8, 9], 6, 1);
        let meld = engine
            .prompt_action(P0, "meld", &[json!([3, 7])])
            .expect("3 and 7 make a meld");
        let chosen: Vec<(&str, &str)> = meld
            .chosen
            .iter()
            .map(|choice| (choice.selection.as_str(), choice.label.as_str()))
            .collect();
        assert_eq!(chosen, [("cards", "3, 7")]);
        assert_eq!(meld.selection, None);
        assert_eq!(
            engine.prompt_action(P0, "meld", &[json!([3, 8])]),
            Err(SubmitError::Invalid {
                action: "meld",
                selection: "cards",
                message: "a meld adds up to 10".to_owned()
            })
        );
    }

    /// Hand 2 9 on a 9: every card of `play` fails and the action is still shown with
    /// both errors; `meld` is shown with the set's error and no option; the only odd card
    /// of `discard` is preset (the refused 2 is then not shown); `draw`. The player has
    /// completions, so the game goes on.
    #[test]
    fn an_action_whose_every_option_fails_is_shown_with_the_errors() {
        let engine = cards(&[2, 9], 9, 1);
        let prompt = engine.prompt(P0);
        assert_eq!(offered(&engine, P0), ["play", "meld", "discard", "draw"]);
        assert_eq!(engine.status(), Status::Acting(PlayerSet::one(P0)));
        assert_eq!(
            engine.completions(P0).len(),
            2,
            "discard 9 and draw, nothing else"
        );
        insta::assert_json_snapshot!("validation_every_option_fails", prompt);
    }

    /// The typed errors of refused cards and sets, with the game's text; nothing changes.
    #[test]
    fn refused_submissions_say_why() {
        let mut engine = cards(&[1, 3, 7, 8, 9], 6, 1);

        let error = refused(&mut engine, |engine| {
            engine
                .submit_json(P0, r#"{"action":"play","selections":{"card":3}}"#)
                .map(|_| ())
        });
        assert_eq!(
            error,
            SubmitError::Invalid {
                action: "play",
                selection: "card",
                message: "3 is not higher than 6".to_owned(),
            }
        );
        assert_eq!(error.to_string(), "`play`: 3 is not higher than 6");

        let error = refused(&mut engine, |engine| {
            engine
                .submit(P0, CardAction::Play(Play { card: 4 }))
                .map(|_| ())
        });
        assert_eq!(
            error,
            SubmitError::NotOffered {
                action: "play",
                selection: "card",
                value: "4".to_owned(),
                reason: "it is not among the options".to_owned(),
            }
        );

        let error = refused(
            &mut engine,
            submit(P0, Submission::new("meld").with("cards", json!([1, 3]))),
        );
        assert_eq!(
            error,
            SubmitError::Invalid {
                action: "meld",
                selection: "cards",
                message: "a meld adds up to 10".to_owned(),
            }
        );

        let error = refused(
            &mut engine,
            submit(P0, Submission::new("meld").with("cards", json!([1]))),
        );
        assert_eq!(
            error,
            SubmitError::NotOffered {
                action: "meld",
                selection: "cards",
                value: "[1]".to_owned(),
                reason: "choose exactly 2, not 1".to_owned(),
            }
        );
        assert_eq!(
            error.to_string(),
            "`meld`: [1] is not offered for `cards` (choose exactly 2, not 1)"
        );

        let error = refused(
            &mut engine,
            submit(P0, Submission::new("meld").with("cards", json!([9, 9]))),
        );
        assert_eq!(
            error,
            SubmitError::NotOffered {
                action: "meld",
                selection: "cards",
                value: "[9,9]".to_owned(),
                reason: "value #2 is chosen twice".to_owned(),
            }
        );

        let error = refused(
            &mut engine,
            submit(P0, Submission::new("discard").with("card", 8)),
        );
        assert_eq!(
            error,
            SubmitError::Invalid {
                action: "discard",
                selection: "card",
                message: "not allowed".to_owned(),
            }
        );

        engine
            .submit_submission(P0, &Submission::new("meld").with("cards", json!([9, 1])))
            .expect("a meld of 10 in any order");
        assert_eq!(engine.state().journal, ["melded [9, 1]"]);
    }

    /// A player whose actions are all shown only for their errors has nothing possible:
    /// the engine applies the game's `WhenStuck::Pass` for them.
    #[test]
    fn a_player_with_only_refused_options_is_stuck() {
        let engine = cards(&[2, 4], 9, 0);
        assert!(engine.completions(P0).is_empty());
        let prompt = serde_json::to_string_pretty(&engine.prompt(P0)).expect("JSON");
        let kinds: Vec<_> = engine.records().iter().map(|record| record.kind).collect();
        assert_eq!(
            kinds,
            [RecordKind::Setup, RecordKind::Pass],
            "the game passes for a player with nothing possible; status {:?}, prompt {prompt}",
            engine.status()
        );
    }
}

/// Forced selections are preset; a forced completion is played for the player, or shown
/// when autoplay is off.
mod forced {
    use super::*;

    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    struct FerryConfig {
        boats: Vec<u8>,
        seats: u8,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Passenger {
        player: PlayerIndex,
        boat: u8,
        seat: u8,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
    struct Ferry {
        players: usize,
        boats: Vec<u8>,
        seats: u8,
        aboard: Vec<Passenger>,
        departed: bool,
    }

    impl Ferry {
        fn taken(&self, boat: u8, seat: u8) -> bool {
            self.aboard
                .iter()
                .any(|passenger| passenger.boat == boat && passenger.seat == seat)
        }
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum FerryMove {
        Board {
            player: PlayerIndex,
            boat: u8,
            seat: u8,
        },
        CastOff,
    }

    impl Move<Ferry> for FerryMove {
        fn apply(&self, ferry: &mut Ferry, _next: &mut MoveContext<'_, Self>) {
            match *self {
                FerryMove::Board { player, boat, seat } => {
                    ferry.aboard.push(Passenger { player, boat, seat });
                }
                FerryMove::CastOff => ferry.departed = true,
            }
        }
    }

    /// Each player in turn takes a free seat on a boat.
    #[derive(Clone, Debug, Action)]
    #[action(
        prompt = "Board a boat",
        condition = game.aboard.len() < game.players,
        message = "{player} boards {boat}, seat {seat}",
        behaviour = [FerryMove::Board { player, boat: *boat, seat: *seat }],
    )]
    struct Board {
        #[choose_from(game.boats.clone(), label = format!("boat {boat}"))]
        boat: u8,
        #[choose_number(
            min = 1,
            max = game.seats,
            validate = if game.taken(*boat, *seat) { Err(format!("seat {seat} is taken")) } else { Ok(()) },
        )]
        seat: u8,
    }

    /// Once everyone is aboard, the first player casts off: no selection.
    #[derive(Clone, Debug, Action)]
    #[action(
        prompt = "Cast off",
        condition = game.aboard.len() == game.players,
        message = "{player} casts off",
        behaviour = [FerryMove::CastOff],
    )]
    struct CastOff {}

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Ferry)]
    enum FerryAction {
        Board(Board),
        CastOff(CastOff),
    }

    impl Game for Ferry {
        type Config = FerryConfig;
        type Move = FerryMove;
        type Actions = FerryAction;
        const NAME: &'static str = "ferry";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
        fn setup(config: &FerryConfig, table: Seats) -> Result<Setup<Self>, SetupError> {
            let state = Ferry {
                players: table.count(),
                boats: config.boats.clone(),
                seats: config.seats,
                aboard: Vec::new(),
                departed: false,
            };
            Ok(Setup {
                state,
                moves: Vec::new(),
            })
        }
        fn to_act(&self) -> PlayerSet {
            if self.departed {
                PlayerSet::EMPTY
            } else if self.aboard.len() < self.players {
                PlayerSet::one(PlayerIndex(self.aboard.len()))
            } else {
                PlayerSet::one(P0)
            }
        }
        fn outcome(&self) -> Option<Outcome> {
            self.departed.then(|| Outcome {
                winners: (0..self.players).map(PlayerIndex).collect(),
                scores: Vec::new(),
            })
        }
    }

    fn ferry(players: usize, seats: u8, autoplay_forced: bool) -> Engine<Ferry> {
        let config = FerryConfig {
            boats: vec![7],
            seats,
        };
        Engine::with_settings(
            config,
            players,
            7,
            EngineSettings {
                autoplay_forced,
                ..EngineSettings::default()
            },
        )
        .expect("a valid setup")
    }

    /// One boat, two seats: the boat is preset, the seat is asked (1 or 2).
    #[test]
    fn a_forced_selection_is_preset_and_the_next_one_asked() {
        let engine = ferry(2, 2, true);
        let prompt = engine.prompt(P0);
        assert!(prompt.forced().is_none());
        insta::assert_json_snapshot!("forced_selection", prompt);
    }

    /// After the first player takes seat 2, the second player's only completion (boat 7,
    /// seat 1) and then the cast-off are played by the engine, recorded as forced.
    #[test]
    fn forced_completions_after_a_submission_are_played() {
        let mut engine = ferry(2, 2, true);
        engine
            .submit(P0, FerryAction::Board(Board { boat: 7, seat: 2 }))
            .expect("seat 2 is free");
        let kinds: Vec<_> = engine.records().iter().map(|record| record.kind).collect();
        assert_eq!(
            kinds,
            [
                RecordKind::Setup,
                RecordKind::Submitted,
                RecordKind::Forced,
                RecordKind::Forced
            ]
        );
        assert!(matches!(engine.status(), Status::Over(_)));
        assert!(engine.prompt(P0).actions.is_empty());
        assert!(engine.prompt(P1).actions.is_empty());
        insta::assert_json_snapshot!("forced_records", engine.log().records);
    }

    /// With autoplay off, the second player's forced completion is shown: the boat and
    /// seat 1 preset, no selection left (seat 2, taken, is not shown); then the cast-off,
    /// an action without selections. Both are submitted by the player.
    #[test]
    fn forced_completions_are_shown_when_autoplay_is_off() {
        let mut engine = ferry(2, 2, false);
        engine
            .submit(P0, FerryAction::Board(Board { boat: 7, seat: 2 }))
            .expect("seat 2 is free");
        assert_eq!(engine.records().len(), 2);
        let prompt = engine.prompt(P1);
        let forced = prompt.forced().expect("the prompt is forced").clone();
        insta::assert_json_snapshot!("forced_board_shown", prompt);

        let submission = Submission {
            action: forced.action.clone(),
            selections: forced.chosen_selections(),
        };
        engine
            .submit_submission(P1, &submission)
            .expect("the forced completion is accepted");
        let prompt = engine.prompt(P0);
        assert!(prompt.forced().is_some());
        insta::assert_json_snapshot!("forced_cast_off_shown", prompt);
        engine
            .submit_submission(P0, &Submission::new("cast_off"))
            .expect("cast off");
        assert!(
            engine
                .records()
                .iter()
                .all(|record| record.kind != RecordKind::Forced)
        );
        assert!(matches!(engine.status(), Status::Over(_)));
    }

    /// A player alone with one boat and one seat: the whole game is forced and plays
    /// itself at setup.
    #[test]
    fn a_game_of_forced_actions_plays_itself() {
        let engine = ferry(1, 1, true);
        let records: Vec<_> = engine
            .records()
            .iter()
            .map(|record| (record.name(), record.kind))
            .collect();
        assert_eq!(
            records,
            [
                ("setup", RecordKind::Setup),
                ("board", RecordKind::Forced),
                ("cast_off", RecordKind::Forced)
            ]
        );
        assert!(matches!(engine.status(), Status::Over(_)));
    }

    /// A taken seat, another player's turn and a finished game are typed errors.
    #[test]
    fn refused_boardings_say_why() {
        let mut engine = ferry(2, 2, false);
        engine
            .submit(P0, FerryAction::Board(Board { boat: 7, seat: 2 }))
            .expect("seat 2 is free");

        let error = refused(&mut engine, |engine| {
            engine
                .submit(P1, FerryAction::Board(Board { boat: 7, seat: 2 }))
                .map(|_| ())
        });
        assert_eq!(
            error,
            SubmitError::Invalid {
                action: "board",
                selection: "seat",
                message: "seat 2 is taken".to_owned(),
            }
        );

        let error = refused(&mut engine, |engine| {
            engine
                .submit(P0, FerryAction::CastOff(CastOff {}))
                .map(|_| ())
        });
        assert_eq!(
            error,
            SubmitError::NotYourTurn {
                player: seat(P0),
                to_act: vec![seat(P1)]
            }
        );
        assert_eq!(
            error.to_string(),
            "it is not Player 1's turn (to act: Player 2)"
        );

        let error = refused(&mut engine, submit(P1, Submission::new("cast_off")));
        assert_eq!(
            error,
            SubmitError::ActionNotAvailable {
                action: "cast_off",
                player: seat(P1),
                available: vec!["board"],
            }
        );

        let mut over = ferry(1, 1, true);
        let error = refused(&mut over, submit(P0, Submission::new("cast_off")));
        assert_eq!(error, SubmitError::GameOver);
    }
}

/// A behaviour asks another player to act next, with arguments that shape the prompt.
mod follow_ups {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
    struct Market {
        seats: Seats,
        coins: Vec<u32>,
        next: PlayerIndex,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum MarketMove {
        Earn {
            player: PlayerIndex,
            coins: u32,
        },
        Steal {
            player: PlayerIndex,
            from: PlayerIndex,
            coins: u32,
        },
    }

    impl Move<Market> for MarketMove {
        fn apply(&self, market: &mut Market, _next: &mut MoveContext<'_, Self>) {
            match *self {
                MarketMove::Earn { player, coins } => {
                    market.coins[player.0] += coins;
                    market.next = market.seats.next(player);
                }
                MarketMove::Steal {
                    player,
                    from,
                    coins,
                } => {
                    market.coins[from.0] -= coins;
                    market.coins[player.0] += coins;
                }
            }
        }
    }

    /// Earn 1 to 3 coins; the other player may then steal up to that many.
    #[derive(Clone, Debug, Action)]
    #[action(
        prompt = "Earn coins",
        message = "{player} earns {coins}",
        behaviour = Behaviour::moves([MarketMove::Earn { player, coins: *coins }])
            .follow_up(game.seats.next(player), StealArgs { most: *coins, from: player }),
    )]
    struct Earn {
        #[choose_number(min = 1, max = 3)]
        coins: u32,
    }

    /// Only a follow-up: steal at most `most` coins from `from`.
    #[derive(Clone, Debug, Action)]
    #[action(
        prompt = format!("Steal up to {most} coins from {}", game.player_name(*from)),
        message = "{player} steals {amount}",
        behaviour = [MarketMove::Steal { player, from: *from, coins: *amount }],
    )]
    struct Steal {
        #[arg]
        most: u32,
        #[arg]
        from: PlayerIndex,
        #[choose_number(min = 0, max = *most, prompt = "How many coins?")]
        amount: u32,
    }

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Market)]
    enum MarketAction {
        Earn(Earn),
        Steal(Steal),
    }

    impl Game for Market {
        type Config = ();
        type Move = MarketMove;
        type Actions = MarketAction;
        const NAME: &'static str = "market";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
        fn setup(_: &(), seats: Seats) -> Result<Setup<Self>, SetupError> {
            let state = Market {
                seats,
                coins: vec![0; seats.count()],
                next: P0,
            };
            Ok(Setup {
                state,
                moves: Vec::new(),
            })
        }
        fn to_act(&self) -> PlayerSet {
            PlayerSet::one(self.next)
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
    }

    /// The market after the first player earned 2: the second player must steal.
    fn after_earning_two() -> Engine<Market> {
        let mut engine = Engine::<Market>::new((), 2, 7).expect("a valid setup");
        engine
            .submit(P0, MarketAction::Earn(Earn { coins: 2 }))
            .expect("earning 2 is offered");
        engine
    }

    /// The follow-up is the second player's only action: its prompt names the arguments
    /// (2 coins, from Player 1) and its range is bounded by them: 0..=2.
    #[test]
    fn a_follow_up_prompt_shows_its_arguments() {
        let engine = after_earning_two();
        assert_eq!(engine.follow_ups().len(), 1);
        assert_eq!(engine.to_act(), PlayerSet::one(P1));
        let prompt = engine.prompt(P1);
        insta::assert_json_snapshot!("follow_up_steal", prompt);
        assert!(engine.prompt(P0).actions.is_empty());
    }

    /// The next follow-up has other arguments, and so another prompt: after the second
    /// player earns 3, the first may steal up to 3 from Player 2 (0..=3); the earning
    /// itself is no follow-up and its record has no arguments.
    #[test]
    fn a_follow_up_range_follows_its_arguments() {
        let mut engine = after_earning_two();
        engine
            .submit(P1, MarketAction::Steal(steal(2, P0, 1)))
            .expect("steal 1");
        assert_eq!(engine.state().coins, [1, 1]);
        engine
            .submit(P1, MarketAction::Earn(Earn { coins: 3 }))
            .expect("earn 3");
        let steal = engine
            .prompt_action(P0, "steal", &[])
            .expect("the follow-up is offered");
        insta::assert_json_snapshot!("follow_up_steal_three", steal);
        let record = engine.log().records.pop().expect("a record");
        assert_eq!(record.action, "earn");
        assert!(record.args.is_none());
    }

    fn steal(most: u32, from: PlayerIndex, amount: u32) -> Steal {
        Steal { most, from, amount }
    }

    /// Outside the range, with other arguments, by the wrong player or the wrong action:
    /// each is a typed error that changes nothing, and the follow-up is still pending.
    #[test]
    fn refused_follow_ups_say_why() {
        let mut engine = after_earning_two();

        let error = refused(
            &mut engine,
            submit(P1, Submission::new("steal").with("amount", 3)),
        );
        assert_eq!(
            error,
            SubmitError::NotOffered {
                action: "steal",
                selection: "amount",
                value: "3".to_owned(),
                reason: "it is outside 0..=2".to_owned(),
            }
        );
        assert_eq!(
            error.to_string(),
            "`steal`: 3 is not offered for `amount` (it is outside 0..=2)"
        );

        let error = refused(&mut engine, |engine| {
            engine
                .submit(P1, MarketAction::Steal(steal(5, P0, 2)))
                .map(|_| ())
        });
        assert_eq!(
            error,
            SubmitError::ActionNotAvailable {
                action: "steal",
                player: seat(P1),
                available: vec!["steal"],
            }
        );

        let error = refused(
            &mut engine,
            submit(P1, Submission::new("earn").with("coins", 1)),
        );
        assert_eq!(
            error,
            SubmitError::ActionNotAvailable {
                action: "earn",
                player: seat(P1),
                available: vec!["steal"],
            }
        );
        assert_eq!(
            error.to_string(),
            "`earn` is not available to Player 2 now; available: steal"
        );
        assert_eq!(
            engine.prompt_action(P1, "earn", &[]),
            Err(SubmitError::ActionNotAvailable {
                action: "earn",
                player: seat(P1),
                available: vec!["steal"],
            })
        );

        let error = refused(
            &mut engine,
            submit(P0, Submission::new("steal").with("amount", 1)),
        );
        assert_eq!(
            error,
            SubmitError::NotYourTurn {
                player: seat(P0),
                to_act: vec![seat(P1)]
            }
        );

        let error = refused(
            &mut engine,
            submit(P1, Submission::new("pay").with("amount", 1)),
        );
        assert_eq!(
            error,
            SubmitError::UnknownAction {
                action: "pay".to_owned(),
                known: vec!["earn", "steal"],
            }
        );

        let record = engine
            .submit_submission(P1, &Submission::new("steal").with("amount", 2))
            .expect("stealing 2 is offered");
        assert!(record.follow_up, "stealing is a follow-up");
        let record = engine.log().records.pop().expect("a record");
        assert_eq!(record.args, Some(json!({"Steal": {"most": 2, "from": 0}})));
        assert!(engine.follow_ups().is_empty());
        assert_eq!(engine.state().coins, [0, 2]);
    }
}

/// Number ranges: bounds depending on an earlier selection, and wide ranges offered as
/// bounds instead of a list.
mod numbers {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Good {
        Wood,
        Stone,
        Gold,
    }

    impl Good {
        const ALL: [Good; 3] = [Good::Wood, Good::Stone, Good::Gold];

        fn price(self) -> u32 {
            match self {
                Good::Wood => 1,
                Good::Stone => 3,
                Good::Gold => 7,
            }
        }
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
    struct Shop {
        coins: u32,
        journal: Vec<String>,
    }

    impl Journal for Shop {
        fn journal(&mut self) -> &mut Vec<String> {
            &mut self.journal
        }
    }

    /// As much of a good as the coins pay for: the range depends on the good.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Buy goods", behaviour = [Note(format!("bought {amount} {good:?}"))])]
    struct Buy {
        #[choose_from(Good::ALL, label = format!("{good:?} ({} each)", good.price()))]
        good: Good,
        #[choose_number(min = 1, max = game.coins / good.price(), prompt = format!("How much {good:?}?"))]
        amount: u32,
    }

    /// Any bid up to a million: offered as bounds, not listed.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Bid", behaviour = [Note(format!("bid {amount}"))])]
    struct Bid {
        #[choose_number(min = 0, max = 1_000_000)]
        amount: u32,
    }

    /// Pledges are in hundreds: the bounds are the smallest and largest valid values.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Pledge", behaviour = [Note(format!("pledged {amount}"))])]
    struct Pledge {
        #[choose_number(
            min = 1,
            max = 1_000_000,
            validate = if *amount % 100 == 0 { Ok(()) } else { Err("pledges are in hundreds") },
        )]
        amount: u32,
    }

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Shop)]
    enum ShopAction {
        Buy(Buy),
        Bid(Bid),
        Pledge(Pledge),
    }

    impl Game for Shop {
        type Config = u32;
        type Move = Note;
        type Actions = ShopAction;
        const NAME: &'static str = "shop";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
        fn setup(coins: &u32, _: Seats) -> Result<Setup<Self>, SetupError> {
            let state = Shop {
                coins: *coins,
                journal: Vec::new(),
            };
            Ok(Setup {
                state,
                moves: Vec::new(),
            })
        }
        fn to_act(&self) -> PlayerSet {
            PlayerSet::one(P0)
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
    }

    fn shop(coins: u32) -> Engine<Shop> {
        Engine::new(coins, 1, 7).expect("a valid setup")
    }

    /// Six coins: `buy` offers wood and stone (gold, at 7, has no amount and is removed);
    /// `bid` is the bounds 0..=1000000 with no list; `pledge` the bounds 100..=1000000.
    #[test]
    fn wide_ranges_are_bounds() {
        let engine = shop(6);
        let prompt = engine.prompt(P0);
        let bid = prompt.actions[1].selection.as_ref().expect("bid asks");
        assert_eq!(
            bid.kind,
            SelectionKind::ChooseNumber {
                min: 0,
                max: 1_000_000
            }
        );
        assert!(bid.options.is_empty());
        insta::assert_json_snapshot!("numbers_prompt", prompt);
    }

    /// Six coins: `buy` has 6 amounts of wood and 2 of stone, `bid` 1,000,001 amounts,
    /// `pledge` the 10,000 hundreds; ranking skips a whole range by its count.
    #[test]
    fn wide_ranges_are_counted_and_ranked() {
        let engine = shop(6);
        assert_eq!(engine.count_completions(P0), 8 + 1_000_001 + 10_000);
        let at = |index| {
            engine
                .nth_completion(P0, index)
                .map(|action| format!("{action:?}"))
        };
        assert_eq!(
            at(7).as_deref(),
            Some("Buy(Buy { good: Stone, amount: 2 })")
        );
        assert_eq!(at(8).as_deref(), Some("Bid(Bid { amount: 0 })"));
        assert_eq!(
            at(1_000_008).as_deref(),
            Some("Bid(Bid { amount: 1000000 })")
        );
        assert_eq!(
            at(1_000_009).as_deref(),
            Some("Pledge(Pledge { amount: 100 })")
        );
        assert_eq!(
            at(1_010_008).as_deref(),
            Some("Pledge(Pledge { amount: 1000000 })")
        );
        assert_eq!(at(1_010_009), None);
    }

    /// The amount's range follows the good: wood 1..=6 (listed), stone 1..=2.
    #[test]
    fn a_range_depends_on_an_earlier_selection() {
        let engine = shop(6);
        let wood = engine
            .prompt_action(P0, "buy", &[json!("wood")])
            .expect("wood is offered");
        insta::assert_json_snapshot!("numbers_buy_wood", wood);
        let stone = engine
            .prompt_action(P0, "buy", &[json!("stone")])
            .expect("stone is offered");
        insta::assert_json_snapshot!("numbers_buy_stone", stone);
    }

    /// With 60 coins the wood range 1..=60 is too wide to list: it is bounds; stone's
    /// 1..=20 (twenty values) is still listed.
    #[test]
    fn a_dependent_range_becomes_bounds_when_wide() {
        let engine = shop(60);
        let wood = engine
            .prompt_action(P0, "buy", &[json!("wood")])
            .expect("wood is offered");
        let selection = wood.selection.as_ref().expect("the amount");
        assert_eq!(
            selection.kind,
            SelectionKind::ChooseNumber { min: 1, max: 60 }
        );
        assert!(selection.options.is_empty());
        let stone = engine
            .prompt_action(P0, "buy", &[json!("stone")])
            .expect("stone is offered");
        let selection = stone.selection.as_ref().expect("the amount");
        assert_eq!(selection.options.len(), 20);
        insta::assert_json_snapshot!("numbers_buy_wood_60_coins", wood);
    }

    /// Out of range, refused by the validation, malformed, or a good with no amount.
    #[test]
    fn refused_numbers_say_why() {
        let mut engine = shop(6);

        let error = refused(
            &mut engine,
            submit(
                P0,
                Submission::new("buy")
                    .with("good", "stone")
                    .with("amount", 3),
            ),
        );
        assert_eq!(
            error,
            SubmitError::NotOffered {
                action: "buy",
                selection: "amount",
                value: "3".to_owned(),
                reason: "it is outside 1..=2".to_owned(),
            }
        );

        let error = refused(
            &mut engine,
            submit(P0, Submission::new("bid").with("amount", 1_000_001)),
        );
        assert_eq!(
            error.to_string(),
            "`bid`: 1000001 is not offered for `amount` (it is outside 0..=1000000)"
        );

        let error = refused(
            &mut engine,
            submit(P0, Submission::new("pledge").with("amount", 150)),
        );
        assert_eq!(
            error,
            SubmitError::Invalid {
                action: "pledge",
                selection: "amount",
                message: "pledges are in hundreds".to_owned(),
            }
        );

        let error = refused(
            &mut engine,
            submit(P0, Submission::new("bid").with("amount", -1)),
        );
        assert!(
            matches!(
                error,
                SubmitError::MalformedSelection {
                    action: "bid",
                    selection: "amount",
                    ..
                }
            ),
            "{error:?}"
        );

        // Gold is among the goods, so a submission is refused at its amount; stepping
        // through the prompt says gold itself leads nowhere.
        let error = refused(
            &mut engine,
            submit(
                P0,
                Submission::new("buy")
                    .with("good", "gold")
                    .with("amount", 1),
            ),
        );
        assert_eq!(
            error,
            SubmitError::NotOffered {
                action: "buy",
                selection: "amount",
                value: "1".to_owned(),
                reason: "it is outside 1..=0".to_owned(),
            }
        );
        assert_eq!(
            engine.prompt_action(P0, "buy", &[json!("gold")]),
            Err(SubmitError::NotOffered {
                action: "buy",
                selection: "good",
                value: "gold".to_owned(),
                reason: "no complete action follows it".to_owned(),
            })
        );
        assert_eq!(
            engine.prompt_action(P0, "buy", &[json!("wood"), json!(1), json!(1)]),
            Err(SubmitError::ExtraSelection {
                action: "buy",
                selection: "value #3 (the action has 2 selections)".to_owned(),
            })
        );

        engine
            .submit_submission(P0, &Submission::new("pledge").with("amount", 999_900))
            .expect("a pledge in hundreds");
        assert_eq!(engine.state().journal, ["pledged 999900"]);
    }
}

/// Tree-shaking: options after which nothing valid follows are removed, and actions without
/// a completion are not offered.
mod tree_shaking {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Room {
        Hall,
        Cellar,
        Tower,
        Attic,
    }

    impl Room {
        const ALL: [Room; 4] = [Room::Hall, Room::Cellar, Room::Tower, Room::Attic];

        fn doors(self) -> Vec<u8> {
            match self {
                Room::Hall => vec![1, 2, 5],
                Room::Cellar => vec![],
                Room::Tower => vec![3],
                Room::Attic => vec![4],
            }
        }
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
    struct Dungeon {
        locked: Vec<u8>,
        keys: Vec<u8>,
        chests: Vec<(Room, u8)>,
        journal: Vec<String>,
    }

    impl Dungeon {
        fn chests_in(&self, room: Room) -> Vec<u8> {
            self.chests
                .iter()
                .filter(|(place, _)| *place == room)
                .map(|(_, chest)| *chest)
                .collect()
        }
    }

    impl Journal for Dungeon {
        fn journal(&mut self) -> &mut Vec<String> {
            &mut self.journal
        }
    }

    /// A door of a room, if it is not locked: the cellar has no door and the tower's only
    /// door is locked, so neither room is offered.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Open a door", behaviour = [Note(format!("opened door {door} of the {room:?}"))])]
    struct Open {
        #[choose_from(Room::ALL)]
        room: Room,
        #[choose_from(
            room.doors(),
            validate = if game.locked.contains(door) { Err(format!("door {door} is locked")) } else { Ok(()) },
        )]
        door: u8,
    }

    /// Give away a key: the player has none, so the action is not offered.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Trade a key", behaviour = [Note(format!("traded key {key}"))])]
    struct Trade {
        #[choose_from(game.keys.clone())]
        key: u8,
    }

    /// Search a chest of a room: every room can be chosen, but no room has a chest, so the
    /// action is not offered.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Search a chest", behaviour = [Note(format!("searched chest {chest}"))])]
    struct Search {
        #[choose_from(Room::ALL, skip_if = "never")]
        room: Room,
        #[choose_from(game.chests_in(*room))]
        chest: u8,
    }

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Dungeon)]
    enum DungeonAction {
        Open(Open),
        Trade(Trade),
        Search(Search),
    }

    impl Game for Dungeon {
        type Config = ();
        type Move = Note;
        type Actions = DungeonAction;
        const NAME: &'static str = "dungeon";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
        fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
            let state = Dungeon {
                locked: vec![2, 3],
                keys: Vec::new(),
                chests: Vec::new(),
                journal: Vec::new(),
            };
            Ok(Setup {
                state,
                moves: Vec::new(),
            })
        }
        fn to_act(&self) -> PlayerSet {
            PlayerSet::one(P0)
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
    }

    fn dungeon() -> Engine<Dungeon> {
        Engine::new((), 1, 7).expect("a valid setup")
    }

    /// Only `open` is offered (`trade` and `search` have no completion), with the hall
    /// and the attic: the cellar (no door) and the tower (its door locked) are removed.
    #[test]
    fn options_and_actions_without_completion_are_removed() {
        let engine = dungeon();
        assert_eq!(offered(&engine, P0), ["open"]);
        insta::assert_json_snapshot!("tree_shaking_prompt", engine.prompt(P0));
    }

    /// Three completions (hall doors 1 and 5, attic door 4): actions and rooms without
    /// any count nothing.
    #[test]
    fn only_completable_branches_are_counted() {
        let engine = dungeon();
        assert_eq!(meeple::check_completions(&engine, P0), Ok(3));
    }

    /// In the hall, locked door 2 is shown in place with its error between 1 and 5; in
    /// the attic the only door is preset.
    #[test]
    fn the_doors_of_an_offered_room() {
        let engine = dungeon();
        let hall = engine
            .prompt_action(P0, "open", &[json!("hall")])
            .expect("the hall is offered");
        insta::assert_json_snapshot!("tree_shaking_hall", hall);
        let attic = engine
            .prompt_action(P0, "open", &[json!("attic")])
            .expect("the attic is offered");
        insta::assert_json_snapshot!("tree_shaking_attic", attic);
    }

    /// Stepping into a removed room, or into an action without completion, is refused
    /// with a typed error; so are submissions of them.
    #[test]
    fn removed_options_and_actions_are_refused() {
        let mut engine = dungeon();
        for room in ["cellar", "tower"] {
            assert_eq!(
                engine.prompt_action(P0, "open", &[json!(room)]),
                Err(SubmitError::NotOffered {
                    action: "open",
                    selection: "room",
                    value: room.to_owned(),
                    reason: "no complete action follows it".to_owned(),
                })
            );
        }
        let not_available = |action| SubmitError::ActionNotAvailable {
            action,
            player: seat(P0),
            available: vec!["open"],
        };
        assert_eq!(
            engine.prompt_action(P0, "trade", &[]),
            Err(not_available("trade"))
        );
        assert_eq!(
            engine.prompt_action(P0, "search", &[]),
            Err(not_available("search"))
        );

        let error = refused(
            &mut engine,
            submit(P0, Submission::new("trade").with("key", 1)),
        );
        assert_eq!(error, not_available("trade"));
        assert_eq!(
            error.to_string(),
            "`trade` is not available to Player 1 now; available: open"
        );

        let error = refused(
            &mut engine,
            submit(
                P0,
                Submission::new("open")
                    .with("room", "tower")
                    .with("door", 3),
            ),
        );
        assert_eq!(
            error,
            SubmitError::Invalid {
                action: "open",
                selection: "door",
                message: "door 3 is locked".to_owned(),
            }
        );

        let error = refused(
            &mut engine,
            submit(
                P0,
                Submission::new("open")
                    .with("room", "cellar")
                    .with("door", 1),
            ),
        );
        assert_eq!(
            error,
            SubmitError::NotOffered {
                action: "open",
                selection: "door",
                value: "1".to_owned(),
                reason: "it is not among the options".to_owned(),
            }
        );
    }
}

/// Actions without any completion that the runtime still offers: each test is a bug,
/// ignored until the runtime is fixed.
mod unshaken {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
    struct Camp {
        tents: Vec<u8>,
        axes: u8,
        journal: Vec<String>,
    }

    impl Journal for Camp {
        fn journal(&mut self) -> &mut Vec<String> {
            &mut self.journal
        }
    }

    /// A few hours (a narrow range), then a tent: there is no tent.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Rest", behaviour = [Note(format!("rested {hours}h in tent {tent}"))])]
    struct Rest {
        #[choose_number(min = 1, max = 3)]
        hours: u8,
        #[choose_from(game.tents.clone())]
        tent: u8,
    }

    /// One stroke per axe: there is no axe, so the range is 1..=0.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Chop wood", behaviour = [Note(format!("chopped {strokes}"))])]
    struct Chop {
        #[choose_number(min = 1, max = game.axes)]
        strokes: u8,
    }

    /// Two tents: there is none.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Pack two tents", behaviour = [Note(format!("packed {tents:?}"))])]
    struct Pack {
        #[choose_from(game.tents.clone(), count = 2)]
        tents: Vec<u8>,
    }

    /// A code (a wide range), then a tent to signal from: there is no tent.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Signal", behaviour = [Note(format!("signalled {code} from {tent}"))])]
    struct Signal {
        #[choose_number(min = 0, max = 1_000_000)]
        code: u32,
        #[choose_from(game.tents.clone())]
        tent: u8,
    }

    /// Always possible, so the player is never stuck.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Sing", behaviour = [Note(format!("sang {song}"))])]
    struct Sing {
        #[choose_from(["a ballad", "a shanty"].map(String::from))]
        song: String,
    }

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Camp)]
    enum CampAction {
        Rest(Rest),
        Chop(Chop),
        Pack(Pack),
        Signal(Signal),
        Sing(Sing),
    }

    impl Game for Camp {
        type Config = ();
        type Move = Note;
        type Actions = CampAction;
        const NAME: &'static str = "camp";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
        fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
            let state = Camp {
                tents: Vec::new(),
                axes: 0,
                journal: Vec::new(),
            };
            Ok(Setup {
                state,
                moves: Vec::new(),
            })
        }
        fn to_act(&self) -> PlayerSet {
            PlayerSet::one(P0)
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
    }

    /// Checks that `action` has no completion and is neither in the prompt nor steppable.
    fn assert_not_offered(action: &'static str) {
        let engine = Engine::<Camp>::new((), 1, 7).expect("a valid setup");
        assert!(
            engine
                .completions(P0)
                .iter()
                .all(|done| done.name() != action),
            "`{action}` has no completion"
        );
        let prompt = engine.prompt(P0);
        let shown: Vec<&ActionPrompt> = prompt
            .actions
            .iter()
            .filter(|shown| shown.action == action)
            .collect();
        assert!(
            shown.is_empty(),
            "`{action}` has no completion but is offered: {}",
            serde_json::to_string_pretty(&shown).expect("JSON")
        );
        assert!(matches!(
            engine.prompt_action(P0, action, &[]),
            Err(SubmitError::ActionNotAvailable { .. })
        ));
    }

    /// `sing` is offered with its two songs, the camp's only completions: the player is
    /// never stuck, whatever the prompt makes of the other actions.
    #[test]
    fn the_camp_can_sing() {
        let engine = Engine::<Camp>::new((), 1, 7).expect("a valid setup");
        assert!(offered(&engine, P0).contains(&"sing".to_owned()));
        assert_eq!(engine.completions(P0).len(), 2);
    }

    /// A narrow number range none of whose values leads anywhere (no validation failed)
    /// is not offered.
    #[test]
    fn a_narrow_range_leading_nowhere_is_not_offered() {
        assert_not_offered("rest");
    }

    /// An empty number range (`1..=0`) is tree-shaken, not shown with an error.
    #[test]
    fn an_empty_range_is_not_offered() {
        assert_not_offered("chop");
    }

    /// A set of two out of no option is tree-shaken, not shown with an error.
    #[test]
    fn a_set_without_combination_is_not_offered() {
        assert_not_offered("pack");
    }

    /// A wide range after which nothing can be chosen is tree-shaken.
    #[test]
    fn a_wide_range_leading_nowhere_is_not_offered() {
        assert_not_offered("signal");
    }
}

/// Choosing nothing: a set of `min = 0` over no option has one completion, the empty set,
/// and every part of the engine says so: the prompt, `prompt_action`, the walks and
/// `submit`. It is asked, never made for the player, so a player whose only action it is
/// sees it.
mod empty_sets {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
    struct Hand {
        cards: Vec<u8>,
        journal: Vec<String>,
    }

    impl Journal for Hand {
        fn journal(&mut self) -> &mut Vec<String> {
            &mut self.journal
        }
    }

    /// Discard up to two cards, maybe none.
    #[derive(Clone, Debug, Action)]
    #[action(prompt = "Discard", behaviour = [Note(format!("discarded {cards:?}"))])]
    struct Discard {
        #[choose_from(game.cards.clone(), min = 0, max = 2)]
        cards: Vec<u8>,
    }

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Hand)]
    enum HandAction {
        Discard(Discard),
    }

    impl Game for Hand {
        type Config = ();
        type Move = Note;
        type Actions = HandAction;
        const NAME: &'static str = "hand";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
        fn setup(_: &(), _: Seats) -> Result<Setup<Self>, SetupError> {
            let state = Hand {
                cards: Vec::new(),
                journal: Vec::new(),
            };
            Ok(Setup {
                state,
                moves: Vec::new(),
            })
        }
        fn to_act(&self) -> PlayerSet {
            if self.journal.is_empty() {
                PlayerSet::one(P0)
            } else {
                PlayerSet::EMPTY
            }
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
    }

    #[test]
    fn an_empty_set_out_of_no_option_is_offered_everywhere() {
        let mut engine = Engine::<Hand>::new((), 1, 7).expect("a valid setup");
        assert_eq!(engine.status(), Status::Acting(PlayerSet::one(P0)));
        assert_eq!(offered(&engine, P0), ["discard"]);
        let discard = engine
            .prompt_action(P0, "discard", &[])
            .expect("discard is offered");
        assert_eq!(engine.prompt(P0).actions, std::slice::from_ref(&discard));
        let selection = discard.selection.expect("choosing nothing is asked");
        assert_eq!(selection.kind, SelectionKind::ChooseFrom { min: 0, max: 0 });
        assert!(selection.options.is_empty());
        assert_eq!(meeple::check_completions(&engine, P0), Ok(1));
        assert_eq!(engine.completions(P0).len(), 1);
        submit(P0, Submission::new("discard").with("cards", json!([])))(&mut engine)
            .expect("the empty set is accepted");
        assert_eq!(engine.state().journal, ["discarded []"]);
    }
}

/// Templates: `confirm` names the selections, asked once they are made; every template
/// fills `{player}` and a `PlayerIndex` argument with the player's name, a selection with
/// its label and another argument with its `Display`.
mod templates {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
    struct Board {
        seats: Seats,
        rows: u8,
        journal: Vec<String>,
    }

    impl Journal for Board {
        fn journal(&mut self) -> &mut Vec<String> {
            &mut self.journal
        }
    }

    /// Place a tile in a row, then give a colour to the next player.
    #[derive(Clone, Debug, Action)]
    #[action(
        prompt = "Place a tile",
        confirm = "Place the tile in row {row}?",
        message = "{player} placed a tile in row {row}",
        behaviour = Behaviour::moves([Note(format!("row {row}"))])
            .follow_up(player, GiveArgs { to: game.seats.next(player), count: *row }),
    )]
    struct Place {
        #[choose_number(min = 1, max = game.rows)]
        row: u8,
    }

    /// Only a follow-up.
    #[derive(Clone, Debug, Action)]
    #[action(
        prompt = "Give a colour",
        message = "{player} gives {count} of {colour} to {to}",
        behaviour = [Note(format!("gave {colour}"))],
    )]
    struct Give {
        #[arg]
        to: PlayerIndex,
        #[arg]
        count: u8,
        #[choose_from(["red".to_owned(), "blue".to_owned()], label = format!("the {colour} one"))]
        colour: String,
    }

    #[derive(Clone, Debug, Actions)]
    #[actions(game = Board)]
    enum BoardAction {
        Place(Place),
        Give(Give),
    }

    impl Game for Board {
        type Config = u8;
        type Move = Note;
        type Actions = BoardAction;
        const NAME: &'static str = "board";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=4;
        fn setup(rows: &u8, seats: Seats) -> Result<Setup<Self>, SetupError> {
            let state = Board {
                seats,
                rows: *rows,
                journal: Vec::new(),
            };
            Ok(Setup {
                state,
                moves: Vec::new(),
            })
        }
        fn to_act(&self) -> PlayerSet {
            PlayerSet::one(P0)
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
    }

    #[test]
    fn confirm_names_the_selections_once_they_are_made() {
        let engine = Engine::<Board>::new(3, 2, 7).expect("a valid setup");
        let asking = engine
            .prompt_action(P0, "place", &[])
            .expect("place is offered");
        assert_eq!(asking.confirm, None, "the row is still to choose");
        let chosen = engine
            .prompt_action(P0, "place", &[json!(2)])
            .expect("row 2 is offered");
        assert_eq!(chosen.confirm.as_deref(), Some("Place the tile in row 2?"));
    }

    /// With a single row, the action is complete at once but asks for confirmation, so
    /// it is not played for the player.
    #[test]
    fn a_forced_action_with_a_confirmation_is_asked() {
        let engine = Engine::<Board>::new(1, 2, 7).expect("a valid setup");
        let prompt = engine.prompt(P0);
        assert_eq!(prompt.forced(), None);
        assert_eq!(
            prompt.actions[0].confirm.as_deref(),
            Some("Place the tile in row 1?")
        );
        assert_eq!(engine.records().len(), 1, "only the setup");
    }

    #[test]
    fn every_placeholder_is_filled_the_same_way() {
        let mut engine = Engine::<Board>::new(3, 2, 7).expect("a valid setup");
        submit(P0, Submission::new("place").with("row", 2))(&mut engine).expect("row 2");
        assert_eq!(
            engine.log().records[1].messages[0].text,
            "Player 1 placed a tile in row 2"
        );
        submit(P0, Submission::new("give").with("colour", "red"))(&mut engine)
            .expect("the follow-up");
        assert_eq!(
            engine.log().records[2].messages[0].text,
            "Player 1 gives 2 of the red one to Player 2"
        );
    }
}
