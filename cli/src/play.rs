//! `meeple play`: a person plays one seat in the terminal against bots.

use std::io::{self, BufRead};
use std::thread::sleep;
use std::time::{Duration, Instant};

use meeple::{
    ActionPrompt, DecodeError, Engine, PlayerIndex, PromptOption, Refusal, SelectionKind,
    SelectionPrompt, Submission, SubmitError, UndoError, Viewer,
};
use rand::TryRng;
use serde_json::Value;

use crate::bot;
use crate::output::{self, say};
use crate::simulate::{Table, TableArgs};
use crate::{CliError, TerminalGame};

const HELP: &str = "Choose an option by its number or its name. Commands: `undo` (take back your last action \
and the bots' replies), `state` (show the table again), `help`, `quit`.";

/// What the person typed, once understood.
enum Reply {
    Submit(Submission),
    Undo,
    Quit,
}

/// Plays a game from `seed` with the person at `seat` and the table's agents elsewhere
/// (random by default); reads the person's choices from standard input until the game
/// ends, they quit, or input ends.
///
/// The seed fixes every deal whatever anyone plays, so a game whose seed was not given is
/// dealt from a seed drawn from the operating system and shown only once the game is left
/// (over, quit, or stopped by an error), for the person to play or replay it again.
///
/// # Errors
/// A bad config, seat or agent, no seed from the operating system, a terminal that cannot
/// be read or written, or a stuck game.
pub(crate) fn run<G: TerminalGame>(
    args: &TableArgs,
    seed: Option<u64>,
    seat: usize,
    delay_ms: u64,
) -> Result<(), CliError> {
    let table = Table::<G>::new(args)?;
    if seat >= table.players {
        return Err(CliError::Seat {
            seat,
            players: table.players,
        });
    }
    let (seed, secret) = match seed {
        Some(seed) => (seed, false),
        None => (
            rand::rngs::SysRng
                .try_next_u64()
                .map_err(|error| CliError::Seed(error.to_string()))?,
            true,
        ),
    };
    let played = play::<G>(&table, seed, secret, PlayerIndex(seat), delay_ms);
    if secret {
        let shown =
            say!("\nThe seed of this game was {seed}: add `--seed {seed}` to play it again.");
        // The game's own error says more than one about printing the seed.
        played.and(shown)
    } else {
        played
    }
}

/// Plays the game of `run` at `table` from `seed`, with the person at `me`; says the seed
/// at the start unless it is `secret`.
fn play<G: TerminalGame>(
    table: &Table<G>,
    seed: u64,
    secret: bool,
    me: PlayerIndex,
    delay_ms: u64,
) -> Result<(), CliError> {
    let mut engine = Engine::<G>::new(table.config.clone(), table.players, seed)?;
    let mut agents = table.lineup.agents::<G>(seed);
    let mut input = io::stdin().lock().lines();
    let delay = Duration::from_millis(delay_ms);
    let you = engine.position().state().player_name(me);
    if secret {
        say!("meeple {}: you are {you}. {HELP}", G::NAME)?;
    } else {
        say!("meeple {} (seed {seed}): you are {you}. {HELP}", G::NAME)?;
    }
    let viewer = Viewer::Player(me);
    let mut shown = 0;
    // The game's clock runs with the wall clock from here: a timer of the game's flow
    // (Memory's cards of a miss turned face down) fires while the person thinks.
    let began = Instant::now();
    loop {
        tick(&mut engine, began)?;
        shown = show_records(&engine, shown, me, delay)?;
        if let Some(outcome) = engine.position().outcome() {
            say!("\n{}", engine.position().state().summary(viewer))?;
            let name = |seat| engine.position().state().player_name(seat);
            say!("Game over: {}.", output::finish_in_words(&outcome, name))?;
            if outcome.places().len() > 2 && !outcome.is_draw() {
                let places: Vec<String> = (0..outcome.places().len())
                    .map(|seat| {
                        let seat = PlayerIndex(seat);
                        format!("{} {}", outcome.place(seat).unwrap_or(0), name(seat))
                    })
                    .collect();
                say!("Places: {}.", places.join(", "))?;
            }
            return Ok(());
        }
        let to_act = engine.position().to_act();
        if !to_act.contains(me) {
            let Some(player) = to_act.first() else {
                return Err(CliError::Stuck("nobody is to act".to_owned()));
            };
            let decided = agents
                .get_mut(player.0)
                .and_then(|agent| bot::decide(agent.as_mut(), engine.position(), player));
            match decided {
                Some(bot::Decision::Index(index)) => {
                    engine.submit_nth(player, index)?;
                }
                Some(bot::Decision::Action(action)) => {
                    engine.submit(player, action).map_err(Refusal::from)?;
                }
                None => {
                    return Err(CliError::Stuck(format!(
                        "{} has nothing a bot can choose",
                        engine.position().state().player_name(player)
                    )));
                }
            }
            continue;
        }
        say!("\n{}", engine.position().state().summary(viewer).trim_end())?;
        say!("{}", acting(&engine))?;
        match ask(&engine, me, &mut input)? {
            Reply::Quit => return Ok(()),
            Reply::Undo => match engine.take_back(me) {
                Ok(cancelled) => {
                    say!(
                        "Took back {} action{}.",
                        cancelled.len(),
                        if cancelled.len() == 1 { "" } else { "s" }
                    )?;
                    shown = engine.records().len();
                }
                Err(error) => say!("Cannot undo: {}.", undo_refusal(&error))?,
            },
            Reply::Submit(submission) => {
                // What the timers did while the person chose comes first: the submission
                // is then checked against the game as it stands.
                if tick(&mut engine, began)? > 0 {
                    say!("Time ran out while you chose:")?;
                    shown = show_records(&engine, shown, me, delay)?;
                }
                if let Err(error) = engine.submit_submission(me, &submission) {
                    say!("Refused: {}.", refusal(&error))?;
                }
            }
        }
    }
}

