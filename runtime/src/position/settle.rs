//! What happens after a submission: its moves performed and their consequences resolved
//! depth-first, follow-ups queued, then the plays the engine makes for the players (forced
//! completions, passes) until someone has a choice, the game is over or nobody can act.

use std::borrow::Cow;
use std::ops::ControlFlow;
use std::sync::Arc;

use super::{Candidates, Endless, Position, Recall, Recorder, Unsettled};
use super::{RecordHeader, RecordKind};
use crate::error::Refusal;
use crate::pieces::player::{PlayerIndex, Seats};
use crate::position::dispatch;
use crate::rules::action::ActionContext;
use crate::rules::action::FollowUp;
use crate::rules::flow::{FlowEvent, FlowRequest, Next};
use crate::rules::game::{Game, WhenStuck};
use crate::rules::moves::{Move, WaitingResolution, resolve};
use crate::seen::prompt::Prompt;
use crate::seen::view::Viewer;

impl<G: Game> Position<G> {
    /// Applies a checked action as a record of `kind`.
    pub(super) fn perform(
        &mut self,
        player: PlayerIndex,
        action: G::Actions,
        kind: RecordKind,
        recorder: &mut impl Recorder<G>,
    ) {
        let follow_up = !self.follow_ups.is_empty();
        let mut moves = std::mem::take(&mut self.stack);
        let follow_ups = dispatch::behaviour(
            &action,
            &self.state,
            self.flow.progress(),
            player,
            &mut moves,
        );
        if follow_up || !follow_ups.is_empty() {
            self.queue_follow_ups(follow_up.then_some(player), follow_ups);
        }
        if self.flow.declared && !follow_up {
            // A follow-up is part of the step its action was taken in.
            self.flow.at.acted(&self.flow.compiled, player);
        }
        let header = RecordHeader {
            action: Some(action),
            follow_up,
            ..RecordHeader::opened(kind, Some(player))
        };
        self.resolve_record(header, moves, recorder);
    }

    /// Takes the follow-up just performed (by `performed`, when one was) off the queue, and
    /// queues `asked` ahead of those already waiting, like consequences. Out of line: most
    /// actions of most games have no follow-up.
    #[inline(never)]
    pub(super) fn queue_follow_ups(
        &mut self,
        performed: Option<PlayerIndex>,
        asked: Vec<FollowUp<G>>,
    ) {
        if let Some(player) = performed {
            self.remove_follow_up_of(player);
        }
        if !asked.is_empty() {
            self.follow_ups.splice(0..0, asked);
        }
    }

    /// Applies `moves` with their consequences, each handed to `recorder`, then closes
    /// their record.
    // Inlined everywhere: out of line, the call costs a Hearts deal some 4,000
    // instructions more (seen when the flow's records added a fourth caller).
    #[inline(always)]
    pub(super) fn resolve_record(
        &mut self,
        mut header: RecordHeader<G>,
        mut moves: Vec<G::Move>,
        recorder: &mut impl Recorder<G>,
    ) {
        let draws = self.chance.draws();
        let mut applied = 0;
        loop {
            let recall = &mut self.recall;
            resolve(
                &mut self.state,
                &mut self.chance,
                &mut moves,
                &mut self.flow.interrupt,
                &mut self.asked,
                |after, moved| {
                    applied += 1;
                    if G::RECALLS
                        && let Recall::Tracked(seen) = recall
                    {
                        for (seat, seen) in seen.iter_mut().enumerate() {
                            if let Some(viewed) =
                                moved.view(after, Viewer::Player(PlayerIndex(seat)))
                            {
                                seen.push(viewed);
                            }
                        }
                    }
                    recorder.applied(after, moved);
                },
            );
            if self.asked.is_some() {
                self.suspend(&mut moves);
                break;
            }
            // A resolution that waited for a decision goes on once it and everything it
            // asked are done, as the rest of this record.
            if self.suspended.is_empty() || !self.resumes(&mut moves) {
                break;
            }
        }
        // Emptied by `resolve`: the next action pushes its moves into this room.
        self.stack = moves;
        if self.flow.interrupt.is_some() {
            self.interrupt_flow();
        }
        self.played.records += 1;
        self.played.moves += applied;
        header.drew_chance = self.chance.draws() != draws;
        self.last_played = header.name();
        recorder.record(header);
    }

