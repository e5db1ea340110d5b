//! Prompting: a player's prompt built from an action's walk ([`action_prompt`]), with the
//! skip strategies that make forced choices for them and fold a choice into the next, and
//! the values the engine fills in for them before a submission is checked
//! ([`fill_made`]). The prompt's own types, what a client reads, are in
//! [`prompt`](crate::seen::prompt).

use serde_json::Value;

use crate::error::SubmitError;
use crate::pieces::player::PlayerIndex;
use crate::position::dispatch;
use crate::rules::action::ActionContext;
use crate::rules::action::{ActionSet, OptionState, SelectionState, SelectionStep, Skip};
use crate::rules::flow::Progress;
use crate::seen::prompt::{ActionPrompt, Choice, PromptOption, SelectionKind, SelectionPrompt};

impl SelectionPrompt {
    /// The prompt of `state`, asked with `default_prompt` when it declares none.
    pub(crate) fn from_state(state: &SelectionState, default_prompt: &str) -> Self {
        SelectionPrompt {
            name: state.name.to_owned(),
            prompt: state
                .prompt
                .clone()
                .unwrap_or_else(|| default_prompt.to_owned()),
            kind: state.kind.clone(),
            options: state.options.iter().map(PromptOption::from_state).collect(),
            error: state.error.clone(),
        }
    }
}

impl PromptOption {
    pub(crate) fn from_state(option: &OptionState) -> Self {
        PromptOption {
            value: option.value.clone(),
            label: option.label.clone(),
            error: option.error.clone(),
            then: Vec::new(),
        }
    }
}

/// The arguments of action `index` as its prompt shows them (`{"most":3,"from":0}`), when
/// it has any (a follow-up's).
fn arguments<A: ActionSet>(index: usize, args: &A::Args) -> Option<Value> {
    if A::free_args(index).is_some() {
        return None;
    }
    // The enum of all arguments is tagged by action: `{"Steal":{..}}`; the prompt already
    // names the action.
    match serde_json::to_value(args).ok()? {
        Value::Object(tagged) if tagged.len() == 1 => {
            tagged.into_iter().next().map(|(_, args)| args)
        }
        other => Some(other),
    }
}