/// What the person is told when a submission of theirs is refused: the reason written
/// for players, without the action's or the selection's name in the code.
fn refusal(error: &SubmitError) -> String {
    match error {
        SubmitError::Refused(Refusal::NotOffered { reason, .. })
        | SubmitError::Decode(DecodeError::MalformedSelection { reason, .. }) => reason.clone(),
        SubmitError::Refused(Refusal::Invalid { message, .. }) => message.clone(),
        SubmitError::Refused(Refusal::GameOver) => "the game is over".to_owned(),
        other => other.to_string(),
    }
}

/// What the person is told when their undo is refused.
fn undo_refusal(error: &UndoError) -> String {
    match error {
        UndoError::NothingToUndo { .. } => "you have nothing to take back".to_owned(),
        UndoError::DrewChance { .. } => {
            "your last action led to a deal or a draw, which cannot be taken back".to_owned()
        }
        UndoError::Forced { .. } => "your last action was forced by the rules".to_owned(),
        UndoError::RevealedInformation { action, viewer } => {
            format!("\"{action}\" showed {viewer} what was hidden from them")
        }
        UndoError::GameOver => "the game is over".to_owned(),
        UndoError::Followed { .. } => "another action came after your last one".to_owned(),
        UndoError::Nondeterministic { reason } => {
            format!("the game could not be rebuilt before your last action ({reason})")
        }
        other => other.to_string(),
    }
}

/// Prints the records from `from` on, one move at a time, as `viewer` may see them;
/// returns the number of records shown so far.
///
/// # Errors
/// [`CliError::Stdout`] when standard output is closed.
fn show_records<G: TerminalGame>(
    engine: &Engine<G>,
    from: usize,
    viewer: PlayerIndex,
    delay: Duration,
) -> Result<usize, CliError> {
    // Each move as this player may see it, in the game's words from the state right after
    // it: others' secrets are already concealed.
    let records = engine.viewed_records(Viewer::Player(viewer));
    for record in records.iter().skip(from) {
        let messages: Vec<&str> = record
            .messages
            .iter()
            .map(|message| message.text.as_str())
            .collect();
        let by_other = record.player.is_some_and(|player| player != viewer);
        let mut described = false;
        for text in record.texts.iter().flatten() {
            say!("  {text}")?;
            described = true;
            if by_other {
                // Flushing keeps the pace visible when stdout is a pipe.
                output::flush("")?;
                sleep(delay);
            }
        }
        // Messages say in words what the moves did not show (a pass seen from outside).
        if !described && !messages.is_empty() {
            say!("{}", messages.join(" "))?;
        }
    }
    Ok(engine.records().len())
}

/// Moves the game's clock to the time since `began` ([`Engine::advance_clock`]); returns
/// how many timers fired.
fn tick<G: TerminalGame>(engine: &mut Engine<G>, began: Instant) -> Result<usize, CliError> {
    engine
        .advance_clock(began.elapsed())
        .map_err(|error| CliError::Stuck(error.to_string()))
}

