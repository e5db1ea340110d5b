//! A submission in stages: decoded against the actions, admitted by the rules (with the
//! refusal that says why not), then applied; and the seat checks every entry point makes.

use super::RecordKind;
use super::{Endless, KeptAction, Position, Recorder, Unrecorded};
use crate::error::{DecodeError, NamedSeat, Refusal, Refused, SubmitError, echo};
use crate::pieces::player::PlayerIndex;
use crate::position::dispatch;
use crate::position::prompting::fill_made;
use crate::rules::action::ActionContext;
use crate::rules::action::ActionSet;
use crate::rules::game::Game;
use crate::seen::submission::Submission;

impl<G: Game> Position<G> {
    /// The completion of `player` at position `index` (from 0) in
    /// [`for_each_completion`](Self::for_each_completion)'s order, as
    /// [`nth_completion`](Self::nth_completion) finds it: the first stage of
    /// [`submit_nth`](Self::submit_nth).
    ///
    /// # Errors
    /// [`Refusal::NoSuchSeat`] for a seat outside the table, [`Refusal::GameOver`],
    /// [`Refusal::NotYourTurn`], or
    /// [`Refusal::NoSuchCompletion`] when `index` is not below
    /// [`count_completions`](Self::count_completions).
    pub(crate) fn decode_nth(
        &self,
        player: PlayerIndex,
        index: u64,
    ) -> Result<G::Actions, Refusal> {
        self.check_turn(player)?;
        let Some(action) = self.nth_completion(player, index) else {
            return Err(Refusal::NoSuchCompletion {
                player: self.seat(player),
                index,
                count: self.count_completions(player),
            });
        };
        debug_assert_eq!(
            self.admit(player, &action),
            Ok(()),
            "completion {index} of {player} is refused"
        );
        Ok(action)
    }

    /// Submits the completion of `player` at position `index` (from 0) in
    /// [`for_each_completion`](Self::for_each_completion)'s order, as
    /// [`nth_completion`](Self::nth_completion) finds it: the way for agents and
    /// simulations to play a drawn completion without building it first. A completion the
    /// engine found itself is valid by construction, so the checks of
    /// [`admit`](Self::admit) are not run again (debug builds still run them, and panic if
    /// they refuse, which would be a bug of the generated walks).
    ///
    /// # Errors
    /// [`Refusal::NoSuchSeat`] for a seat outside the table, [`Refusal::GameOver`],
    /// [`Refusal::NotYourTurn`], or
    /// [`Refusal::NoSuchCompletion`] when `index` is not below
    /// [`count_completions`](Self::count_completions); [`Refusal::ForcedWithoutEnd`]
    /// as [`submit`](Self::submit). The position is untouched after the first three; after
    /// the last it stays where the limit stopped it.
    pub fn submit_nth(&mut self, player: PlayerIndex, index: u64) -> Result<(), Refusal> {
        let action = self.decode_nth(player, index)?;
        self.apply(player, action, &mut Unrecorded)
            .map_err(Endless::into_error)
    }

