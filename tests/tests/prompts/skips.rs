//! The skip strategies of a selection: `only-one` (the default), `never`, `always` and a
//! `bool` expression.

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
    let prompt = engine.position().prompt(P0);
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
        meeple::testing::check_completions(&engine, P0),
        Ok(2 + 1 + 3 + 4 + 200 + 1)
    );
    let last = engine
        .position()
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
        .position()
        .prompt_action(P0, "harvest", &[])
        .expect("harvest is offered");
    assert_eq!(harvest.chosen.len(), 1);
    assert!(harvest.chosen[0].preset);
    assert_eq!(harvest.chosen[0].value, json!("north"));
    let selection = harvest.selection.as_ref().expect("a selection");
    assert_eq!(selection.name, "seed");
    insta::assert_json_snapshot!("skips_harvest_round_2", harvest);
    let harvests: Vec<String> = engine
        .position()
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
        meeple::testing::check_completions(&engine, P0),
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
        SubmitError::Refused(Refusal::NotOffered {
            action: "harvest",
            selection: "side",
            value: "south".to_owned(),
            reason: "the game chooses north here".to_owned(),
        })
    );
    submit(P0, Submission::new("harvest").with("seed", "pea"))(&mut engine)
        .expect("the side the game chooses need not be submitted");
    assert_eq!(engine.position().state().journal, ["Pea on North"]);

    // Round 1: the expression is false, so the player chooses, south as well.
    let mut engine = garden(&[3], 1);
    submit(
        P0,
        Submission::new("harvest")
            .with("side", "south")
            .with("seed", "pea"),
    )(&mut engine)
    .expect("any side in round 1");
    assert_eq!(engine.position().state().journal, ["Pea on South"]);
}

/// Two beds: nothing is preset, `plant` asks the bed.
#[test]
fn two_options_are_asked() {
    let engine = garden(&[3, 4], 1);
    let plant = engine
        .position()
        .prompt_action(P0, "plant", &[])
        .expect("plant is offered");
    assert!(plant.chosen.is_empty());
    insta::assert_json_snapshot!("skips_plant_two_beds", plant);
    assert_eq!(
        engine.position().prompt_action(P0, "plant", &[json!(5)]),
        Err(SubmitError::Refused(Refusal::NotOffered {
            action: "plant",
            selection: "bed",
            value: "5".to_owned(),
            reason: "it is not among the options".to_owned(),
        }))
    );
}

/// A client can still step through a folded selection: after north the length is
/// asked (1 or 2); after south its only viable value, 1, is preset (`only-one`) and the
/// refused 2 is no longer shown: the action is complete.
#[test]
fn a_folded_selection_can_be_stepped_through() {
    let engine = garden(&[3], 1);
    let north = engine
        .position()
        .prompt_action(P0, "fence", &[json!("north")])
        .expect("north is offered");
    insta::assert_json_snapshot!("skips_fence_after_north", north);
    let south = engine
        .position()
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
        SubmitError::Decode(DecodeError::MissingSelection {
            action: "fence",
            selection: "length"
        })
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
        SubmitError::Decode(DecodeError::ExtraSelection {
            action: "plant",
            selection: "colour".to_owned()
        })
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
        SubmitError::Refused(Refusal::NotOffered {
            action: "plant",
            selection: "bed",
            value: "4".to_owned(),
            reason: "it is not among the options".to_owned(),
        })
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
        SubmitError::Refused(Refusal::Invalid {
            action: "fence",
            selection: "length",
            message: "the south wall is short".to_owned(),
        })
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
            SubmitError::Decode(DecodeError::MalformedSelection {
                action: "plant",
                selection: "bed",
                ..
            })
        ),
        "{error:?}"
    );

    let prompt = engine.position().prompt(P0);
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
    assert_eq!(engine.position().state().journal, ["2 on North"]);
    assert_eq!(engine.records().len(), 2);

    submit(P0, Submission::new("plant").with("seed", "bean"))(&mut engine)
        .expect("the only bed is filled in by the engine");
    assert_eq!(
        engine.position().state().journal,
        ["2 on North", "Bean in bed 3"]
    );
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
        .position()
        .prompt_submission(P0, &Submission::new("plant").with("seed", "pea"))
        .expect("plant is offered");
    assert!(plant.selection.is_none(), "{plant:?}");
    assert_eq!(plant.chosen_selections().get("bed"), Some(&json!(3)));
    assert_eq!(plant.chosen_selections().get("seed"), Some(&json!("pea")));
    let by_position = engine
        .position()
        .prompt_action(P0, "plant", &[json!(3), json!("pea")])
        .expect("plant is offered");
    assert_eq!(plant, by_position);

    let fence = engine
        .position()
        .prompt_submission(P0, &Submission::new("fence").with("length", 1))
        .expect_err("the side comes first");
    assert_eq!(
        fence,
        SubmitError::Decode(DecodeError::MissingSelection {
            action: "fence",
            selection: "side"
        })
    );
    let colour = engine
        .position()
        .prompt_submission(
            P0,
            &Submission::new("water")
                .with("bed", 3)
                .with("colour", "red"),
        )
        .expect_err("water has no colour");
    assert_eq!(
        colour,
        SubmitError::Decode(DecodeError::ExtraSelection {
            action: "water",
            selection: "colour".to_owned()
        })
    );
}