    /// A move asked a decision: the moves still pending wait in a frame, and the decision
    /// is asked first of all follow-ups. Out of line: most games never ask one.
    #[cold]
    #[inline(never)]
    fn suspend(&mut self, pending: &mut Vec<G::Move>) {
        let Some(decision) = self.asked.take() else {
            return;
        };
        self.suspended.push(WaitingResolution {
            moves: std::mem::take(pending),
            follow_ups_below: self.follow_ups.len(),
        });
        self.follow_ups.insert(0, decision);
    }

    /// Whether the innermost waiting resolution goes on now (its decision, and all the
    /// follow-ups asked since, done): its moves are put in `pending`.
    #[cold]
    #[inline(never)]
    fn resumes(&mut self, pending: &mut Vec<G::Move>) -> bool {
        match self.suspended.last() {
            Some(frame) if frame.follow_ups_below == self.follow_ups.len() => {
                if let Some(frame) = self.suspended.pop() {
                    *pending = frame.moves;
                }
                true
            }
            _ => false,
        }
    }

    /// Plays what needs no decision: passes of stuck players (when the game declares
    /// them) and, if enabled, forced completions; until a player has a real choice.
    ///
    /// # Errors
    /// [`Endless`] after [`PositionSettings::forced_limit`] such records in a row.
    pub(super) fn settle(&mut self, recorder: &mut impl Recorder<G>) -> Result<(), Endless> {
        self.settle_after(None, recorder)
    }

    /// [`settle`](Self::settle) after `acted` acted: with
    /// [`PositionSettings::stop_forced_at_next_player`], forced completions are played
    /// for them alone (for the first player forced, when nobody acted).
    ///
    /// # Errors
    /// As [`settle`](Self::settle).
    pub(super) fn settle_after(
        &mut self,
        acted: Option<PlayerIndex>,
        recorder: &mut impl Recorder<G>,
    ) -> Result<(), Endless> {
        let mut chain = acted;
        let mut unattended = 0;
        loop {
            // Asked once a round: a game's outcome may cost something to build, and only
            // the flow's moves change the state between here and `refresh`.
            let mut over = self.state.outcome().is_some();
            if self.flow.fixes && !over && self.fix_up(recorder) {
                unattended += 1;
                if unattended >= self.settings.forced_limit {
                    return Err(self.endless(unattended));
                }
                continue;
            }
            if self.flow.moves && !over {
                if self.pass_turn(recorder) {
                    unattended += 2;
                } else {
                    let played = self.advance_flow(recorder)?;
                    if played > 0 {
                        unattended += played;
                        over = self.state.outcome().is_some();
                    }
                }
            }
            self.refresh_knowing(over);
            if unattended >= self.settings.forced_limit {
                return Err(self.endless(unattended));
            }
            let mut progressed = false;
            for player in self.ready.to_act.iter() {
                match self.facing(player) {
                    Facing::Choice => {}
                    Facing::Forced(action) => {
                        if self.settings.stop_forced_at_next_player
                            && chain.is_some_and(|first| first != player)
                        {
                            // The next player's: asked of them.
                            continue;
                        }
                        chain = Some(player);
                        self.perform(player, action, RecordKind::Forced, recorder);
                        unattended += 1;
                        progressed = true;
                        break;
                    }
                    Facing::Stuck => {
                        if let Some(records) = self.unstick(player, recorder) {
                            unattended += records;
                            progressed = true;
                            break;
                        }
                    }
                }
            }
            if !progressed {
                if self.flow.timed && self.played.records != self.timer_armed_at {
                    self.arm_timer();
                }
                return Ok(());
            }
        }
    }