/// Who is to act, as the engine says, a pending follow-up first: `To act: North`, or
/// `To act: White: Jump again` with the follow-up's prompt; with the phase of the game's
/// flow before (`[passing] To act: ...`) and the time left on a running timer after.
fn acting<G: TerminalGame>(engine: &Engine<G>) -> String {
    let names: Vec<String> = engine
        .position()
        .to_act()
        .iter()
        .map(|seat| engine.position().state().player_name(seat))
        .collect();
    let mut line = match engine.position().phase() {
        Some(phase) => format!("[{phase}] To act: {}", names.join(", ")),
        None => format!("To act: {}", names.join(", ")),
    };
    if let Some(deadline) = engine.deadline() {
        let left = deadline.saturating_sub(engine.clock());
        line.push_str(&format!(
            " ({:.1} s before the time runs out)",
            left.as_secs_f64()
        ));
    }
    if let Some(follow_up) = engine.position().follow_ups().first() {
        // A follow-up's prompt is its own text, else its action's.
        let asked = engine
            .position()
            .prompt(follow_up.player)
            .actions
            .into_iter()
            .next();
        if let Some(asked) = asked {
            line.push_str(&format!(": {}", asked.prompt));
        }
    }
    line
}

/// Asks the person for a whole action.
fn ask<G: TerminalGame>(
    engine: &Engine<G>,
    me: PlayerIndex,
    input: &mut impl Iterator<Item = io::Result<String>>,
) -> Result<Reply, CliError> {
    let prompt = engine.position().prompt(me);
    // One list for the first choice: the options of every action whose next selection is a
    // list, and one entry for each other action.
    let mut entries: Vec<(&ActionPrompt, Option<&PromptOption>)> = Vec::new();
    for action in &prompt.actions {
        match &action.selection {
            Some(selection) if is_list(&selection.kind, &selection.options) => {
                entries.extend(
                    selection
                        .options
                        .iter()
                        .map(|option| (action, Some(option))),
                );
            }
            _ => entries.push((action, None)),
        }
    }
    if let [(action, None)] = entries.as_slice() {
        return continue_action(engine, me, (*action).clone(), input);
    }
    let mut heading = None;
    for (number, (action, option)) in entries.iter().enumerate() {
        let text = match (&action.selection, option) {
            (Some(selection), Some(option)) => {
                let text = heading_of(action, selection);
                if heading.as_ref() != Some(&text) {
                    say!("{text}:")?;
                    heading = Some(text);
                }
                format_option(option)
            }
            _ => action.prompt.clone(),
        };
        say!("  {:>2}. {text}", number + 1)?;
    }
    // The number the game preselects, among the options listed (`initial`).
    let preselected = entries.iter().position(|(action, option)| {
        let initial = match action.selection.as_ref().map(|selection| &selection.kind) {
            Some(SelectionKind::ChooseNumber { initial, .. }) => *initial,
            _ => None,
        };
        initial.is_some() && option.and_then(|option| option.value.as_i64()) == initial
    });
    if let Some(at) = preselected
        && let Some(option) = entries[at].1
    {
        say!("  (Enter for {})", option.label)?;
    }
    loop {
        let Some(mut line) = read(input)? else {
            return Ok(Reply::Quit);
        };
        if line.trim().is_empty()
            && let Some(at) = preselected
        {
            line = (at + 1).to_string();
        }
        match command(&line) {
            Some(reply) => return Ok(reply),
            None if line == "state" || line == "s" => {
                say!("{}", engine.position().state().summary(Viewer::Player(me)))?
            }
            None if line == "help" || line == "?" => say!("{HELP}")?,
            None => {
                // An action is picked by number, by its prompt or by its name (`hit`).
                let picked = pick(&line, entries.len(), |i| {
                    entries[i]
                        .1
                        .map(|option| option.label.as_str())
                        .unwrap_or(&entries[i].0.prompt)
                })
                .or_else(|| {
                    entries.iter().position(|(action, option)| {
                        option.is_none() && action.action.eq_ignore_ascii_case(&line)
                    })
                });
                let Some(index) = picked else {
                    say!("Type a number from 1 to {}, or a name.", entries.len())?;
                    continue;
                };
                let (action, option) = entries[index];
                let Some(option) = option else {
                    return continue_action(engine, me, action.clone(), input);
                };
                if let Some(error) = &option.error {
                    say!("Not allowed: {error}.")?;
                    continue;
                }
                match engine.position().prompt_action(
                    me,
                    &action.action,
                    &prefix_with(action, option),
                ) {
                    Ok(next) => return continue_action(engine, me, next, input),
                    Err(error) => say!("Refused: {}.", refusal(&error))?,
                }
            }
        }
    }
}

