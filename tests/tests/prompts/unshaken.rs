//! Actions without any completion that the runtime still offers: each test is a bug,
//! ignored until the runtime is fixed.

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
            .position()
            .completions(P0)
            .iter()
            .all(|done| done.name() != action),
        "`{action}` has no completion"
    );
    let prompt = engine.position().prompt(P0);
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
        engine.position().prompt_action(P0, action, &[]),
        Err(SubmitError::Refused(Refusal::ActionNotAvailable { .. }))
    ));
}

/// `sing` is offered with its two songs, the camp's only completions: the player is
/// never stuck, whatever the prompt makes of the other actions.
#[test]
fn the_camp_can_sing() {
    let engine = Engine::<Camp>::new((), 1, 7).expect("a valid setup");
    assert!(offered(&engine, P0).contains(&"sing".to_owned()));
    assert_eq!(engine.position().completions(P0).len(), 2);
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