    /// Moves the flow on as far as it goes without anyone acting ([`FlowPosition::next`]),
    /// recording each phase and turn entered or left and the moves of each step the
    /// engine plays; stops when players are to act, the flow ends, or the game is over.
    /// Returns how many records it played. Called while the game is not over.
    ///
    /// # Errors
    /// [`Endless`] after [`PositionSettings::forced_limit`] records without anyone to act.
    #[inline(never)]
    pub(super) fn advance_flow<R: Recorder<G>>(
        &mut self,
        recorder: &mut R,
    ) -> Result<usize, Endless> {
        if let Some(error) = self.flow.error.take() {
            self.flow.moves = self.flow.declared;
            return Err(Endless(Box::new(Unsettled::Flow(error))));
        }
        if !self.follow_ups.is_empty() {
            // A follow-up freezes the flow until it is taken.
            return Ok(0);
        }
        let seats = Seats::checked(self.players);
        let mut records = 0;
        loop {
            match self.flow.at.next(&self.flow.compiled, &self.state, seats) {
                Next::Wait | Next::End => return Ok(records),
                // A change of the flow changes nothing of the state.
                Next::Event(event) => self.record_flow(event, recorder),
                Next::Item(step, bind, item) => {
                    let mut pending = std::mem::take(&mut self.stack);
                    bind(&self.state, self.flow.progress(), item, &mut pending);
                    if self.play_step_moves(step, pending, recorder) {
                        return Ok(records + 1);
                    }
                }
                Next::Moves(step, moves) => {
                    let mut pending = std::mem::take(&mut self.stack);
                    moves(&self.state, self.flow.progress(), &mut pending);
                    if self.play_step_moves(step, pending, recorder) {
                        return Ok(records + 1);
                    }
                }
            }
            records += 1;
            if records >= self.settings.forced_limit {
                return Err(self.endless(records));
            }
        }
    }

    /// Applies the first fix-up that pushes moves now ([`Flow::fix_up`]), as a record of
    /// its own; whether one did. Out of line: most games declare none.
    #[inline(never)]
    fn fix_up<R: Recorder<G>>(&mut self, recorder: &mut R) -> bool {
        let flow = Arc::clone(&self.flow.compiled);
        for &(name, fix_up) in &flow.fix_ups {
            let mut moves = std::mem::take(&mut self.stack);
            fix_up(&self.state, flow.progress(&self.flow.at), &mut moves);
            if moves.is_empty() {
                self.stack = moves;
                continue;
            }
            let event = FlowEvent::FixUp {
                name: Cow::Borrowed(name),
            };
            self.play_flow_record(RecordKind::Forced, event, moves, recorder);
            self.last_played = name;
            return true;
        }
        false
    }

    /// Applies `pending`, the moves of the flow's step `step`, as a record of the flow;
    /// whether the game is over after them.
    fn play_step_moves<R: Recorder<G>>(
        &mut self,
        step: &'static str,
        pending: Vec<G::Move>,
        recorder: &mut R,
    ) -> bool {
        let event = FlowEvent::Moves {
            step: Cow::Borrowed(step),
        };
        self.play_flow_record(RecordKind::Flow, event, pending, recorder);
        self.state.outcome().is_some()
    }

    /// Applies `pending`, moves the engine plays by nobody's action (a step's, a timer's,
    /// a fix-up's), as a record of `kind` marked with `event`.
    pub(super) fn play_flow_record<R: Recorder<G>>(
        &mut self,
        kind: RecordKind,
        event: FlowEvent,
        pending: Vec<G::Move>,
        recorder: &mut R,
    ) {
        self.resolve_record(RecordHeader::opened(kind, None), pending, recorder);
        if R::KEEPS_FLOW {
            recorder.mark_last(event);
        }
    }

    /// Does what a move asked of the flow: interrupts the loop it named
    /// ([`MoveContext::interrupt`]) or runs the subflow ([`MoveContext::subflow`]), keeping
    /// the mistake of naming a loop the flow is not in, or no subflow, for
    /// [`settle`](Self::settle) to report.
    /// Out of line: rare.
    ///
    /// [`MoveContext::interrupt`]: crate::MoveContext::interrupt
    /// [`MoveContext::subflow`]: crate::MoveContext::subflow
    #[cold]
    #[inline(never)]
    fn interrupt_flow(&mut self) {
        let Some((request, name)) = self.flow.interrupt.take() else {
            return;
        };
        let asked = match request {
            FlowRequest::Interrupt(interrupt) => {
                self.flow.at.interrupt(&self.flow.compiled, interrupt, name)
            }
            FlowRequest::Subflow => self.flow.at.start_subflow(&self.flow.compiled, name),
            FlowRequest::Runaway(steps) => {
                Err(crate::rules::flow::FlowError::RunawayResolution { steps })
            }
            FlowRequest::ForeignDecision => {
                Err(crate::rules::flow::FlowError::UnreadableDecision {
                    reason: format!("it is a follow-up of `{name}`, not of this game"),
                })
            }
        };
        if let Err(error) = asked {
            self.flow.error.get_or_insert(error);
            self.flow.moves = true;
        }
    }