/// Builds the prompt of one action for `player` after the values `prefix` the player has
/// chosen so far, applying the skip strategies, with the prompt `text` instead of the
/// action's when given (a follow-up's own).
///
/// Returns `Ok(None)` when the action has no completion and nothing to explain (no option
/// refused by a validation at its first open selection).
pub(crate) fn action_prompt<A: ActionSet>(
    game: &A::Game,
    flow: Progress<'_>,
    player: PlayerIndex,
    args: &A::Args,
    prefix: &[Value],
    text: Option<String>,
) -> Result<Option<ActionPrompt>, SubmitError> {
    let index = A::args_index(args);
    let mut prompt = ActionPrompt {
        action: A::NAMES[index].to_owned(),
        prompt: text.unwrap_or_else(|| ActionContext::new(game, flow, player, args).prompt()),
        args: arguments::<A>(index, args),
        confirm: None,
        chosen: Vec::new(),
        selection: None,
    };
    // `step` checks the whole prefix, value by value, and describes what comes next; the
    // chosen values are only labelled, without describing their selections again.
    let mut next = ActionContext::new(game, flow, player, args).step(prefix)?;
    for end in 1..=prefix.len() {
        if let Some((selection, label)) =
            ActionContext::new(game, flow, player, args).chosen(&prefix[..end])?
        {
            prompt.chosen.push(Choice {
                selection: selection.to_owned(),
                value: prefix[end - 1].clone(),
                label,
                preset: false,
            });
        }
    }
    let mut values: Vec<Value> = Vec::with_capacity(prefix.len() + 2);
    values.extend_from_slice(prefix);
    loop {
        let state = match next {
            SelectionStep::Complete => {
                // Asked once every selection is made: the text may name them.
                let action = ActionContext::new(game, flow, player, args)
                    .build(&prompt.chosen_selections())?;
                prompt.confirm = dispatch::confirm(&action, game, flow, player);
                return Ok(Some(prompt));
            }
            SelectionStep::Select(state) => state,
        };
        let viable: Vec<&OptionState> = state
            .options
            .iter()
            .filter(|option| option.viable)
            .collect();
        // Chosen by the game: its first viable value, or nothing to offer.
        if state.skip == Skip::First {
            let Some(value) = first_viable(&state, &viable) else {
                return Ok(None);
            };
            prompt.chosen.push(Choice {
                selection: state.name.to_owned(),
                label: label_of(&state, &value),
                value: value.clone(),
                preset: true,
            });
            values.push(value);
            next = ActionContext::new(game, flow, player, args).step(&values)?;
            continue;
        }
        let has_refused = state.options.iter().any(|option| option.error.is_some());
        // Shown without a completion only to explain why: some option was refused by its
        // validation. Otherwise the action has no completion and is not offered.
        if !state.viable && !has_refused && state.error.is_none() {
            return Ok(None);
        }
        if let Some(group) = &state.group {
            // A group is always asked, whole.
            let prompt_text = group
                .prompt
                .clone()
                .unwrap_or_else(|| prompt.prompt.clone());
            prompt.selection = Some(SelectionPrompt {
                name: group.name.to_owned(),
                prompt: prompt_text.clone(),
                kind: SelectionKind::ChooseGroup {
                    selections: group
                        .members
                        .iter()
                        .map(|member| SelectionPrompt::from_state(member, &prompt_text))
                        .collect(),
                },
                options: Vec::new(),
                error: None,
            });
            return Ok(Some(prompt));
        }
        if state.skip != Skip::Never
            && let Some(value) = forced_value(&state, &viable)
        {
            prompt.chosen.push(Choice {
                selection: state.name.to_owned(),
                label: label_of(&state, &value),
                value: value.clone(),
                preset: true,
            });
            values.push(value);
            next = ActionContext::new(game, flow, player, args).step(&values)?;
            continue;
        }
        let mut selection = SelectionPrompt::from_state(&state, &prompt.prompt);
        if state.skip == Skip::Always
            && let Some(folded) = fold_into_next::<A>(game, flow, player, args, &values, &state)?
        {
            selection.options = folded;
        }
        prompt.selection = Some(selection);
        return Ok(Some(prompt));
    }
}

/// The one value a selection can take, when it has exactly one.
fn forced_value(state: &SelectionState, viable: &[&OptionState]) -> Option<Value> {
    match state.kind {
        SelectionKind::ChooseFrom { min: 1, max: 1 }
        | SelectionKind::ChooseOnBoard { min: 1, max: 1 }
        | SelectionKind::PlacePiece { .. } => match viable {
            [only] => Some(only.value.clone()),
            _ => None,
        },
        // Choosing nothing is asked, never made for the player: they see the action.
        SelectionKind::ChooseFrom { min, max } | SelectionKind::ChooseOnBoard { min, max } => {
            (min == max && max > 0 && viable.len() == min)
                .then(|| Value::Array(viable.iter().map(|option| option.value.clone()).collect()))
        }
        SelectionKind::ChooseNumber { min, max, .. } => {
            if state.options.is_empty() {
                (min == max).then(|| Value::from(min))
            } else {
                match viable {
                    [only] => Some(only.value.clone()),
                    _ => None,
                }
            }
        }
        SelectionKind::EnterText | SelectionKind::ChooseGroup { .. } => None,
    }
}

/// The value the engine gives a selection without asking, if it does: the first viable
/// option of a selection the game chooses ([`Skip::First`]), the only one of a selection
/// skipped when it has one; never for a group.
fn made_for_the_player(state: &SelectionState) -> Option<Value> {
    if state.group.is_some() {
        return None;
    }
    let viable: Vec<&OptionState> = state
        .options
        .iter()
        .filter(|option| option.viable)
        .collect();
    match state.skip {
        Skip::First => first_viable(state, &viable),
        Skip::Never => None,
        Skip::OnlyOne | Skip::Always => forced_value(state, &viable),
    }
}

