//! What a game's tests use, and no game needs to run: the view harness (random games that
//! check, at every step, that no player's prompt, view or scene depends on what they may
//! not see: [`check_views`], [`check_hidden_fields`]), the check that counted and listed
//! completions agree ([`check_completions`]), a move applied alone ([`apply_alone`]), and
//! the limits a test may want to reach ([`echo`] and [`ECHO_LIMIT`], [`FORCED_LIMIT`]).
//! Usable by any game, in its tests.
//!
//! These were at the crate's root until 0.3; the root names stay, deprecated, for one
//! release.
//!
//! # How the harness decides that a value is hidden
//!
//! A value is hidden from a viewer when it lies in a part of the state where the full
//! state and that viewer's [`View`] of it differ, compared as JSON. The values compared
//! are strings and non-empty arrays and objects. Bare numbers and booleans (a seat, a
//! count, a flag) are too common to say which thing they are. So a game whose secret is a
//! bare number (a die under a cup) shows it through a type of its own (`{"die":4}`). A
//! text (a message, a move's words, a scene) *names* a hidden value when one of its words
//! is such a value's string: the harness reads the words of the text, not its meaning.
//!
//! Two honest kinds of play look like leaks to this rule, and a move declares them:
//! - **A value made public by a player's words.** Love Letter's Guard says "Priest": the
//!   word names a card that lies in a hidden hand. The guess's move says it aloud
//!   ([`Move::spoken`]): the texts of its record may name it to every viewer.
//! - **A value shown to chosen viewers by a move.** A Priest's peek shows one player
//!   another's card. The peek's move shows it to the peeker ([`Move::shown_to`]): the texts
//!   of its record may name it to that viewer, and still to no other. The engine then makes
//!   the peek final, as a card turned up ([`Engine::take_back`]).
//!
//! Neither needs the state bent to hold the words. A game whose state already says who
//! knows what (a `PerPlayer` of what each seat was shown, seen by that seat alone) needs no
//! declaration: the words are in the viewer's view. That is also what a search agent's
//! determinization must stay consistent with (`Search::determinize`), so a game with
//! search agents may keep such a field all the same.

pub use crate::error::{ECHO_LIMIT, echo};
pub use crate::position::FORCED_LIMIT;
pub use crate::records::follower::apply_alone;

use std::fmt;

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::engine::Engine;
use crate::error::Refusal;
use crate::pieces::chance::Chance;
use crate::pieces::components::Chest;
use crate::pieces::player::PlayerIndex;
use crate::position::dispatch;
use crate::records::follower::RecordFollower;
use crate::records::reveal::{self, HiddenValues, StateJson};
use crate::rules::action::ActionSet;
use crate::rules::game::Game;
use crate::rules::moves::Move;
use crate::seen::json_tree::JsonTree;
use crate::seen::submission::Submission;
use crate::seen::view::{Serialized, View, Viewer};

/// What [`check_views`] played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ViewReport {
    /// Games played to their end.
    pub games: usize,
    /// Submissions made, over all games.
    pub submissions: usize,
    /// Moves followed, over all games.
    pub moves: usize,
}

/// Where and how a game failed the view harness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewCheckError {
    /// The seed of the failing game.
    pub seed: u64,
    /// How many submissions had been made in it.
    pub submission: usize,
    /// What differs, with the two JSON texts where there are two.
    pub reason: String,
}

impl fmt::Display for ViewCheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game of seed {} after {} submissions: {}",
            self.seed, self.submission, self.reason
        )
    }
}

impl std::error::Error for ViewCheckError {}