    /// Passes the turn to the next seat when that is all the flow does now
    /// ([`FlowPosition::next_turn`]), recording the turn ended and the turn begun; whether
    /// it did. Apart from [`advance_flow`](Self::advance_flow), and small: it runs at
    /// nearly every decision of a game of turns.
    ///
    /// Called while the game is not over: once it is, the flow records nothing more.
    /// Inlined: the common case is a few comparisons and stores, less than a call costs.
    #[inline(always)]
    fn pass_turn<R: Recorder<G>>(&mut self, recorder: &mut R) -> bool {
        if !self.flow.at.turn_ended() || self.flow.error.is_some() || !self.follow_ups.is_empty() {
            return false;
        }
        let seats = Seats::checked(self.players);
        match self
            .flow
            .at
            .next_turn(&self.flow.compiled, &self.state, seats)
        {
            Some((ended, begun)) => {
                self.record_turn(ended, begun, recorder);
                true
            }
            None => false,
        }
    }

    /// Counts the records of `ended`'s turn ending and `begun`'s beginning, and hands
    /// them to `recorder` when it keeps such records.
    #[inline(always)]
    fn record_turn<R: Recorder<G>>(
        &mut self,
        ended: PlayerIndex,
        begun: PlayerIndex,
        recorder: &mut R,
    ) {
        if R::KEEPS_FLOW {
            self.record_flow(FlowEvent::EndTurn { player: ended }, recorder);
            self.record_flow(FlowEvent::StartTurn { player: begun }, recorder);
        } else {
            self.played.records += 2;
        }
    }

    /// Counts a record of the flow's change `event`, a record without moves, and hands it
    /// to `recorder` when it keeps such records.
    #[inline(always)]
    fn record_flow<R: Recorder<G>>(&mut self, event: FlowEvent, recorder: &mut R) {
        self.played.records += 1;
        self.last_played = "flow";
        if R::KEEPS_FLOW {
            recorder.flow_event(event);
        }
    }

    /// Moves a stuck `player` on, if anything can: their follow-up lapses, or they pass
    /// when the game declares a pass ([`Game::when_stuck`]). Returns the number of records
    /// played for it (0 for a lapse), or `None` when the player stays stuck. Out of line:
    /// rare in most games.
    #[inline(never)]
    pub(super) fn unstick(
        &mut self,
        player: PlayerIndex,
        recorder: &mut impl Recorder<G>,
    ) -> Option<usize> {
        if self.follow_up_of(player).is_some() {
            // A follow-up that cannot be completed lapses.
            self.remove_follow_up_of(player);
            if self
                .suspended
                .last()
                .is_some_and(|frame| frame.follow_ups_below == self.follow_ups.len())
            {
                // A move's decision lapsed: the resolution waiting for it goes on, as a
                // pass of the player's.
                let header = RecordHeader::opened(RecordKind::Pass, Some(player));
                self.resolve_record(header, Vec::new(), recorder);
                return Some(1);
            }
            return Some(0);
        }
        let WhenStuck::Pass(moves) = self.state.when_stuck(player) else {
            return None;
        };
        if self.flow.declared {
            self.flow.at.acted(&self.flow.compiled, player);
        }
        let header = RecordHeader::opened(RecordKind::Pass, Some(player));
        self.resolve_record(header, moves, recorder);
        Some(1)
    }

    /// What `player`, who is to act, faces now: nothing they can complete, a completion
    /// the engine plays for them (only when [`PositionSettings::autoplay_forced`]), or a
    /// choice. One walk that stops at the second completion answers for actions that
    /// always ask nothing; the full prompt decides only when one of them always asks.
    pub(super) fn facing(&self, player: PlayerIndex) -> Facing<G::Actions> {
        // The counts kept by `refresh` answer at once for a choice among counted actions,
        // the common case; anything else walks, out of line.
        let mut count: u64 = 0;
        for candidate in self.ready.counted(player) {
            match candidate.count {
                Some(counted) => count = count.saturating_add(counted),
                None => return self.facing_walked(player),
            }
        }
        if count > 1 {
            Facing::Choice
        } else {
            self.facing_walked(player)
        }
    }

