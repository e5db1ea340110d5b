//! Who may act now and with which actions: the ready set a position keeps, refreshed
//! after every record ([`Position::to_act`], [`Position::status`]).

use crate::rules::game::Game;
use std::num::NonZeroU64;

use smallvec::SmallVec;

use super::{Candidates, Position, Status};
use crate::pieces::player::{PlayerIndex, PlayerSet};
use crate::rules::action::ActionContext;
use crate::rules::action::{ActionSet, FollowUp};
use crate::rules::flow::Progress;

/// Who may act, and each one's candidate actions ([`Position::candidates`]).
#[derive(Clone, Debug)]
pub(super) struct Ready<G: Game> {
    pub(super) to_act: PlayerSet,
    pub(super) candidates: SmallVec<[Candidate<G>; 4]>,
}

/// An action a player may take now (its condition holds), with its count of completions
/// when the action counts them without walking (`Action::COUNTS_AT_ONCE`, asked through
/// the action table): counted once per decision, for telling a choice from a forced play,
/// then kept for agents.
#[derive(Clone, Debug)]
pub(super) struct Candidate<G: Game> {
    pub(super) player: PlayerIndex,
    pub(super) args: <G::Actions as ActionSet>::Args,
    /// Its completions, counted by `refresh` when the action counts them at once or the
    /// game's prohibitions narrow them (a walk, done once per decision); `None` otherwise.
    pub(super) count: Option<u64>,
    /// What the action kept of this decision when counting (its valid set as bits,
    /// `Action::count_keeping`), to draw and check its completions from. An empty set is
    /// not kept (nothing is drawn from it, and a check then refuses in full): the candidate
    /// stays small, and `refresh` fills one at every decision.
    pub(super) kept: Option<NonZeroU64>,
}

impl<G: Game> Ready<G> {
    /// The candidate actions of `player`.
    pub(super) fn of(
        &self,
        player: PlayerIndex,
    ) -> impl Iterator<Item = &<G::Actions as ActionSet>::Args> + Clone {
        self.counted(player).map(|candidate| &candidate.args)
    }

    /// The candidate actions of `player`, with their counts where kept.
    pub(super) fn counted(
        &self,
        player: PlayerIndex,
    ) -> impl Iterator<Item = &Candidate<G>> + Clone {
        self.candidates
            .iter()
            .filter(move |candidate| candidate.player == player)
    }
}

impl<G: Game> Candidate<G> {
    /// This candidate's arguments, counted at once when its action allows.
    pub(super) fn new(
        state: &G,
        flow: Progress<'_>,
        player: PlayerIndex,
        args: <G::Actions as ActionSet>::Args,
    ) -> Self {
        let cx = ActionContext::new(state, flow, player, &args);
        // Asked once: whether a prohibition may be in force is a look at the whole table.
        let narrowed = cx.narrowed();
        let (count, kept) = if narrowed {
            // Counted once here by walking past the prohibitions: whether a player is stuck,
            // forced or choosing, and an agent's count, then need no walk of their own.
            (Some(cx.permitted_count_completions()), None)
        } else if cx.own_counts_at_once() {
            let (count, kept) = cx.count_keeping();
            (Some(count), kept.and_then(NonZeroU64::new))
        } else {
            (None, None)
        };
        Candidate {
            player,
            args,
            count,
            kept,
        }
    }

    /// This candidate's completion at position `index`, drawn from its kept set when it
    /// keeps one (the state unchanged since `refresh`).
    pub(super) fn nth(&self, state: &G, flow: Progress<'_>, index: u64) -> Option<G::Actions> {
        let cx = ActionContext::new(state, flow, self.player, &self.args);
        match self.kept {
            Some(kept) => cx.nth_kept(index, kept.get()),
            None => cx.nth_completion(index),
        }
    }

    /// How many completions this candidate has, kept or counted now.
    pub(super) fn count(&self, state: &G, flow: Progress<'_>) -> u64 {
        self.count.unwrap_or_else(|| {
            ActionContext::new(state, flow, self.player, &self.args).count_completions()
        })
    }
}

impl<G: Game> Default for Ready<G> {
    fn default() -> Self {
        Ready {
            to_act: PlayerSet::EMPTY,
            candidates: SmallVec::new(),
        }
    }
}
impl<G: Game> Position<G> {
    /// Who may act now: the player of the next follow-up if any, else the game's
    /// [`Game::to_act`]; nobody once the game is over.
    pub fn to_act(&self) -> PlayerSet {
        self.ready.to_act
    }

    /// [`to_act`](Self::to_act), asked of the state and the follow-ups, knowing whether
    /// the game is `over`.
    pub(super) fn compute_to_act(&self, over: bool) -> PlayerSet {
        if over {
            return PlayerSet::EMPTY;
        }
        match self.follow_ups.first() {
            Some(follow_up) if !follow_up.joint => PlayerSet::one(follow_up.player),
            Some(_) => self
                .follow_up_group()
                .iter()
                .map(|follow_up| follow_up.player)
                .collect(),
            None if !self.flow.declared => self.state.to_act(),
            None => self.flow.at.to_act(),
        }
    }

    /// Where the game stands: over, players acting, or players stuck.
    pub fn status(&self) -> Status {
        if let Some(outcome) = self.state.outcome() {
            return Status::Over(outcome);
        }
        let to_act = self.to_act();
        let stuck: PlayerSet = to_act
            .iter()
            .filter(|&player| !self.can_complete(player))
            .collect();
        if to_act.is_empty() || !stuck.is_empty() {
            Status::Stuck(stuck)
        } else {
            Status::Acting(to_act)
        }
    }

