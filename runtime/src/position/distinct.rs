//! A game's actions as distinct integers for learning agents: the layout of the blocks
//! fixed per table ([`ActionLayout`]), and one decision taken an integer at a time
//! ([`DistinctDecision`]). Tree-shaking makes the decomposition exact: every integer
//! offered leads to at least one completion.

use std::ops::ControlFlow;

use crate::error::NotDistinct;
use crate::pieces::player::PlayerIndex;
use crate::position::Position;
use crate::rules::action::{Action, ActionSet, ActionVisitor};
use crate::rules::distinct::PathStep;
use crate::rules::game::Game;

/// The most completions a decision is enumerated up to ([`DistinctDecision::read`]):
/// far above any shipped game's largest decision (Hearts' pass has 286).
pub const MAX_DISTINCT_COMPLETIONS: u64 = 1 << 20;

/// One block of an [`ActionLayout`]: a range of integers standing for the action kinds,
/// or for one selection's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutBlock {
    /// The action and selection whose values the block numbers; `None` for the block of
    /// action kinds.
    pub selection: Option<(&'static str, &'static str)>,
    /// The block's first integer.
    pub offset: usize,
    /// How many integers it holds.
    pub len: usize,
    /// Whether its last integer closes a set whose size the player chooses ("done").
    pub done: bool,
}

impl LayoutBlock {
    /// `"action"` for the block of action kinds, else `"<action>.<selection>"`.
    #[must_use]
    pub fn name(&self) -> String {
        match self.selection {
            None => "action".to_owned(),
            Some((action, selection)) => format!("{action}.{selection}"),
        }
    }
}

/// A game's distinct actions for one table (its config and seats): the integers a
/// learning agent chooses among, after OpenSpiel's `NumDistinctActions`.
///
/// Block 0 holds one integer per action kind, in [`ActionSet::NAMES`] order. Then each
/// action's selections follow, a block each, in declaration order; a value's integer is
/// its block's offset plus its [`Distinct::index`](crate::Distinct::index). A decision is
/// taken one integer at a time ([`DistinctDecision`]): the kind (only when more than one
/// kind is offered), then each selection's value, a set one item at a time in ascending
/// order then its `done` when its size is the player's. So the space grows as the sum of
/// the selections' domains, not their product: Hearts' pass is three steps over 52 cards,
/// not one of 22,100 sets (as OpenSpiel's Hearts passes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionLayout {
    blocks: Vec<LayoutBlock>,
    /// For each action kind, the index in `blocks` of its first selection's block.
    first_block: Vec<usize>,
    len: usize,
}

impl ActionLayout {
    /// The layout of `game`'s actions, read from its state as set up
    /// ([`Distinct::count`](crate::Distinct::count) reads only what the config and seats
    /// fix).
    ///
    /// # Errors
    /// [`NotDistinct`] for the first selection that cannot be numbered: values of a type
    /// that is not [`Distinct`](crate::Distinct) for the game, or free text.
    pub fn of<G: Game>(game: &G) -> Result<Self, NotDistinct> {
        let names = <G::Actions as ActionSet>::NAMES;
        let mut blocks = vec![LayoutBlock {
            selection: None,
            offset: 0,
            len: names.len(),
            done: false,
        }];
        let mut first_block = Vec::with_capacity(names.len());
        let mut len = names.len();
        let mut selections = Vec::new();
        for (index, name) in names.iter().enumerate() {
            selections.clear();
            <G::Actions as ActionSet>::distinct_blocks(index, game, &mut selections)?;
            first_block.push(blocks.len());
            for block in &selections {
                blocks.push(LayoutBlock {
                    selection: Some((name, block.selection)),
                    offset: len,
                    len: block.len(),
                    done: block.done,
                });
                len += block.len();
            }
        }
        Ok(ActionLayout {
            blocks,
            first_block,
            len,
        })
    }

    /// How many distinct actions there are: every integer is below it.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no distinct actions (a game without actions).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The blocks, in order of their integers: the action kinds first.
    #[must_use]
    pub fn blocks(&self) -> &[LayoutBlock] {
        &self.blocks
    }

    /// The block an integer falls in, or `None` for one not below [`len`](Self::len).
    #[must_use]
    pub fn block_of(&self, integer: usize) -> Option<&LayoutBlock> {
        let at = self
            .blocks
            .partition_point(|block| block.offset + block.len <= integer);
        self.blocks.get(at).filter(|block| integer >= block.offset)
    }