/// The values of a submission in progress (`named`, by selection name) in selection order,
/// with those the engine makes without asking ([`made_for_the_player`]) filled in, up to
/// the first selection that is neither named nor made; returns the values, every
/// selection by name (named and made), and that first open selection, if any.
///
/// # Errors
/// A [`SubmitError`] when a named value is malformed, not offered or invalid.
pub(crate) fn fill_made<A: ActionSet>(
    game: &A::Game,
    flow: Progress<'_>,
    player: PlayerIndex,
    args: &A::Args,
    named: &serde_json::Map<String, Value>,
) -> Result<Filled, SubmitError> {
    let mut filled = Filled {
        values: Vec::new(),
        selections: named.clone(),
        open: None,
    };
    loop {
        let state = match ActionContext::new(game, flow, player, args).step(&filled.values)? {
            SelectionStep::Complete => return Ok(filled),
            SelectionStep::Select(state) => state,
        };
        if let Some(value) = named.get(state.name) {
            filled.values.push(value.clone());
            continue;
        }
        let Some(value) = made_for_the_player(&state) else {
            filled.open = Some(state.name);
            return Ok(filled);
        };
        filled
            .selections
            .insert(state.name.to_owned(), value.clone());
        filled.values.push(value);
    }
}

/// What [`fill_made`] returns.
pub(crate) struct Filled {
    /// The values in selection order.
    pub(crate) values: Vec<Value>,
    /// Every value by selection name: those named, and those made for the player.
    pub(crate) selections: serde_json::Map<String, Value>,
    /// The first selection neither named nor made for the player.
    pub(crate) open: Option<&'static str>,
}

/// The value of a selection the game chooses ([`Skip::First`]): its first viable option
/// (for a set, generated code lists the first viable set as the one option), or the
/// smallest viable number of a range too wide to list.
pub(crate) fn first_viable(state: &SelectionState, viable: &[&OptionState]) -> Option<Value> {
    if !state.viable {
        return None;
    }
    match (&state.kind, viable.first()) {
        (_, Some(first)) => Some(first.value.clone()),
        (SelectionKind::ChooseNumber { min, .. }, None) if state.options.is_empty() => {
            Some(Value::from(*min))
        }
        _ => None,
    }
}

/// The options of a single-value selection folded with those of the next selection
/// (`skip_if = "always"`), or `None` when the next selection cannot be listed (text, a
/// multi-selection, a wide number range), in which case the selection is asked as usual.
fn fold_into_next<A: ActionSet>(
    game: &A::Game,
    flow: Progress<'_>,
    player: PlayerIndex,
    args: &A::Args,
    values: &[Value],
    state: &SelectionState,
) -> Result<Option<Vec<PromptOption>>, SubmitError> {
    let listable = |kind: &SelectionKind, options: &[OptionState]| match kind {
        SelectionKind::ChooseFrom { min: 1, max: 1 }
        | SelectionKind::ChooseOnBoard { min: 1, max: 1 }
        | SelectionKind::PlacePiece { .. } => true,
        SelectionKind::ChooseNumber { .. } => !options.is_empty(),
        _ => false,
    };
    if !listable(&state.kind, &state.options) {
        return Ok(None);
    }
    let mut folded = Vec::new();
    let mut next_values = values.to_vec();
    for option in &state.options {
        if !option.viable {
            folded.push(PromptOption::from_state(option));
            continue;
        }
        next_values.push(option.value.clone());
        match ActionContext::new(game, flow, player, args).step(&next_values)? {
            SelectionStep::Complete => folded.push(PromptOption::from_state(option)),
            SelectionStep::Select(next) => {
                if next.group.is_some()
                    || next.skip == Skip::First
                    || !listable(&next.kind, &next.options)
                {
                    return Ok(None);
                }
                for then in &next.options {
                    folded.push(PromptOption {
                        value: option.value.clone(),
                        label: format!("{}, {}", option.label, then.label),
                        error: then.error.clone(),
                        then: vec![Choice {
                            selection: next.name.to_owned(),
                            value: then.value.clone(),
                            label: then.label.clone(),
                            preset: false,
                        }],
                    });
                }
            }
        }
        next_values.pop();
    }
    Ok(Some(folded))
}

/// The label of `value` among the options of `state`, or its JSON text when it is not
/// listed (a wide number range, a set of options).
fn label_of(state: &SelectionState, value: &Value) -> String {
    if let Some(option) = state.options.iter().find(|option| &option.value == value) {
        return option.label.clone();
    }
    match value {
        Value::Array(items) => items
            .iter()
            .map(|item| label_of(state, item))
            .collect::<Vec<_>>()
            .join(", "),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}