/// The text shown above `selection` of `action`: the selection's own prompt, after the
/// action's when the two differ, so that neither hides the other (a follow-up's own text,
/// "Steal up to 3?", and its selection's, "From whom").
fn heading_of(action: &ActionPrompt, selection: &SelectionPrompt) -> String {
    if selection.prompt == action.prompt || selection.prompt.is_empty() {
        action.prompt.clone()
    } else if action.prompt.is_empty() {
        selection.prompt.clone()
    } else if action.prompt.ends_with(['?', '!', '.', ':']) {
        format!("{} {}", action.prompt, selection.prompt)
    } else {
        format!("{}: {}", action.prompt, selection.prompt)
    }
}

/// Asks for the remaining selections of one action, then its confirmation.
fn continue_action<G: TerminalGame>(
    engine: &Engine<G>,
    me: PlayerIndex,
    mut action: ActionPrompt,
    input: &mut impl Iterator<Item = io::Result<String>>,
) -> Result<Reply, CliError> {
    loop {
        let Some(mut selection) = action.selection.clone() else {
            if let Some(question) = &action.confirm {
                say!("{question} (yes/no)")?;
                let Some(answer) = read(input)? else {
                    return Ok(Reply::Quit);
                };
                if !matches!(answer.as_str(), "y" | "yes") {
                    return ask(engine, me, input);
                }
            }
            return Ok(Reply::Submit(Submission {
                action: action.action.clone(),
                selections: action.chosen_selections(),
            }));
        };
        // A group is asked one selection after the other, in the terminal.
        if let SelectionKind::ChooseGroup { selections } = &selection.kind {
            say!("{}:", heading_of(&action, &selection))?;
            if let Some(first) = selections.first() {
                selection = first.clone();
            }
        } else {
            selection.prompt = heading_of(&action, &selection);
        }
        let listed = is_list(&selection.kind, &selection.options);
        match &selection.kind {
            SelectionKind::ChooseFrom { min, max } | SelectionKind::ChooseOnBoard { min, max }
                if !selection.kind.is_single_choice() =>
            {
                let count = if min == max {
                    format!("{min}")
                } else {
                    format!("{min} to {max}")
                };
                say!(
                    "{} (choose {count}, separated by spaces):",
                    selection.prompt
                )?;
            }
            SelectionKind::ChooseNumber { min, max, initial } if !listed => {
                let preselected = initial.map_or_else(String::new, |n| format!(", Enter for {n}"));
                say!(
                    "{} (a number from {min} to {max}{preselected}):",
                    selection.prompt
                )?
            }
            SelectionKind::EnterText => say!("{} (text):", selection.prompt)?,
            _ => say!("{}:", selection.prompt)?,
        }
        if let Some(error) = &selection.error {
            say!("  ({error})")?;
        }
        for (number, option) in selection.options.iter().enumerate() {
            say!("  {:>2}. {}", number + 1, format_option(option))?;
        }
        let preselected = preselected_number(&selection.kind, &selection.options);
        if listed && let Some((_, label)) = &preselected {
            say!("  (Enter for {label})")?;
        }
        let Some(mut line) = read(input)? else {
            return Ok(Reply::Quit);
        };
        if line.trim().is_empty()
            && let Some((typed, _)) = preselected
        {
            line = typed;
        }
        if let Some(reply) = command(&line) {
            return Ok(reply);
        }
        let labels = |i: usize| selection.options[i].label.as_str();
        let value = match &selection.kind {
            SelectionKind::EnterText => Some(Value::String(line.clone())),
            SelectionKind::ChooseNumber { .. } if !listed => {
                line.parse::<i64>().ok().map(Value::from)
            }
            SelectionKind::ChooseFrom { .. } | SelectionKind::ChooseOnBoard { .. }
                if !selection.kind.is_single_choice() =>
            {
                line.split([' ', ','])
                    .filter(|word| !word.is_empty())
                    .map(|word| {
                        pick(word, selection.options.len(), labels)
                            .map(|i| selection.options[i].value.clone())
                    })
                    .collect::<Option<Vec<_>>>()
                    .map(Value::Array)
            }
            _ => {
                match pick(&line, selection.options.len(), labels).map(|i| &selection.options[i]) {
                    Some(option) if option.error.is_some() => {
                        say!(
                            "Not allowed: {}.",
                            option.error.as_deref().unwrap_or_default()
                        )?;
                        continue;
                    }
                    Some(option) => {
                        match engine.position().prompt_action(
                            me,
                            &action.action,
                            &prefix_with(&action, option),
                        ) {
                            Ok(next) => action = next,
                            Err(error) => say!("Refused: {}.", refusal(&error))?,
                        }
                        continue;
                    }
                    None => None,
                }
            }
        };
        let Some(value) = value else {
            say!("Not understood; type numbers or names from the list (or `help`).")?;
            continue;
        };
        let mut prefix: Vec<Value> = action
            .chosen
            .iter()
            .map(|choice| choice.value.clone())
            .collect();
        prefix.push(value);
        match engine.position().prompt_action(me, &action.action, &prefix) {
            Ok(next) => action = next,
            Err(error) => say!("Refused: {}.", refusal(&error))?,
        }
    }
}