    /// The integers of `action` in `game`, appended to `out`: its kind, then its
    /// selections' steps ([`Action::distinct_path`]).
    ///
    /// # Errors
    /// [`NotDistinct`] when a selection cannot be numbered, or numbers a value outside its
    /// block ([`NotDistinct::OutOfBlock`]).
    pub fn path<G: Game>(
        &self,
        game: &G,
        action: &G::Actions,
        scratch: &mut Vec<PathStep>,
        out: &mut Vec<usize>,
    ) -> Result<(), NotDistinct> {
        let kind = action.index();
        scratch.clear();
        action.with_action(PathOf {
            game,
            steps: &mut *scratch,
        })?;
        out.push(kind);
        let first = self.first_block[kind];
        for (at, step) in scratch.iter().enumerate() {
            let block = &self.blocks[first + step.selection];
            // A set's `done` closes its selection: an item numbered as `done` would be
            // read as the end of the set.
            let closes = scratch
                .get(at + 1)
                .is_none_or(|next| next.selection != step.selection);
            let len = if block.done && !closes {
                block.len - 1
            } else {
                block.len
            };
            if step.index >= len {
                let (action, selection) = block.selection.unwrap_or(("?", "?"));
                return Err(NotDistinct::OutOfBlock {
                    action,
                    selection,
                    index: step.index,
                    len,
                });
            }
            out.push(block.offset + step.index);
        }
        Ok(())
    }
}

/// The visitor that asks the typed action for its path.
struct PathOf<'a, G> {
    game: &'a G,
    steps: &'a mut Vec<PathStep>,
}

impl<G: Game> ActionVisitor<G> for PathOf<'_, G> {
    type Output = Result<(), NotDistinct>;

    fn visit<A: Action<Game = G>>(self, action: &A) -> Self::Output {
        action.distinct_path(self.game, self.steps)
    }
}

/// An integer refused by [`DistinctDecision::choose`]: it is not among those offered now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("distinct action {integer} is not legal now; legal: {legal:?}")]
pub struct NotLegal {
    /// The integer given.
    pub integer: usize,
    /// The integers legal now, ascending.
    pub legal: Vec<usize>,
}

/// One decision of one seat taken a distinct action at a time: every completion the
/// position offers the seat, each as its integers ([`ActionLayout::path`]), narrowed by
/// the integers chosen so far. Reused from decision to decision (its buffers are kept).
///
/// Every integer [`legal`](Self::legal) offers is the next integer of at least one
/// completion, so a choice can never strand the player: the position's tree-shaking
/// offers only completions that can be made.
#[derive(Clone, Debug)]
pub struct DistinctDecision<G: Game> {
    player: Option<PlayerIndex>,
    completions: Vec<G::Actions>,
    /// Every completion's integers, one after another.
    integers: Vec<usize>,
    /// Where each completion's integers start in `integers`, and one more: the end.
    starts: Vec<usize>,
    /// The completions that still agree with the integers chosen.
    alive: Vec<usize>,
    /// How many integers have been chosen.
    depth: usize,
    scratch: Vec<PathStep>,
    narrowed: Vec<usize>,
}

impl<G: Game> Default for DistinctDecision<G> {
    fn default() -> Self {
        DistinctDecision {
            player: None,
            completions: Vec::new(),
            integers: Vec::new(),
            starts: vec![0],
            alive: Vec::new(),
            depth: 0,
            scratch: Vec::new(),
            narrowed: Vec::new(),
        }
    }
}

impl<G: Game> DistinctDecision<G> {
    /// An empty decision: nobody to act until [`read`](Self::read).
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads `player`'s decision in `position`: every completion they could submit now
    /// and its integers under `layout`. Nothing is chosen yet.
    ///
    /// # Errors
    /// [`NotDistinct::TooManyCompletions`] past [`MAX_DISTINCT_COMPLETIONS`], or a
    /// selection that cannot be numbered; the decision is then empty.
    pub fn read(
        &mut self,
        layout: &ActionLayout,
        position: &Position<G>,
        player: PlayerIndex,
    ) -> Result<(), NotDistinct> {
        self.clear();
        let count = position.count_completions(player);
        if count > MAX_DISTINCT_COMPLETIONS {
            return Err(NotDistinct::TooManyCompletions {
                count,
                limit: MAX_DISTINCT_COMPLETIONS,
            });
        }
        let mut failed = None;
        let state = position.state();
        let _ = position.for_each_completion(player, &mut |action| match layout.path(
            state,
            &action,
            &mut self.scratch,
            &mut self.integers,
        ) {
            Ok(()) => {
                self.starts.push(self.integers.len());
                self.completions.push(action);
                ControlFlow::Continue(())
            }
            Err(error) => {
                failed = Some(error);
                ControlFlow::Break(())
            }
        });
        if let Some(error) = failed {
            self.clear();
            return Err(error);
        }
        // Two completions with the same integers, or one whose integers begin another's,
        // could not be told apart: refused here, before any choice strands the player.
        self.alive.extend(0..self.completions.len());
        let integers = &self.integers;
        let starts = &self.starts;
        let of = |completion: usize| &integers[starts[completion]..starts[completion + 1]];
        self.alive.sort_unstable_by(|&a, &b| of(a).cmp(of(b)));
        if let Some(pair) = self
            .alive
            .windows(2)
            .find(|pair| of(pair[1]).starts_with(of(pair[0])))
        {
            let action = self.completions[pair[0]].name();
            self.clear();
            return Err(NotDistinct::Ambiguous { action });
        }
        self.player = Some(player);
        Ok(())
    }

    /// Forgets the decision.
    pub fn clear(&mut self) {
        self.player = None;
        self.completions.clear();
        self.integers.clear();
        self.starts.clear();
        self.starts.push(0);
        self.alive.clear();
        self.depth = 0;
    }