/// Plays one random game of `players` seats from `config` for each seed of `seeds` (both
/// chance and the random choices are seeded), and checks at every step, for every viewer
/// (each player, and an observer):
/// - the prompt computed from the player's view equals the prompt from the full state;
/// - the viewer's moves ([`Move::view`]) replayed from the viewed setup
///   give the viewer's current view, byte for byte as JSON;
/// - the records, followed move by move from the setup, give the full state;
/// - with a `chest`, every component lies in exactly one place;
/// - for the player about to act, counting and ranking their completions agree with
///   walking them ([`check_completions`]);
/// - every message names no value hidden from a viewer it reaches (a hidden card named in
///   a text), once its record has applied; nor does any move's text for a viewer
///   ([`Game::describe_move`], what a server sends beside the move), right after the move;
///   nor does the viewer's scene ([`Game::scene`], what a client draws), read the same way;
/// - no player's copy of the game ([`Engine::for_agent`]) holds, in the arguments of a
///   pending follow-up, a value hidden from them;
/// - the prompt of the chosen action after each prefix of its choices
///   ([`Position::prompt_action`](crate::Position::prompt_action)) and the refusal of each option the prompt shows as refused
///   are the same from the player's view as from the full state;
/// - a take-back of the player who just acted ([`Engine::take_back`]) either is refused
///   or leaves the state the log replays to, with the cancelled records and the kept ones
///   making up the log as it was; when it cancels everything since the submission, the
///   state is the one before it, byte for byte;
/// - every field the game declares hidden ([`View::HIDDEN_FIELDS`]) is hidden from some
///   viewer at some step of the games ([`check_hidden_fields`]): a view that hides nothing
///   fails;
/// - a game that declares it conceals nothing ([`View::CONCEALS`] false) shows every
///   viewer the whole state, at every step.
///
/// Each game must end within `max_submissions`.
///
/// # Errors
/// [`ViewCheckError`] at the first difference, with the seed and step to reproduce it.
pub fn check_views<G: Game>(
    config: &G::Config,
    players: usize,
    seeds: impl IntoIterator<Item = u64>,
    chest: Option<&Chest>,
    max_submissions: usize,
) -> Result<ViewReport, ViewCheckError> {
    let mut report = ViewReport::default();
    let mut hidden_seen = HiddenFields::<G>::new();
    let mut last_seed = 0;
    for seed in seeds {
        last_seed = seed;
        check_game::<G>(
            config,
            players,
            seed,
            chest,
            max_submissions,
            &mut report,
            &mut hidden_seen,
        )?;
        report.games += 1;
    }
    if report.games > 0
        && let Some(field) = hidden_seen.never_hidden()
    {
        return Err(ViewCheckError {
            seed: last_seed,
            submission: report.submissions,
            reason: format!(
                "the game declares `{field}` hidden, but no view hid it at any step of these games"
            ),
        });
    }
    Ok(report)
}

/// Checks that every field `G` declares hidden ([`View::HIDDEN_FIELDS`]) is hidden from
/// some viewer in some of `states` by `view`: that is, the field of the viewer's view, as
/// JSON, differs from the full state's. `view` is the game's own [`View::view`] in
/// [`check_views`]; a test passes another to show that a view that hides nothing fails.
///
/// # Errors
/// The first declared field that `view` never hid, as text.
pub fn check_hidden_fields<'a, G: Game>(
    states: impl IntoIterator<Item = &'a G>,
    players: usize,
    view: impl Fn(&G, Viewer) -> G,
) -> Result<(), String> {
    let mut hidden = HiddenFields::<G>::new();
    for state in states {
        hidden.observe(state, players, &view);
    }
    match hidden.never_hidden() {
        None => Ok(()),
        Some(field) => Err(format!(
            "the game declares `{field}` hidden, but no view hid it in these states"
        )),
    }
}

/// Which of the fields a game declares hidden some view has hidden so far.
struct HiddenFields<G> {
    hidden: Vec<bool>,
    /// Each field's name as a key of the state's JSON, quoted.
    keys: Vec<String>,
    game: std::marker::PhantomData<G>,
}

impl<G: Game> HiddenFields<G> {
    fn new() -> Self {
        HiddenFields {
            hidden: vec![false; G::HIDDEN_FIELDS.len()],
            keys: G::HIDDEN_FIELDS.iter().map(json).collect(),
            game: std::marker::PhantomData,
        }
    }

    /// Marks the declared fields that a view of `state` hides.
    fn observe(&mut self, state: &G, players: usize, view: &impl Fn(&G, Viewer) -> G) {
        if self.hidden.iter().all(|&hidden| hidden) {
            return;
        }
        let text = JsonTree::text_of(&Serialized(state));
        let mut full = None;
        let viewers = (0..players)
            .map(|seat| Viewer::Player(PlayerIndex(seat)))
            .chain([Viewer::Observer]);
        for viewer in viewers {
            let seen = JsonTree::text_of(&Serialized(&view(state, viewer)));
            // A view of the same text hides nothing, and needs neither text read.
            if seen == text {
                continue;
            }
            let full = full.get_or_insert_with(|| JsonTree::parse(text.clone()));
            let seen = JsonTree::parse(seen);
            for (key, hidden) in self.keys.iter().zip(&mut self.hidden) {
                *hidden = *hidden || full.root().get(key) != seen.root().get(key);
            }
        }
    }

