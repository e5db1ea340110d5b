//! What a player is offered: prompts (tree-shaken, whole or for the choices so far) and
//! completions (listed, counted, drawn by index) without building a prompt.

use crate::rules::action::ActionSet;
use crate::rules::game::Game;
use std::ops::ControlFlow;

use serde_json::Value;

use super::{Position, Recall};
use crate::error::{DecodeError, SubmitError};
use crate::pieces::player::PlayerIndex;
use crate::position::prompting::{action_prompt, fill_made};
use crate::rules::action::ActionContext;
use crate::seen::prompt::{ActionPrompt, Prompt};
use crate::seen::submission::Submission;

impl<G: Game> Position<G> {
    /// The prompt of `player` computed from their view instead of the full state. Equal to
    /// [`prompt`](Self::prompt) for a correct game (what [`check_views`](crate::testing::check_views)
    /// checks); the engine itself prompts from the full state, which is faster.
    pub fn prompt_from_view(&self, player: PlayerIndex) -> Prompt {
        // A prompt reads neither chance nor what was seen.
        self.copy_for(player, 0, Recall::Untracked).prompt(player)
    }

    /// An action without completion is still shown when its first open selection has
    /// options refused by their validation: the player learns why.
    pub(super) fn shown_without_completion(
        &self,
        player: PlayerIndex,
        args: &<G::Actions as ActionSet>::Args,
    ) -> bool {
        matches!(self.action_prompt(player, args, &[]), Ok(Some(_)))
    }

    /// The prompt of one action of `player` after `prefix`, in the words of the pending
    /// follow-up when it gives its own ([`Behaviour::follow_up_with_prompt`]).
    ///
    /// [`Behaviour::follow_up_with_prompt`]: crate::Behaviour::follow_up_with_prompt
    pub(super) fn action_prompt(
        &self,
        player: PlayerIndex,
        args: &<G::Actions as ActionSet>::Args,
        prefix: &[Value],
    ) -> Result<Option<ActionPrompt>, SubmitError> {
        let text = self
            .follow_up_of(player)
            .filter(|follow_up| follow_up.args == *args)
            .and_then(|follow_up| follow_up.prompt.clone());
        action_prompt::<G::Actions>(
            &self.state,
            self.flow.progress(),
            player,
            args,
            prefix,
            text,
        )
    }

    /// The prompt of `player`: every action they may take now, tree-shaken, with skips
    /// applied. Empty when they are not to act.
    pub fn prompt(&self, player: PlayerIndex) -> Prompt {
        // The prompt of an action is `None` exactly when it has no completion and nothing
        // to explain: one search decides both.
        let actions = self
            .candidates(player)
            .filter_map(|args| self.action_prompt(player, args, &[]).ok().flatten())
            .collect();
        Prompt { player, actions }
    }

    /// What `player` is doing, as the others may be told while they choose ("West is
    /// choosing three cards to pass"): the `description` of the first action offered to
    /// them that declares one (`#[action(description = "…")]`), filled from the state.
    /// `None` when they are not to act or no action offered describes itself. A
    /// description names no selection (the derive refuses one that does), so it tells the
    /// others nothing of the player's choice.
    pub fn description(&self, player: PlayerIndex) -> Option<String> {
        if !self.to_act().contains(player) {
            return None;
        }
        self.candidates(player).find_map(|args| {
            ActionContext::new(&self.state, self.flow.progress(), player, args).description()
        })
    }

    /// The prompt of one action of `player` after the values they have chosen so far
    /// (`prefix`, one JSON value per selection, in order): what is chosen and what comes
    /// next. Choosing reveals nothing and changes nothing.
    ///
    /// # Errors
    /// [`SubmitError`] when the player may not take the action now or a value of `prefix`
    /// is not offered.
    pub fn prompt_action(
        &self,
        player: PlayerIndex,
        action: &str,
        prefix: &[Value],
    ) -> Result<ActionPrompt, SubmitError> {
        self.check_seat(player)?;
        // Whether the action can be completed at all is a search of its own: the prefix's
        // search answers it, and it is asked only to explain a refusal.
        let args = self.candidate_args(player, action)?;
        match self.action_prompt(player, &args, prefix) {
            Ok(Some(prompt)) => Ok(prompt),
            Ok(None) => Err(self.not_available(player, action).into()),
            Err(_) if !self.is_available(player, &args) => {
                Err(self.not_available(player, action).into())
            }
            Err(error) => Err(error),
        }
    }