    /// The arguments of every action `player` may take now: the next follow-up when there
    /// is one, else each argument-free action; of those, the ones whose condition holds and
    /// which have a completion (or an error to show). Empty when the player is not to act.
    pub(super) fn available(&self, player: PlayerIndex) -> Vec<<G::Actions as ActionSet>::Args> {
        self.offered(player)
            .into_iter()
            .filter_map(|(args, completable)| {
                (completable || self.shown_without_completion(player, &args)).then_some(args)
            })
            .collect()
    }

    /// The arguments of every action `player` may take now whose condition holds, each with
    /// whether it has a completion. Empty when the player is not to act.
    pub(super) fn offered(
        &self,
        player: PlayerIndex,
    ) -> Candidates<(<G::Actions as ActionSet>::Args, bool)> {
        self.candidates(player)
            .map(|args| {
                let completable =
                    ActionContext::new(&self.state, self.flow.progress(), player, args)
                        .has_completion();
                (args.clone(), completable)
            })
            .collect()
    }

    /// The arguments of every action `player` may take now whose condition holds, completable
    /// or not. Empty when the player is not to act.
    pub(super) fn candidates(
        &self,
        player: PlayerIndex,
    ) -> impl Iterator<Item = &<G::Actions as ActionSet>::Args> + Clone {
        self.ready.of(player)
    }

    /// Asks the game again who may act and what they may take, keeping the answer in
    /// `ready` (filled in place: it is read at every prompt, count and walk).
    pub(super) fn refresh(&mut self) {
        self.refresh_knowing(self.state.outcome().is_some());
    }

    /// [`refresh`](Self::refresh) knowing whether the game is `over`.
    pub(super) fn refresh_knowing(&mut self, over: bool) {
        let to_act = self.compute_to_act(over);
        let ready = &mut self.ready;
        let state = &self.state;
        let flow = self.flow.progress();
        ready.to_act = to_act;
        ready.candidates.clear();
        if !self.follow_ups.is_empty() {
            Self::ready_for_follow_ups(state, flow, ready, asked_now(&self.follow_ups));
            return;
        }
        if self.flow.declared {
            // The actions the flow's step offers, by their bits ([`Step::offering`]).
            for player in to_act.iter() {
                let offered = self.flow.at.offered_to(&self.flow.compiled, player);
                for index in 0..G::Actions::NAMES.len().min(64) {
                    if offered >> index & 1 == 1 {
                        Self::ready_if_allowed(state, flow, ready, player, index);
                    }
                }
            }
        } else {
            for player in to_act.iter() {
                for index in 0..G::Actions::NAMES.len() {
                    Self::ready_if_allowed(state, flow, ready, player, index);
                }
            }
        }
    }

    /// Keeps action `index` as a candidate of `player` when it takes no arguments and its
    /// condition holds.
    #[inline(always)]
    fn ready_if_allowed(
        state: &G,
        flow: Progress<'_>,
        ready: &mut Ready<G>,
        player: PlayerIndex,
        index: usize,
    ) {
        if let Some(args) = G::Actions::free_args(index)
            && ActionContext::new(state, flow, player, &args).condition()
        {
            ready
                .candidates
                .push(Candidate::new(state, flow, player, args));
        }
    }

    /// [`refresh`](Self::refresh) while the follow-ups of `group` are next: each the only
    /// candidate of its player, if its condition holds. Out of line: most decisions are not
    /// follow-ups.
    #[inline(never)]
    pub(super) fn ready_for_follow_ups(
        state: &G,
        flow: Progress<'_>,
        ready: &mut Ready<G>,
        group: &[FollowUp<G>],
    ) {
        for follow_up in group {
            let player = follow_up.player;
            if ActionContext::new(state, flow, player, &follow_up.args).condition() {
                let args = follow_up.args.clone();
                ready
                    .candidates
                    .push(Candidate::new(state, flow, player, args));
            }
        }
    }

    /// The follow-ups asked now: the first pending, with those asked together with it
    /// ([`Behaviour::follow_up_each`](crate::Behaviour::follow_up_each)).
    pub(super) fn follow_up_group(&self) -> &[FollowUp<G>] {
        asked_now(&self.follow_ups)
    }

    /// The follow-up asked of `player` now, if one is.
    pub(super) fn follow_up_of(&self, player: PlayerIndex) -> Option<&FollowUp<G>> {
        self.follow_up_group()
            .iter()
            .find(|follow_up| follow_up.player == player)
    }

    /// Takes `player`'s follow-up asked now off the queue (taken, or lapsed), keeping the
    /// rest of its group together.
    pub(super) fn remove_follow_up_of(&mut self, player: PlayerIndex) {
        let group = self.follow_up_group().len();
        let Some(at) = self.follow_ups[..group]
            .iter()
            .position(|follow_up| follow_up.player == player)
        else {
            return;
        };
        let removed = self.follow_ups.remove(at);
        if !removed.joint
            && let Some(before) = at.checked_sub(1).and_then(|at| self.follow_ups.get_mut(at))
        {
            // The group's last is gone: the one before it closes the group now.
            before.joint = false;
        }
    }

    /// Whether `player` has at least one action they can complete now.
    pub(super) fn can_complete(&self, player: PlayerIndex) -> bool {
        self.offered(player)
            .iter()
            .any(|(_, completable)| *completable)
    }
}

/// Of the pending `follow_ups`, those asked now: the first, with those asked together with
/// it ([`FollowUp::joint`]).
fn asked_now<G: Game>(follow_ups: &[FollowUp<G>]) -> &[FollowUp<G>] {
    let end = follow_ups
        .iter()
        .position(|follow_up| !follow_up.joint)
        .map_or(follow_ups.len(), |last| last + 1);
    follow_ups.get(..end).unwrap_or(follow_ups)
}