    /// A declared field no view hid.
    fn never_hidden(&self) -> Option<&'static str> {
        G::HIDDEN_FIELDS
            .iter()
            .zip(&self.hidden)
            .find(|(_, hidden)| !**hidden)
            .map(|(field, _)| *field)
    }
}

fn check_game<G: Game>(
    config: &G::Config,
    players: usize,
    seed: u64,
    chest: Option<&Chest>,
    max_submissions: usize,
    report: &mut ViewReport,
    hidden_fields: &mut HiddenFields<G>,
) -> Result<(), ViewCheckError> {
    let fail = |submission: usize, reason: String| ViewCheckError {
        seed,
        submission,
        reason,
    };
    let mut engine = Engine::<G>::new(config.clone(), players, seed)
        .map_err(|error| fail(0, format!("setup failed: {error}")))?;
    let viewers: Vec<Viewer> = (0..players)
        .map(|seat| Viewer::Player(PlayerIndex(seat)))
        .chain([Viewer::Observer])
        .collect();
    let mut follower = RecordFollower::<G>::new(config, players)
        .map_err(|error| fail(0, format!("setup failed: {error}")))?;
    let mut replayed: Vec<G> = viewers
        .iter()
        .map(|&viewer| follower.state().view(viewer))
        .collect();
    let mut scratch = Chance::from_seed(0);
    let mut followed_records = 0;
    let mut choices = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_7e57);
    // The followed state's JSON text, from the last comparison with the engine's, until the
    // next move is followed: the messages of the next record are checked against the same
    // state, and in a game with a large hidden part (a shoe of six decks) writing states is
    // most of the cost of a step.
    let mut followed_text: Option<String> = None;
    for submission in 0..=max_submissions {
        if !G::CONCEALS {
            let whole = text_of(engine.position().state());
            if let Some(viewer) = viewers
                .iter()
                .find(|&&viewer| text_of(&engine.position().view(viewer)) != whole)
            {
                return Err(fail(
                    submission,
                    format!(
                        "the game declares it conceals nothing (View::CONCEALS is false), but {viewer:?}'s view differs from the state"
                    ),
                ));
            }
        }
        // Follow the records added since the last step, viewer by viewer.
        for record in &engine.records()[followed_records..] {
            // The messages, rendered from the state before the record as a log writes them,
            // and what each viewer did not know then.
            let messages = record.messages(follower.state());
            let mut before = StateJson::new(follower.state());
            // A state serde_json cannot write has a text of its error, which no JSON starts
            // with.
            if let Some(text) = followed_text.take().filter(|text| !text.starts_with('<')) {
                before = before.with_text(text);
            }
            // Only the words of the messages can name a hidden value: what is hidden is
            // looked for among them.
            let words = HiddenValues::words_of(messages.iter().map(|message| &*message.text));
            let hidden_before: Vec<HiddenValues> = if words.is_empty() {
                Vec::new()
            } else {
                HiddenValues::unseen_among(&mut before, &viewers, &vec![&words; viewers.len()])
            };
            // What each viewer still does not know once the action's own first move has
            // applied: its messages speak of that move, not of a deal that may follow. Only
            // what was hidden from them before can be hidden both times.
            let mut hidden_after = Vec::new();
            // What the record's moves so far said aloud or showed, by viewer: its texts may
            // name it to them.
            let mut told: Vec<Vec<String>> = vec![Vec::new(); viewers.len()];
            for (position, applied) in record.moves.iter().enumerate() {
                follower.advance(applied);
                let spoken = applied.spoken(follower.state());
                for (viewer, told) in viewers.iter().zip(&mut told) {
                    told.extend(spoken.iter().cloned());
                    told.extend(applied.shown_to(follower.state(), *viewer));
                }
                if position == 0 && hidden_before.iter().any(|hidden| !hidden.is_empty()) {
                    hidden_after = HiddenValues::unseen_among(
                        &mut StateJson::new(follower.state()),
                        &viewers,
                        &hidden_before.iter().collect::<Vec<_>>(),
                    );
                }
                report.moves += 1;
                let mut texts: Vec<Option<String>> = Vec::with_capacity(viewers.len());
                for (viewer, view) in viewers.iter().zip(&mut replayed) {
                    let seen = applied.view(follower.state(), *viewer);
                    texts.push(
                        seen.as_ref()
                            .and_then(|seen| follower.state().describe_move(seen, *viewer)),
                    );
                    if let Some(seen) = seen {
                        apply_alone(view, &mut scratch, &seen);
                    }
                }
                check_texts(
                    follower.state(),
                    &viewers,
                    &texts,
                    &told,
                    &format!("the words of a move of `{}`", record.name()),
                )
                .map_err(|reason| fail(submission, reason))?;
            }
            check_messages(
                &viewers,
                &hidden_before,
                &hidden_after,
                &told,
                record.name(),
                &messages,
            )
            .map_err(|reason| fail(submission, reason))?;
        }
        followed_records = engine.records().len();
        hidden_fields.observe(engine.position().state(), players, &|state: &G, viewer| {
            state.view(viewer)
        });
        check_follow_ups(&engine, players).map_err(|reason| fail(submission, reason))?;
        check_scenes(&engine, &viewers).map_err(|reason| fail(submission, reason))?;
        let state_text = text_of(engine.position().state());
        let followed = followed_text
            .take()
            .unwrap_or_else(|| text_of(follower.state()));
        same_text(&followed, &state_text).map_err(|reason| {
            fail(
                submission,
                format!("the records do not give the state: {reason}"),
            )
        })?;
        followed_text = Some(followed);
        for (viewer, view) in viewers.iter().zip(&replayed) {
            same_state(view, &engine.position().view(*viewer)).map_err(|reason| {
                fail(
                    submission,
                    format!("{viewer:?}: the viewed moves do not give the view: {reason}"),
                )
            })?;
        }
        if let Some(chest) = chest {
            let mut ids = Vec::new();
            engine
                .position()
                .state()
                .visit_pieces(&mut |id| ids.push(id));
            chest
                .check(ids)
                .map_err(|error| fail(submission, error.to_string()))?;
        }
        let to_act: Vec<PlayerIndex> = engine.position().to_act().iter().collect();
        for &player in &to_act {
            let full = engine.position().prompt(player);
            let viewed = engine.position().prompt_from_view(player);
            if full != viewed {
                return Err(fail(
                    submission,
                    format!(
                        "player {}'s prompt differs in their view: full {}, viewed {}",
                        player.0,
                        json(&full),
                        json(&viewed)
                    ),
                ));
            }
        }
        if engine.position().outcome().is_some() {
            return Ok(());
        }
        let Some(&player) = to_act.choose(&mut choices) else {
            return Err(fail(
                submission,
                format!(
                    "the game is not over and nobody may act: {:?}",
                    engine.position().status()
                ),
            ));
        };
        check_completions(&engine, player).map_err(|reason| fail(submission, reason))?;
        let completions = engine.position().completions(player);
        if completions.is_empty() {
            return Err(fail(
                submission,
                format!("player {} is to act and has no completion", player.0),
            ));
        }
        let pick = choices.random_range(0..completions.len());
        check_choices(&engine, player, &completions[pick])
            .map_err(|reason| fail(submission, reason))?;
        let before = engine.clone();
        // Every other submission by its position, the way agents' playouts submit.
        let submitted = if submission % 2 == 0 {
            engine
                .submit(player, completions[pick].clone())
                .map_err(Refusal::from)
        } else {
            engine.submit_nth(player, pick as u64)
        };
        submitted.map_err(|error| {
            fail(
                submission,
                format!("an offered completion was refused: {error}"),
            )
        })?;
        check_take_back(&before, &state_text, &engine, player)
            .map_err(|reason| fail(submission, reason))?;
        report.submissions += 1;
    }
    Err(fail(
        max_submissions,
        format!("the game did not end within {max_submissions} submissions"),
    ))
}