    /// [`facing`](Self::facing) when the kept counts do not settle it: walks the actions
    /// that are not counted, and decides a forced play or a stuck player.
    #[inline(never)]
    pub(super) fn facing_walked(&self, player: PlayerIndex) -> Facing<G::Actions> {
        let mut count: u64 = 0;
        let mut only = None;
        for candidate in self.ready.counted(player) {
            let args = &candidate.args;
            if let Some(counted) = candidate.count {
                // Kept from `refresh`: the one completion is built only if it stays alone.
                if counted == 1 && count == 0 {
                    only = candidate.nth(&self.state, self.flow.progress(), 0);
                }
                count = count.saturating_add(counted);
                if count > 1 {
                    return Facing::Choice;
                }
                continue;
            }
            let flow = ActionContext::new(&self.state, self.flow.progress(), player, args)
                .for_each_completion(&mut |action| {
                    count += 1;
                    if count > 1 {
                        ControlFlow::Break(())
                    } else {
                        only = Some(action);
                        ControlFlow::Continue(())
                    }
                });
            if flow.is_break() {
                return Facing::Choice;
            }
        }
        let candidates = self.ready.of(player);
        let always_asks = candidates.clone().any(|args| {
            ActionContext::new(&self.state, self.flow.progress(), player, args).always_asks()
        });
        if !always_asks {
            // Nothing here is free text, so the walk saw every completion there is.
            return match only {
                None => Facing::Stuck,
                Some(action)
                    if self.settings.plays_forced_for(player)
                        && dispatch::confirm(
                            &action,
                            &self.state,
                            self.flow.progress(),
                            player,
                        )
                        .is_none() =>
                {
                    Facing::Forced(action)
                }
                Some(_) => Facing::Choice,
            };
        }
        // Free text cannot be walked, and an action always asked is forced only if the
        // player's whole prompt is one: decide as the player would see it.
        let available: Candidates<_> = candidates
            .filter(|args| {
                ActionContext::new(&self.state, self.flow.progress(), player, *args)
                    .has_completion()
            })
            .cloned()
            .collect();
        if available.is_empty() {
            return Facing::Stuck;
        }
        if !self.settings.plays_forced_for(player) {
            return Facing::Choice;
        }
        let actions = available
            .iter()
            .filter_map(|args| self.action_prompt(player, args, &[]).ok().flatten())
            .collect();
        let prompt = Prompt { player, actions };
        let forced = prompt.forced().and_then(|forced| {
            let args = self.args_for(player, &forced.action).ok()?;
            let action = ActionContext::new(&self.state, self.flow.progress(), player, &args)
                .build(&forced.chosen_selections())
                .ok()?;
            dispatch::check(&action, &self.state, self.flow.progress(), player).ok()?;
            self.permitted(player, &action).ok()?;
            Some(action)
        });
        forced.map_or(Facing::Choice, Facing::Forced)
    }
}

impl<G: Game> Position<G> {
    /// The error of a settling stopped after `records` records in a row: cold, kept out of
    /// the loop that settles every decision.
    #[cold]
    #[inline(never)]
    pub(super) fn endless(&self, records: usize) -> Endless {
        Endless(Box::new(Unsettled::Forced {
            action: self.last_played.to_owned(),
            records,
        }))
    }
}

impl Endless {
    /// The error a submission reports for this run.
    pub(crate) fn into_error(self) -> Refusal {
        match *self.0 {
            Unsettled::Forced { action, records } => Refusal::ForcedWithoutEnd { action, records },
            Unsettled::Flow(error) => Refusal::Flow(error),
        }
    }
}

/// What a player to act faces ([`Position::facing`]).
pub(super) enum Facing<A> {
    /// No completion: the player passes, or their follow-up lapses.
    Stuck,
    /// One completion, which the engine plays for them.
    Forced(A),
    /// Something to decide.
    Choice,
}