/// What an empty line stands for in a number selection with a preselected value
/// (`initial`): the line to read in its place (the option's number in a list, else the
/// value) and the value as shown.
fn preselected_number(kind: &SelectionKind, options: &[PromptOption]) -> Option<(String, String)> {
    let SelectionKind::ChooseNumber {
        initial: Some(initial),
        ..
    } = kind
    else {
        return None;
    };
    if options.is_empty() {
        return Some((initial.to_string(), initial.to_string()));
    }
    let at = options
        .iter()
        .position(|option| option.value.as_i64() == Some(*initial))?;
    Some(((at + 1).to_string(), options[at].label.clone()))
}

/// Whether a selection is asked by picking one option of a list.
fn is_list(kind: &SelectionKind, options: &[PromptOption]) -> bool {
    kind.is_single_choice()
        || matches!(kind, SelectionKind::ChooseNumber { .. }) && !options.is_empty()
}

/// The values chosen in `action` so far, then `option` and the choices folded into it.
fn prefix_with(action: &ActionPrompt, option: &PromptOption) -> Vec<Value> {
    let mut prefix: Vec<Value> = action
        .chosen
        .iter()
        .map(|choice| choice.value.clone())
        .collect();
    prefix.push(option.value.clone());
    prefix.extend(option.then.iter().map(|choice| choice.value.clone()));
    prefix
}

fn format_option(option: &PromptOption) -> String {
    match &option.error {
        Some(error) => format!("{}  (not allowed: {error})", option.label),
        None => option.label.clone(),
    }
}

/// The index picked by `word`: a 1-based number, or a label (ignoring case).
fn pick<'a>(word: &str, count: usize, label: impl Fn(usize) -> &'a str) -> Option<usize> {
    if let Ok(number) = word.parse::<usize>() {
        return (1..=count).contains(&number).then(|| number - 1);
    }
    (0..count).find(|&i| label(i).eq_ignore_ascii_case(word))
}

fn command(line: &str) -> Option<Reply> {
    match line {
        "undo" | "u" => Some(Reply::Undo),
        "quit" | "q" | "exit" => Some(Reply::Quit),
        _ => None,
    }
}

/// The next line, trimmed; `None` at the end of input.
fn read(input: &mut impl Iterator<Item = io::Result<String>>) -> Result<Option<String>, CliError> {
    output::flush("> ")?;
    match input.next() {
        None => Ok(None),
        Some(line) => Ok(Some(line.map_err(CliError::Terminal)?.trim().to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prompts(action: &str, selection: &str) -> (ActionPrompt, SelectionPrompt) {
        let selection = SelectionPrompt {
            name: "whom".to_owned(),
            prompt: selection.to_owned(),
            kind: SelectionKind::ChooseFrom { min: 1, max: 1 },
            options: Vec::new(),
            error: None,
        };
        let action = ActionPrompt {
            action: "steal".to_owned(),
            prompt: action.to_owned(),
            args: None,
            confirm: None,
            chosen: Vec::new(),
            selection: Some(selection.clone()),
        };
        (action, selection)
    }

    /// A follow-up's own text and its selection's own prompt both reach the player.
    #[test]
    fn a_heading_shows_the_action_and_the_selection_when_they_differ() {
        let (action, selection) = prompts("Steal up to 3?", "From whom");
        assert_eq!(heading_of(&action, &selection), "Steal up to 3? From whom");
        let (action, selection) = prompts("Steal", "From whom");
        assert_eq!(heading_of(&action, &selection), "Steal: From whom");
        let (action, selection) = prompts("Play a card", "Play a card");
        assert_eq!(heading_of(&action, &selection), "Play a card");
        let (action, selection) = prompts("", "From whom");
        assert_eq!(heading_of(&action, &selection), "From whom");
    }
}