/// Checks that the three ways of enumerating `player`'s completions agree:
/// [`Position::count_completions`](crate::Position::count_completions) is the number
/// [`Position::for_each_completion`](crate::Position::for_each_completion) visits, and
/// [`Position::nth_completion`](crate::Position::nth_completion) of each position is the completion
/// visited there (compared by their `Debug` text), with `None` past the last. Returns the count.
///
/// Costs one `nth_completion` per completion: for tests, not hot loops.
///
/// # Errors
/// What differs first, as text.
pub fn check_completions<G: Game>(engine: &Engine<G>, player: PlayerIndex) -> Result<u64, String> {
    let listed = engine.position().completions(player);
    let count = engine.position().count_completions(player);
    if count != listed.len() as u64 {
        return Err(format!(
            "player {} has {} completions but count_completions says {count}",
            player.0,
            listed.len()
        ));
    }
    for (index, expected) in (0_u64..).zip(&listed) {
        let found = engine.position().nth_completion(player, index);
        let (found, expected) = (format!("{found:?}"), format!("{:?}", Some(expected)));
        if found != expected {
            return Err(format!(
                "completion {index} of player {} is {expected} but nth_completion gives {found}",
                player.0
            ));
        }
    }
    if let Some(extra) = engine.position().nth_completion(player, count) {
        return Err(format!(
            "player {} has {count} completions but nth_completion({count}) gives {extra:?}",
            player.0
        ));
    }
    Ok(count)
}

