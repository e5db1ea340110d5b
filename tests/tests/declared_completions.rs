//! Actions that declare their completions at once (`#[action(completions = <expr>)]`): the
//! engine counts and draws from the list, while prompts, submissions and
//! `for_each_completion` still go through the selections, and
//! `meeple::testing::check_completions` finds a list that disagrees with them.

use meeple::{
    Action, Actions, Engine, Game, Move, MoveContext, Outcome, PlayerSet, Seats, Setup, SetupError,
    Submission,
};
use meeple_tests::P0;
use serde::{Deserialize, Serialize};

/// Stones on a line of ten holes: a stone hops one or two holes right, onto an empty hole.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct LineConfig {
    stones: Vec<u8>,
    /// Makes the declared list leave out its last hop: a game whose list and selections
    /// disagree.
    forgetful: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, meeple::View)]
struct Line {
    stones: Vec<u8>,
    forgetful: bool,
    /// How many times the declared list was asked for: the engine's counts and draws.
    #[serde(skip)]
    listed: std::cell::Cell<u32>,
}

impl Line {
    /// Where the stone on `from` may hop, nearest first.
    fn targets(&self, from: u8) -> impl Iterator<Item = u8> + '_ {
        [from + 1, from + 2]
            .into_iter()
            .filter(|to| *to < 10 && !self.stones.contains(to))
    }

    /// Every hop, stone by stone in the line's order, nearest target first: the
    /// selections' order.
    fn hops(&self) -> Vec<(u8, u8)> {
        self.listed.set(self.listed.get() + 1);
        let mut hops: Vec<(u8, u8)> = self
            .stones
            .iter()
            .flat_map(|&from| self.targets(from).map(move |to| (from, to)))
            .collect();
        if self.forgetful {
            hops.pop();
        }
        hops
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Hopped {
    from: u8,
    to: u8,
}

impl Move<Line> for Hopped {
    fn apply(&self, line: &mut Line, _next: &mut MoveContext<'_, Self>) {
        line.stones.retain(|stone| *stone != self.from);
        line.stones.push(self.to);
        line.stones.sort_unstable();
    }
}

#[derive(Clone, Debug, Action)]
#[action(
    prompt = "Hop a stone",
    behaviour = [Hopped { from: *from, to: *to }],
    completions = game.hops()
)]
struct Hop {
    #[choose_from(game.stones.clone())]
    from: u8,
    #[choose_from(game.targets(*from))]
    to: u8,
}

#[derive(Clone, Debug, Actions)]
#[actions(game = Line)]
enum LineAction {
    Hop(Hop),
}

impl Game for Line {
    type Config = LineConfig;
    type Move = Hopped;
    type Actions = LineAction;
    const NAME: &'static str = "line";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;
    fn setup(config: &LineConfig, _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Line {
                stones: config.stones.clone(),
                forgetful: config.forgetful,
                listed: std::cell::Cell::new(0),
            },
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

fn line(stones: &[u8], forgetful: bool) -> Engine<Line> {
    let config = LineConfig {
        stones: stones.to_vec(),
        forgetful,
    };
    Engine::new(config, 1, 3).expect("a valid setup")
}

/// Stones on 3, 4 and 9: 3 hops to 5 only (4 is taken), 4 to 5 or 6, 9 nowhere. The list
/// is counted and drawn from, in the selections' order, and agrees with their walk.
#[test]
fn the_list_is_counted_and_drawn_in_the_selections_order() {
    let engine = line(&[3, 4, 9], false);
    let position = engine.position();
    let asked = position.state().listed.get();
    assert_eq!(position.count_completions(P0), 3);
    assert_eq!(
        format!("{:?}", position.nth_completion(P0, 2)),
        "Some(Hop(Hop { from: 4, to: 6 }))"
    );
    assert_eq!(format!("{:?}", position.nth_completion(P0, 3)), "None");
    // The decision was counted from the list when it began (the count is kept), the draw
    // asked it again, and the index past the count needed nothing: no walk.
    assert_eq!(asked, 1);
    assert_eq!(position.state().listed.get(), asked + 1);
    assert_eq!(meeple::testing::check_completions(&engine, P0), Ok(3));
}

/// The prompt is still the selections', tree-shaken by their walk (stone 9, which cannot
/// hop, is not offered), and a submission is checked against them.
#[test]
fn prompts_and_submissions_are_still_the_selections() {
    let mut engine = line(&[3, 4, 9], false);
    let prompt = engine.position().prompt(P0);
    let options: Vec<String> = prompt.actions[0]
        .selection
        .as_ref()
        .expect("the first selection")
        .options
        .iter()
        .map(|option| option.label.clone())
        .collect();
    assert_eq!(options, ["3", "4"]);
    engine
        .submit_submission(P0, &Submission::new("hop").with("from", 4).with("to", 6))
        .expect("a hop of the list");
    assert_eq!(engine.position().state().stones, [3, 6, 9]);
}

/// A list that leaves out a hop the selections allow is found by `check_completions`, with
/// the first place where the two differ.
#[test]
fn a_list_that_disagrees_with_the_selections_is_found() {
    let engine = line(&[3, 4, 9], true);
    assert_eq!(
        meeple::testing::check_completions(&engine, P0),
        Err("player 0 has 3 completions but count_completions says 2".to_owned())
    );
}