    /// The seat deciding, or `None` before [`read`](Self::read).
    #[must_use]
    pub fn player(&self) -> Option<PlayerIndex> {
        self.player
    }

    /// How many integers have been chosen in this decision.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The integers chosen so far in this decision.
    #[must_use]
    pub fn chosen(&self) -> &[usize] {
        match self.alive.first() {
            Some(&first) => {
                let start = self.starts[first];
                &self.integers[start..start + self.depth]
            }
            None => &[],
        }
    }

    /// How many completions the decision had when read.
    #[must_use]
    pub fn completions(&self) -> usize {
        self.completions.len()
    }

    fn integers_of(&self, completion: usize) -> &[usize] {
        &self.integers[self.starts[completion]..self.starts[completion + 1]]
    }

    /// Calls `visit` with each integer legal now, in no set order: an integer may come
    /// more than once (only neighbours are told apart).
    fn for_each_legal(&self, mut visit: impl FnMut(usize)) {
        let mut last = None;
        for &completion in &self.alive {
            if let Some(&integer) = self.integers_of(completion).get(self.depth)
                && last != Some(integer)
            {
                visit(integer);
                last = Some(integer);
            }
        }
    }

    /// The integers legal now, ascending (OpenSpiel's order), appended to `out`.
    pub fn legal(&self, out: &mut Vec<usize>) {
        let start = out.len();
        self.for_each_legal(|integer| out.push(integer));
        out[start..].sort_unstable();
        let mut kept = start;
        for at in start..out.len() {
            if kept == start || out[at] != out[kept - 1] {
                out[kept] = out[at];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Writes the legal integers into `mask` (one flag per distinct action, the rest
    /// cleared). Integers at or past `mask.len()` are left out.
    pub fn mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        self.for_each_legal(|integer| {
            if let Some(flag) = mask.get_mut(integer) {
                *flag = true;
            }
        });
    }

    /// The one legal integer, when there is exactly one.
    #[must_use]
    pub fn only_legal(&self) -> Option<usize> {
        let mut only = None;
        let mut many = false;
        self.for_each_legal(|integer| match only {
            None => only = Some(integer),
            Some(seen) if seen != integer => many = true,
            Some(_) => {}
        });
        if many { None } else { only }
    }

    /// Whether `integer` is legal now.
    #[must_use]
    pub fn is_legal(&self, integer: usize) -> bool {
        self.alive
            .iter()
            .any(|&completion| self.integers_of(completion).get(self.depth) == Some(&integer))
    }

    /// Whether `integers` are the whole integers of a completion of this decision that
    /// agrees with those chosen so far.
    #[must_use]
    pub fn offers(&self, integers: &[usize]) -> bool {
        self.alive
            .iter()
            .any(|&completion| self.integers_of(completion) == integers)
    }

    /// Whether the step asked now is the choice of an action's kind with a single kind
    /// offered and more to choose after it: a step no player is asked (as the engine's
    /// skipping never asks for an action's name alone).
    #[must_use]
    pub fn kind_step_skipped(&self) -> bool {
        self.depth == 0
            && self.only_legal().is_some()
            && self
                .alive
                .iter()
                .all(|&completion| self.integers_of(completion).len() > 1)
    }

    /// Chooses `integer` as the next integer of the decision. Returns the completion once
    /// its integers are all chosen (the decision is then spent: [`read`](Self::read) the
    /// next), `None` while more are to choose.
    ///
    /// # Errors
    /// [`NotLegal`] for an integer not legal now; nothing changes.
    pub fn choose(&mut self, integer: usize) -> Result<Option<G::Actions>, ChooseError> {
        self.narrowed.clear();
        for &completion in &self.alive {
            let start = self.starts[completion];
            if self.integers.get(start + self.depth) == Some(&integer)
                && start + self.depth < self.starts[completion + 1]
            {
                self.narrowed.push(completion);
            }
        }
        if self.narrowed.is_empty() {
            let mut legal = Vec::new();
            self.legal(&mut legal);
            return Err(ChooseError::NotLegal(NotLegal { integer, legal }));
        }
        let depth = self.depth + 1;
        let ended = self
            .narrowed
            .iter()
            .find(|&&completion| self.integers_of(completion).len() == depth)
            .copied();
        if let Some(completion) = ended {
            if self.narrowed.len() > 1 {
                return Err(ChooseError::Ambiguous(NotDistinct::Ambiguous {
                    action: self.completions[completion].name(),
                }));
            }
            let action = self.completions.swap_remove(completion);
            self.clear();
            return Ok(Some(action));
        }
        std::mem::swap(&mut self.alive, &mut self.narrowed);
        self.depth = depth;
        Ok(None)
    }
}

/// Why [`DistinctDecision::choose`] refused an integer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChooseError {
    /// The integer is not legal now.
    #[error(transparent)]
    NotLegal(NotLegal),
    /// The integer ends one completion but not all that agree with it: the game's
    /// [`Distinct`](crate::Distinct) numbering gives two completions the same integers.
    #[error(transparent)]
    Ambiguous(NotDistinct),
}