/// Checks that each of `messages`, those of action `action`, names no value hidden from a
/// viewer it reaches both before the record (`hidden_before`, by viewer) and right after
/// its first move (`hidden_after`): a card they neither held nor saw played. What the
/// record's moves told each viewer (`told`, by viewer: [`Move::spoken`],
/// [`Move::shown_to`]) may be named to them.
fn check_messages(
    viewers: &[Viewer],
    hidden_before: &[HiddenValues],
    hidden_after: &[HiddenValues],
    told: &[Vec<String>],
    action: &str,
    messages: &[crate::rules::action::Message],
) -> Result<(), String> {
    if messages.is_empty() {
        return Ok(());
    }
    for (((&viewer, before), after), told) in viewers
        .iter()
        .zip(hidden_before)
        .zip(hidden_after)
        .zip(told)
    {
        if before.is_empty() {
            continue;
        }
        let hidden = after
            .within(before)
            .without(told.iter().map(String::as_str));
        for message in messages {
            let reaches = match (viewer, message.to) {
                (_, None) => true,
                (Viewer::Player(player), Some(to)) => to.contains(player),
                _ => false,
            };
            if !reaches {
                continue;
            }
            if let Some(word) = hidden.named_in(&message.text) {
                return Err(format!(
                    "{viewer:?} reads `{word}`, hidden from them, in the message \"{}\" of `{}`",
                    message.text, action
                ));
            }
        }
    }
    Ok(())
}

/// Checks that each viewer's text of a move (`texts`, by viewer: [`Game::describe_move`])
/// names no value hidden from them in `state`, the state right after the move: a card
/// they neither hold nor saw, nor were told (`told`, by viewer: what the moves of the record
/// so far said aloud or showed them). `place` says where the texts are, for the error.
fn check_texts<G: Game>(
    state: &G,
    viewers: &[Viewer],
    texts: &[Option<String>],
    told: &[Vec<String>],
    place: &str,
) -> Result<(), String> {
    if texts.iter().all(Option::is_none) {
        return Ok(());
    }
    let words: Vec<HiddenValues> = texts
        .iter()
        .map(|text| HiddenValues::words_of(text.as_deref()))
        .collect();
    let hidden = HiddenValues::unseen_among(
        &mut StateJson::new(state),
        viewers,
        &words.iter().collect::<Vec<_>>(),
    );
    for (((viewer, text), hidden), told) in viewers.iter().zip(texts).zip(&hidden).zip(told) {
        if let Some(text) = text
            && let Some(word) = hidden
                .without(told.iter().map(String::as_str))
                .named_in(text)
        {
            return Err(format!(
                "{viewer:?} reads `{word}`, hidden from them, in {place}: \"{text}\""
            ));
        }
    }
    Ok(())
}

/// Checks each viewer's scene ([`Game::scene`] of their view, as a client draws it) as
/// the words of moves are checked: nothing in it (its lines, faces, titles, notes, marks,
/// the option values that pick its pieces) names a value hidden from that viewer.
fn check_scenes<G: Game>(engine: &Engine<G>, viewers: &[Viewer]) -> Result<(), String> {
    let texts: Vec<Option<String>> = viewers
        .iter()
        .map(|&viewer| serde_json::to_string(&engine.position().scene(viewer)).ok())
        .collect();
    check_texts(
        engine.position().state(),
        viewers,
        &texts,
        &vec![Vec::new(); viewers.len()],
        "their scene",
    )
}