    /// Reads a submission (an action's name and its selections' values, the wire form)
    /// into the game's own action for `player`: the first stage of a submission, which
    /// [`admit`](Self::admit) then checks. Selections the engine makes without asking
    /// (forced ones) may be left out. Changes nothing.
    ///
    /// Reading needs the position: which actions the player has, and which selections the
    /// engine makes for them. So decoding refuses too, where it cannot read further (the
    /// turn, the action, an option that is not among the offered ones); the rest of the
    /// checks are [`admit`](Self::admit)'s.
    ///
    /// # Errors
    /// [`SubmitError::Decode`] with [`DecodeError::UnknownAction`] or a missing, extra or
    /// malformed selection ([`DecodeError::MissingSelection`],
    /// [`DecodeError::ExtraSelection`], [`DecodeError::MalformedSelection`]);
    /// [`SubmitError::Refused`] with [`Refusal::NoSuchSeat`], [`Refusal::GameOver`],
    /// [`Refusal::NotYourTurn`],
    /// [`Refusal::ActionNotAvailable`], [`Refusal::NotOffered`], or [`Refusal::Stuck`]
    /// when the player has nothing possible at all.
    pub fn decode(
        &self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<G::Actions, SubmitError> {
        self.check_turn(player)?;
        let args = self
            .candidate_args(player, &submission.action)
            .map_err(|error| self.or_stuck(player, error))?;
        // Selections the engine makes without asking (forced ones) may be left out.
        let built = match ActionContext::new(&self.state, self.flow.progress(), player, &args)
            .build(&submission.selections)
        {
            Err(DecodeError::MissingSelection { .. }) => fill_made::<G::Actions>(
                &self.state,
                self.flow.progress(),
                player,
                &args,
                &submission.selections,
            )
            .and_then(|filled| {
                ActionContext::new(&self.state, self.flow.progress(), player, &args)
                    .build(&filled.selections)
                    .map_err(SubmitError::from)
            }),
            built => built.map_err(SubmitError::from),
        };
        built.map_err(|error| self.refused(player, &args, error))
    }

    /// `error` for an action of `player`'s under `args`, unless the action could not be
    /// taken at all, which says more: the submission's own checks find whether it
    /// completes the action, and whether the action could be completed at all is asked
    /// only to explain a refusal.
    pub(super) fn refused(
        &self,
        player: PlayerIndex,
        args: &<G::Actions as ActionSet>::Args,
        error: SubmitError,
    ) -> SubmitError {
        if self.is_available(player, args) {
            error
        } else {
            let action = G::Actions::NAMES[G::Actions::args_index(args)];
            self.or_stuck(player, self.not_available(player, action))
                .into()
        }
    }

    /// Parses `json` as a [`Submission`] and submits it.
    ///
    /// # Errors
    /// [`DecodeError::MalformedJson`], or any error of
    /// [`submit_submission`](Self::submit_submission).
    pub fn submit_json(&mut self, player: PlayerIndex, json: &str) -> Result<(), SubmitError> {
        let submission = Submission::from_json(json)?;
        self.submit_submission(player, &submission)
    }

    /// Submits an action given by name and selection values (the wire form): it is
    /// [`decode`](Self::decode)d, then [`submit`](Self::submit)ted.
    ///
    /// # Errors
    /// Any error of [`decode`](Self::decode) or of [`submit`](Self::submit).
    pub fn submit_submission(
        &mut self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<(), SubmitError> {
        let action = self.decode_admitted(player, submission)?;
        self.apply(player, action, &mut Unrecorded)
            .map_err(|endless| endless.into_error().into())
    }

    /// [`decode`](Self::decode) then [`admit`](Self::admit): the action of `submission`,
    /// once every check of a submission passed.
    ///
    /// # Errors
    /// Any error of [`decode`](Self::decode) or [`admit`](Self::admit).
    pub(crate) fn decode_admitted(
        &self,
        player: PlayerIndex,
        submission: &Submission,
    ) -> Result<G::Actions, SubmitError> {
        let action = self.decode(player, submission)?;
        if let Err(error) = self.admit(player, &action) {
            return Err(self.refused(player, &action.args(), error.into()));
        }
        Ok(action)
    }

    /// Checks `action` for `player` and, if it is allowed, applies its moves and their
    /// consequences and plays the forced completions that follow.
    ///
    /// # Errors
    /// [`Refused`], handing `action` back, with any error of [`admit`](Self::admit) (the
    /// state is then untouched), or with [`Refusal::ForcedWithoutEnd`] when what
    /// follows the action is played for the players [`PositionSettings::forced_limit`](crate::PositionSettings::forced_limit) times
    /// in a row: the position then stays where the limit stopped it (the logged table
    /// puts it back from the copy it took).
    pub fn submit(
        &mut self,
        player: PlayerIndex,
        action: G::Actions,
    ) -> Result<(), Refused<G::Actions>> {
        if let Err(error) = self.admit(player, &action) {
            return Err(Refused { action, error });
        }
        let mut kept = KeptAction(None);
        match (self.apply(player, action, &mut kept), kept.0) {
            (Ok(()), _) => Ok(()),
            (Err(endless), Some(action)) => Err(Refused {
                action,
                error: endless.into_error(),
            }),
            (Err(_), None) => unreachable!("an action's own record is the first it closes"),
        }
    }

    /// Every check of [`submit`](Self::submit), changing nothing: the second stage of a
    /// submission, after [`decode`](Self::decode).
    ///
    /// # Errors
    /// [`Refusal::NoSuchSeat`] for a seat outside the table, [`Refusal::GameOver`],
    /// [`Refusal::Stuck`], [`Refusal::NotYourTurn`],
    /// [`Refusal::ActionNotAvailable`] (its condition is false, or a follow-up comes
    /// first), [`Refusal::NotOffered`] or [`Refusal::Invalid`].
    pub fn admit(&self, player: PlayerIndex, action: &G::Actions) -> Result<(), Refusal> {
        self.check_turn(player)?;
        let args = action.args();
        // The candidates kept by `refresh` are exactly the offered actions (the next
        // follow-up, else the argument-free ones) whose condition holds.
        let Some(candidate) = self
            .ready
            .counted(player)
            .find(|candidate| candidate.args == args)
        else {
            return Err(self.or_stuck(player, self.not_available(player, action.name())));
        };
        match candidate.kept {
            Some(kept) => dispatch::check_kept(
                action,
                &self.state,
                self.flow.progress(),
                player,
                kept.get(),
            ),
            None => dispatch::check(action, &self.state, self.flow.progress(), player),
        }
        .and_then(|()| self.permitted(player, action))
        .map_err(|error| self.or_stuck(player, error))
    }

    /// [`Refusal::Prohibited`] when an effect of the game forbids `action`
    /// ([`Game::prohibits`], asked only of a game that turns [`Game::PROHIBITS`] on).
    #[inline(always)]
    pub(super) fn permitted(
        &self,
        player: PlayerIndex,
        action: &G::Actions,
    ) -> Result<(), Refusal> {
        if !G::PROHIBITS {
            return Ok(());
        }
        match self.state.prohibits(player, action) {
            None => Ok(()),
            Some(message) => Err(Refusal::Prohibited {
                action: action.name(),
                message,
            }),
        }
    }

    /// Applies an admitted action and what follows it, handing each record to `recorder`:
    /// the action's own first.
    ///
    /// # Errors
    /// [`Endless`] when what follows is played for the players
    /// [`PositionSettings::forced_limit`](crate::PositionSettings::forced_limit) times in a row.
    pub(crate) fn apply(
        &mut self,
        player: PlayerIndex,
        action: G::Actions,
        recorder: &mut impl Recorder<G>,
    ) -> Result<(), Endless> {
        self.perform(player, action, RecordKind::Submitted, recorder);
        self.settle_after(Some(player), recorder)
    }

    /// Checks that `player` is a seat of this table, as every entry point that takes a
    /// seat and can fail does first (the submissions, [`admit`](Self::admit),
    /// [`prompt_action`](Self::prompt_action), [`prompt_submission`](Self::prompt_submission),
    /// and the logged table's undo): for a caller that takes seats from outside (a server's
    /// request) and wants to refuse one before asking anything else. Queries that cannot
    /// fail ([`prompt`](Self::prompt), [`completions`](Self::completions),
    /// [`count_completions`](Self::count_completions), ...) answer a seat outside the table
    /// as they answer a player who is not to act: nothing offered.
    ///
    /// # Errors
    /// [`Refusal::NoSuchSeat`] when `player` is not below [`players`](Self::players).
    pub fn check_seat(&self, player: PlayerIndex) -> Result<(), Refusal> {
        if player.0 < self.players {
            Ok(())
        } else {
            Err(Refusal::NoSuchSeat {
                player,
                players: self.players,
            })
        }
    }

    /// Refuses a submission of `player`'s when they may not act now.
    #[inline]
    pub(super) fn check_turn(&self, player: PlayerIndex) -> Result<(), Refusal> {
        // Nobody acts once the game is over: the outcome is asked only to explain.
        if self.to_act().contains(player) {
            Ok(())
        } else {
            Err(self.out_of_turn(player))
        }
    }

    /// Why `player`, who may not act now, is refused: the game is over, or it is not their
    /// turn. Cold, so that the check itself stays small enough to inline.
    #[cold]
    #[inline(never)]
    pub(super) fn out_of_turn(&self, player: PlayerIndex) -> Refusal {
        // A seat outside the table is never to act: this is where it is told apart.
        if let Err(refusal) = self.check_seat(player) {
            return refusal;
        }
        let to_act = self.to_act();
        if self.state.outcome().is_some() {
            return Refusal::GameOver;
        }
        Refusal::NotYourTurn {
            player: self.seat(player),
            to_act: to_act.iter().map(|seat| self.seat(seat)).collect(),
        }
    }

    /// `error`, unless the player has nothing possible at all, which says more. Cold: only
    /// refusals ask.
    #[cold]
    #[inline(never)]
    pub(super) fn or_stuck<E: From<Refusal>>(&self, player: PlayerIndex, error: E) -> E {
        if !self.can_complete(player) {
            Refusal::Stuck {
                player: self.seat(player),
            }
            .into()
        } else {
            error
        }
    }

    /// The arguments under which `player` may take the action named `action` now if its
    /// condition holds, whether or not it can be completed.
    pub(super) fn candidate_args(
        &self,
        player: PlayerIndex,
        action: &str,
    ) -> Result<<G::Actions as ActionSet>::Args, SubmitError> {
        let Some(index) = G::Actions::NAMES.iter().position(|name| *name == action) else {
            return Err(DecodeError::UnknownAction {
                action: echo(action),
                known: G::Actions::NAMES.to_vec(),
            }
            .into());
        };
        self.candidates(player)
            .find(|args| G::Actions::args_index(args) == index)
            .cloned()
            .ok_or_else(|| self.not_available(player, G::Actions::NAMES[index]).into())
    }

    /// Whether the action of `args`, a candidate of `player`'s, is offered: it has a
    /// completion, or refused options to show.
    pub(super) fn is_available(
        &self,
        player: PlayerIndex,
        args: &<G::Actions as ActionSet>::Args,
    ) -> bool {
        ActionContext::new(&self.state, self.flow.progress(), player, args).has_completion()
            || self.shown_without_completion(player, args)
    }

    /// The arguments under which `player` may take the action named `action` now, if it is
    /// offered.
    pub(super) fn args_for(
        &self,
        player: PlayerIndex,
        action: &str,
    ) -> Result<<G::Actions as ActionSet>::Args, SubmitError> {
        let args = self.candidate_args(player, action)?;
        if self.is_available(player, &args) {
            Ok(args)
        } else {
            Err(self.not_available(player, action).into())
        }
    }

    /// Why the action named `action` is not available to `player`, naming those that are.
    /// Cold: only refusals ask.
    #[cold]
    #[inline(never)]
    pub(super) fn not_available(&self, player: PlayerIndex, action: &str) -> Refusal {
        let index = G::Actions::NAMES.iter().position(|name| *name == action);
        let action = index.map_or("?", |index| G::Actions::NAMES[index]);
        let available = self
            .available(player)
            .iter()
            .map(|args| G::Actions::NAMES[G::Actions::args_index(args)])
            .collect();
        Refusal::ActionNotAvailable {
            action,
            player: self.seat(player),
            reason: index.and_then(|index| self.condition_reason(player, index)),
            available,
        }
    }

    /// Why the condition of the action at `index` refuses it to `player`, in the game's
    /// words, when it is the condition that refuses it and it says why: asked of the
    /// arguments the player would take it with (the pending follow-up's, else the
    /// action's own when it has no `#[arg]`).
    pub(super) fn condition_reason(&self, player: PlayerIndex, index: usize) -> Option<String> {
        let args = match self.follow_up_of(player) {
            Some(follow_up) if G::Actions::args_index(&follow_up.args) == index => {
                follow_up.args.clone()
            }
            Some(_) => return None,
            None if !self.follow_ups.is_empty() => return None,
            None => G::Actions::free_args(index)?,
        };
        let cx = ActionContext::new(&self.state, self.flow.progress(), player, &args);
        if cx.condition() {
            return None;
        }
        ActionContext::new(&self.state, self.flow.progress(), player, &args).unavailable()
    }

    /// `player` as errors name them.
    pub(crate) fn seat(&self, player: PlayerIndex) -> NamedSeat {
        NamedSeat::new(player, self.state.player_name(player))
    }
}