    /// The prompt of an action in progress, its choices so far given by selection name
    /// (`submission.selections`, in any order): what is chosen and what comes next, as
    /// [`prompt_action`](Self::prompt_action) gives it. Selections the engine makes
    /// without asking (forced ones) may be left out. Choosing reveals nothing and changes
    /// nothing.
    ///
    /// # Errors
    /// As [`prompt_action`](Self::prompt_action);
    /// [`DecodeError::MissingSelection`] when a choice is named but a selection before it
    /// is not, [`DecodeError::ExtraSelection`] for a name the action does not have.
    pub fn prompt_submission(
        &self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<ActionPrompt, SubmitError> {
        self.check_seat(player)?;
        let args = self.candidate_args(player, &submission.action)?;
        let action = G::Actions::NAMES[G::Actions::args_index(&args)];
        let filled = fill_made::<G::Actions>(
            &self.state,
            self.flow.progress(),
            player,
            &args,
            &submission.selections,
        )
        .map_err(|error| {
            if self.is_available(player, &args) {
                error
            } else {
                self.not_available(player, action).into()
            }
        })?;
        if filled.selections.len() > filled.values.len() {
            return Err(match filled.open {
                Some(selection) => DecodeError::MissingSelection { action, selection },
                None => ActionContext::new(&self.state, self.flow.progress(), player, &args)
                    .build(&filled.selections)
                    .err()
                    .unwrap_or_else(|| crate::__private::extra_value(action, filled.values.len())),
            }
            .into());
        }
        self.prompt_action(player, action, &filled.values)
    }

    /// Every completion `player` could submit now, in prompt order. Actions with free text
    /// cannot be enumerated and are left out.
    pub fn completions(&self, player: PlayerIndex) -> Vec<G::Actions> {
        let mut completions = Vec::new();
        let _ = self.for_each_completion(player, &mut |action| {
            completions.push(action);
            ControlFlow::Continue(())
        });
        completions
    }

    /// Calls `visit` with every completion `player` could submit now, in prompt order,
    /// until it breaks; returns how it ended. The typed, lazy walk of the generated code,
    /// without building a prompt or a list: for agents and simulations (free text cannot
    /// be enumerated, so actions with free text are left out).
    pub fn for_each_completion(
        &self,
        player: PlayerIndex,
        visit: &mut dyn FnMut(G::Actions) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // An action without completion visits nothing: no need to ask first.
        for args in self.candidates(player) {
            ActionContext::new(&self.state, self.flow.progress(), player, args)
                .for_each_completion(visit)?;
        }
        ControlFlow::Continue(())
    }

    /// How many completions [`for_each_completion`](Self::for_each_completion) would visit
    /// for `player` now, counted without building them where the selections allow
    /// (each action's generated `count_completions`); 0 when they are
    /// not to act. Saturates at `u64::MAX`.
    pub fn count_completions(&self, player: PlayerIndex) -> u64 {
        self.ready
            .counted(player)
            .map(|candidate| candidate.count(&self.state, self.flow.progress()))
            .fold(0, u64::saturating_add)
    }

    /// The completion of `player` at position `index` (from 0) in
    /// [`for_each_completion`](Self::for_each_completion)'s order, or `None` when they have
    /// no more than `index`. With `index` drawn uniformly below
    /// [`count_completions`](Self::count_completions), a uniform completion, found without a
    /// list and skipping whole branches by their count
    /// (each action's generated `nth_completion`).
    pub fn nth_completion(&self, player: PlayerIndex, index: u64) -> Option<G::Actions> {
        // The kept counts find the action at once; an action not counted needs a walk.
        let mut rest = index;
        for candidate in self.ready.counted(player) {
            let Some(count) = candidate.count else {
                return self.nth_walked(player, index);
            };
            if rest < count {
                return candidate.nth(&self.state, self.flow.progress(), rest);
            }
            rest -= count;
        }
        None
    }

    /// [`nth_completion`](Self::nth_completion) when an action of `player`'s is not counted
    /// at once: counts it by walking, unless it is the last.
    #[inline(never)]
    pub(super) fn nth_walked(&self, player: PlayerIndex, index: u64) -> Option<G::Actions> {
        let mut index = index;
        let mut candidates = self.ready.counted(player).peekable();
        while let Some(candidate) = candidates.next() {
            let args = &candidate.args;
            let count = match candidate.count {
                Some(count) => count,
                // The last action needs no count: its walk finds the position or runs out.
                None if candidates.peek().is_none() => {
                    return ActionContext::new(&self.state, self.flow.progress(), player, args)
                        .nth_completion(index);
                }
                None => ActionContext::new(&self.state, self.flow.progress(), player, args)
                    .count_completions(),
            };
            if index < count {
                return candidate.nth(&self.state, self.flow.progress(), index);
            }
            index -= count;
        }
        None
    }
}