/// Checks that no player's copy of the game holds, in a pending follow-up's arguments, a
/// value hidden from them.
fn check_follow_ups<G: Game>(engine: &Engine<G>, players: usize) -> Result<(), String> {
    if engine.position().follow_ups().is_empty() {
        return Ok(());
    }
    let mut state = StateJson::new(engine.position().state());
    for seat in 0..players {
        let player = PlayerIndex(seat);
        let copy = engine.for_agent(player, 0);
        for follow_up in copy.follow_ups() {
            let args = JsonTree::of(&follow_up.args);
            if reveal::shows_hidden(&mut state, Viewer::Player(player), &args) {
                return Err(format!(
                    "player {seat}'s copy of the game holds a follow-up of player {} whose \
                     arguments show what is hidden from them: {}",
                    follow_up.player.0,
                    json(&follow_up.args)
                ));
            }
        }
    }
    Ok(())
}

/// Checks that `player`'s prompt of `chosen`'s action after each prefix of its choices, and
/// the refusal of each option shown refused on the way, are the same from their view.
fn check_choices<G: Game>(
    engine: &Engine<G>,
    player: PlayerIndex,
    chosen: &G::Actions,
) -> Result<(), String> {
    let copy = engine.for_agent(player, 0);
    let action = chosen.name();
    let values: Vec<serde_json::Value> = dispatch::selections(chosen)
        .into_iter()
        .map(|(_, value)| value)
        .collect();
    for length in 0..=values.len() {
        let prefix = &values[..length];
        let full = engine.position().prompt_action(player, action, prefix);
        let viewed = copy.prompt_action(player, action, prefix);
        if full != viewed {
            return Err(format!(
                "player {}'s prompt of `{action}` after {} differs in their view: full {}, \
                 viewed {}",
                player.0,
                json(&prefix),
                json(&full.map_err(|error| error.to_string())),
                json(&viewed.map_err(|error| error.to_string()))
            ));
        }
        let Ok(prompt) = full else { continue };
        let Some(selection) = prompt.selection else {
            continue;
        };
        // Each refused option, submitted with the choices so far: the same refusal.
        for option in selection
            .options
            .iter()
            .filter(|option| option.error.is_some())
        {
            let mut submission = Submission::new(action);
            for (choice, value) in prompt.chosen.iter().zip(prefix) {
                submission = submission.with(choice.selection.clone(), value.clone());
            }
            submission = submission.with(selection.name.clone(), option.value.clone());
            let full = engine.clone().submit_submission(player, &submission).err();
            let viewed = copy.clone().submit_submission(player, &submission).err();
            let (full, viewed) = (
                full.map(|error| error.to_string()),
                viewed.map(|error| error.to_string()),
            );
            if full != viewed {
                return Err(format!(
                    "player {}'s refusal of {} differs in their view: full {full:?}, viewed \
                     {viewed:?}",
                    player.0,
                    json(&submission)
                ));
            }
        }
    }
    Ok(())
}

/// Checks a take-back by `player` right after their submission, which made `after` from
/// `before`, whose state's JSON text is `before_text`.
fn check_take_back<G: Game>(
    before: &Engine<G>,
    before_text: &str,
    after: &Engine<G>,
    player: PlayerIndex,
) -> Result<(), String> {
    let mut taken = after.clone();
    let Ok(cancelled) = taken.take_back(player) else {
        return Ok(());
    };
    let kept = taken.records();
    if kept.len() + cancelled.len() != after.records().len() {
        return Err(format!(
            "a take-back of player {} kept {} records and cancelled {} of {}",
            player.0,
            kept.len(),
            cancelled.len(),
            after.records().len()
        ));
    }
    let replayed = Engine::<G>::replay(&taken.log())
        .map_err(|error| format!("the log after a take-back does not replay: {error}"))?;
    let taken_text = text_of(taken.position().state());
    same_text(&taken_text, &text_of(replayed.position().state()))
        .map_err(|reason| format!("a take-back left a state its log does not give: {reason}"))?;
    if kept.len() == before.records().len() {
        same_text(&taken_text, before_text).map_err(|reason| {
            format!("a take-back did not restore the state before the submission: {reason}")
        })?;
    }
    Ok(())
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|error| format!("<not serializable: {error}>"))
}

/// A state's JSON text ([`View::serialize_state`]), by which states are compared.
fn text_of<G: View>(state: &G) -> String {
    json(&Serialized(state))
}

/// Compares two states by their JSON text ([`View::serialize_state`]); the error shows both.
fn same_state<G: View>(found: &G, expected: &G) -> Result<(), String> {
    same_text(&text_of(found), &text_of(expected))
}

/// Compares two JSON texts; the error shows both.
fn same_text(found: &str, expected: &str) -> Result<(), String> {
    if found == expected {
        Ok(())
    } else {
        Err(format!("found {found}, expected {expected}"))
    }
}
