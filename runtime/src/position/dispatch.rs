//! The action table: how the engine asks whichever action of a game a question.
//!
//! `#[derive(Actions)]` emits the enum of a game's actions, the enum of their arguments and
//! two dispatches ([`ActionSet::with_args`], [`ActionSet::with_action`]) that hand a
//! visitor the action's own type. Each question the engine asks (a condition, a count of
//! completions, a check...) is one visitor here, written once for every game, and one
//! method of the per-action [`Action`] trait that `#[derive(Action)]` implements: a new
//! capability touches those two places and its callers, not a mirror of every method on
//! the enum. The visitors are monomorphized, so a dispatch costs one `match`.
//!
//! Nothing here is public API: generated code reaches [`ActionContext`] and the visitor
//! traits (declared with the [`Action`] trait they serve) through `__private`.

use std::ops::ControlFlow;

use serde_json::Value;

use crate::error::{DecodeError, Refusal, SubmitError};
use crate::pieces::player::PlayerIndex;
use crate::rules::action::{
    Action, ActionContext, ActionSet, ActionVisitor, ArgsVisitor, FollowUp, Message, SelectionStep,
};
use crate::rules::flow::Progress;
use crate::rules::game::Game;

/// The arguments of any action of game `G`.
pub(crate) type ArgsOf<G> = <<G as Game>::Actions as ActionSet>::Args;

/// Declares a question asked of the action that some arguments name: a visitor `$visitor`
/// carrying `$field`s, and the method `$method` of [`ActionContext`] that dispatches it.
macro_rules! ask_args {
    ($(#[$doc:meta])* $method:ident => $visitor:ident $(<$life:lifetime>)? {
        $($field:ident: $ty:ty),*
    } -> $out:ty, |$cx:ident, $wrap:ident, $this:ident| $body:expr) => {
        struct $visitor<$($life,)? G: Game> {
            $($field: $ty,)*
            _game: std::marker::PhantomData<fn() -> G>,
        }

        impl<$($life,)? G: Game> ArgsVisitor<G> for $visitor<$($life,)? G> {
            type Output = $out;
            fn visit<A: Action<Game = G>>(
                self,
                $cx: ActionContext<'_, G, A::Args>,
                $wrap: fn(A) -> G::Actions,
            ) -> $out {
                let $this = self;
                $body
            }
        }

        impl<'a, G: Game> ActionContext<'a, G, ArgsOf<G>> {
            $(#[$doc])*
            pub(crate) fn $method$(<$life>)?(self, $($field: $ty),*) -> $out {
                G::Actions::with_args(
                    self,
                    $visitor { $($field,)* _game: std::marker::PhantomData },
                )
            }
        }
    };
}

ask_args! {
    /// The action's `condition`: whether it is available at all.
    condition => Condition {} -> bool, |cx, _wrap, _this| A::condition(cx)
}

ask_args! {
    /// Why the action's `condition` refuses it, in the game's words, if it says.
    unavailable => Unavailable {} -> Option<String>, |cx, _wrap, _this| A::unavailable(cx)
}

ask_args! {
    /// The action's `prompt` text.
    prompt => PromptText {} -> String, |cx, _wrap, _this| A::prompt(cx)
}

ask_args! {
    /// The action's `description`, what the others are told while the player chooses.
    description => Description {} -> Option<String>, |cx, _wrap, _this| A::description(cx)
}

ask_args! {
    /// Whether the action has at least one valid completion.
    own_has_completion => HasCompletion {} -> bool, |cx, _wrap, _this| A::has_completion(cx)
}

ask_args! {
    /// Whether the action has at least one completion the game's effects permit
    /// ([`Game::prohibits`]).
    permitted_has_completion => PermittedHasCompletion {} -> bool,
    |cx, wrap, _this| permitted(cx, wrap, &mut |_| ControlFlow::Break(())).is_break()
}

ask_args! {
    /// Whether the action is asked even when it has a single option
    /// ([`Action::ALWAYS_ASKS`]).
    always_asks => AlwaysAsks {} -> bool, |_cx, _wrap, _this| A::ALWAYS_ASKS
}

ask_args! {
    /// Whether the action counts its completions without walking them
    /// ([`Action::COUNTS_AT_ONCE`]).
    own_counts_at_once => CountsAtOnce {} -> bool, |_cx, _wrap, _this| A::COUNTS_AT_ONCE
}

ask_args! {
    /// The selection that follows the values of `prefix` ([`Action::step`]).
    own_step => Stepped<'p> { prefix: &'p [Value] } -> Result<SelectionStep, SubmitError>,
    |cx, _wrap, this| A::step(cx, this.prefix)
}

ask_args! {
    /// [`Action::step`], with the options through which the game's effects prohibit every
    /// completion refused ([`Game::prohibits`]).
    permitted_step => PermittedStep<'p> { prefix: &'p [Value] } -> Result<SelectionStep, SubmitError>,
    |cx, wrap, this| A::step(cx, this.prefix).map(|step| prohibit_options(cx, wrap, this.prefix, step))
}

ask_args! {
    /// The name and label of the last value of `prefix` ([`Action::chosen`]).
    chosen => Chosen<'p> { prefix: &'p [Value] }
        -> Result<Option<(&'static str, String)>, DecodeError>,
    |cx, _wrap, this| A::chosen(cx, this.prefix)
}

ask_args! {
    /// Calls `visit` with every valid completion, in option order, until it breaks
    /// ([`Action::for_each_completion`]).
    own_for_each_completion => EachCompletion<'v> {
        visit: &'v mut dyn FnMut(G::Actions) -> ControlFlow<()>
    } -> ControlFlow<()>,
    |cx, wrap, this| A::for_each_completion(cx, &mut |action| (this.visit)(wrap(action)))
}

ask_args! {
    /// Calls `visit` with every completion the game's effects permit ([`Game::prohibits`]).
    permitted_for_each_completion => PermittedEachCompletion<'v> {
        visit: &'v mut dyn FnMut(G::Actions) -> ControlFlow<()>
    } -> ControlFlow<()>,
    |cx, wrap, this| permitted(cx, wrap, this.visit)
}

ask_args! {
    /// How many completions the action has ([`Action::count_completions`]).
    own_count_completions => CountCompletions {} -> u64,
    |cx, _wrap, _this| A::count_completions(cx)
}

ask_args! {
    /// How many completions the game's effects permit ([`Game::prohibits`]).
    permitted_count_completions => PermittedCountCompletions {} -> u64, |cx, wrap, _this| {
        let mut count = 0u64;
        let _ = permitted(cx, wrap, &mut |_| {
            count = count.saturating_add(1);
            ControlFlow::Continue(())
        });
        count
    }
}

ask_args! {
    /// How many completions the action has, and what the engine may keep of the decision
    /// ([`Action::count_keeping`]).
    count_keeping => CountKeeping {} -> (u64, Option<u64>),
    |cx, _wrap, _this| A::count_keeping(cx)
}

ask_args! {
    /// The completion at position `index` in the decision that kept `kept`
    /// ([`Action::nth_kept`]).
    nth_kept => NthKept { index: u64, kept: u64 } -> Option<G::Actions>,
    |cx, wrap, this| A::nth_kept(cx, this.index, this.kept).map(wrap)
}

ask_args! {
    /// The completion at position `index` ([`Action::nth_completion`]).
    own_nth_completion => NthCompletion { index: u64 } -> Option<G::Actions>,
    |cx, wrap, this| A::nth_completion(cx, this.index).map(wrap)
}

ask_args! {
    /// The permitted completion at position `index` ([`Game::prohibits`]).
    permitted_nth_completion => PermittedNthCompletion { index: u64 } -> Option<G::Actions>,
    |cx, wrap, this| {
        let mut found = None;
        let mut left = this.index;
        let _ = permitted(cx, wrap, &mut |action| {
            if left == 0 {
                found = Some(action);
                return ControlFlow::Break(());
            }
            left -= 1;
            ControlFlow::Continue(())
        });
        found
    }
}

ask_args! {
    /// Builds the action from the submitted values of its selections
    /// ([`Action::from_selections`]).
    build => Build<'s> {
        selections: &'s serde_json::Map<String, Value>
    } -> Result<G::Actions, DecodeError>,
    |cx, wrap, this| A::from_selections(cx.args.clone(), this.selections).map(wrap)
}

/// The questions whose answers the game's effects may narrow ([`Game::PROHIBITS`], the one
/// switch): each asks the action alone, or walks its completions past
/// [`Game::prohibits`] when a prohibition may be in force ([`Game::may_prohibit`]). The
/// branch is on a constant first, so a game without effects runs the action's own answer
/// and nothing else (Hearts' instructions per deal are unchanged).
impl<G: Game> ActionContext<'_, G, ArgsOf<G>> {
    /// Whether the game's effects may narrow the answers in this state.
    #[inline(always)]
    pub(crate) fn narrowed(self) -> bool {
        G::PROHIBITS && self.game.may_prohibit()
    }

    /// Whether the action has at least one valid completion.
    #[inline(always)]
    pub(crate) fn has_completion(self) -> bool {
        if self.narrowed() {
            self.permitted_has_completion()
        } else {
            self.own_has_completion()
        }
    }

    /// The selection that follows the values of `prefix` ([`Action::step`]).
    #[inline(always)]
    pub(crate) fn step(self, prefix: &[Value]) -> Result<SelectionStep, SubmitError> {
        if self.narrowed() {
            self.permitted_step(prefix)
        } else {
            self.own_step(prefix)
        }
    }

    /// Calls `visit` with every valid completion, in option order, until it breaks.
    #[inline(always)]
    pub(crate) fn for_each_completion(
        self,
        visit: &mut dyn FnMut(G::Actions) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.narrowed() {
            self.permitted_for_each_completion(visit)
        } else {
            self.own_for_each_completion(visit)
        }
    }

    /// How many completions the action has.
    #[inline(always)]
    pub(crate) fn count_completions(self) -> u64 {
        if self.narrowed() {
            self.permitted_count_completions()
        } else {
            self.own_count_completions()
        }
    }

    /// The completion at position `index`.
    #[inline(always)]
    pub(crate) fn nth_completion(self, index: u64) -> Option<G::Actions> {
        if self.narrowed() {
            self.permitted_nth_completion(index)
        } else {
            self.own_nth_completion(index)
        }
    }
}

/// Calls `visit` with every completion of action `A` that the game's effects do not
/// prohibit ([`Game::prohibits`]), in option order, until it breaks: the walk that
/// replaces the selections' own fast paths when the game turns
/// [`Game::PROHIBITS`] on.
fn permitted<G: Game, A: Action<Game = G>>(
    cx: ActionContext<'_, G, A::Args>,
    wrap: fn(A) -> G::Actions,
    visit: &mut dyn FnMut(G::Actions) -> ControlFlow<()>,
) -> ControlFlow<()> {
    A::for_each_completion(cx, &mut |action| {
        let action = wrap(action);
        if cx.game.prohibits(cx.player, &action).is_some() {
            ControlFlow::Continue(())
        } else {
            visit(action)
        }
    })
}

/// `step` with the options through which every completion is prohibited
/// ([`Game::prohibits`]) refused, each with the reason of the first of its completions:
/// a minion that cannot be destroyed is shown, not offered, for a destroy.
fn prohibit_options<G: Game, A: Action<Game = G>>(
    cx: ActionContext<'_, G, A::Args>,
    wrap: fn(A) -> G::Actions,
    prefix: &[Value],
    step: SelectionStep,
) -> SelectionStep {
    let SelectionStep::Select(mut selection) = step else {
        return step;
    };
    let at = prefix.len();
    for option in selection.options.iter_mut().filter(|option| option.viable) {
        let mut reason = None;
        let through = A::for_each_completion(cx, &mut |action| {
            let values = action.selections();
            let follows = values.len() > at
                && follows_prefix(&values, prefix)
                && (values[at].1 == option.value
                    || values[at]
                        .1
                        .as_array()
                        .is_some_and(|picked| picked.contains(&option.value)));
            if !follows {
                return ControlFlow::Continue(());
            }
            match cx.game.prohibits(cx.player, &wrap(action)) {
                Some(why) => {
                    reason.get_or_insert(why);
                    ControlFlow::Continue(())
                }
                None => ControlFlow::Break(()),
            }
        });
        if through.is_continue() {
            option.viable = false;
            option.error = reason.or_else(|| option.error.take());
        }
    }
    // Still viable through no option at all: a permitted completion that picks none here
    // (an empty set), or a selection without listed options (a wide range of numbers).
    selection.viable = selection.options.iter().any(|option| option.viable)
        || (selection.viable
            && A::for_each_completion(cx, &mut |action| {
                let values = action.selections();
                if follows_prefix(&values, prefix)
                    && cx.game.prohibits(cx.player, &wrap(action)).is_none()
                {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .is_break());
    SelectionStep::Select(selection)
}

/// Whether a completion's `values` begin with the choices of `prefix`, a set in any
/// order (a client may send the values of a multi-selection in the order it picked them).
fn follows_prefix(values: &[(&'static str, Value)], prefix: &[Value]) -> bool {
    values.len() >= prefix.len()
        && values.iter().zip(prefix).all(|((_, value), chosen)| {
            match (value.as_array(), chosen.as_array()) {
                (Some(set), Some(picked)) => {
                    set.len() == picked.len() && picked.iter().all(|one| set.contains(one))
                }
                _ => value == chosen,
            }
        })
}

/// Declares a question asked of an action already made: a visitor `$visitor` carrying
/// `$field`s, and the function `$function` that dispatches it to the action's own type
/// with [`ActionSet::with_action`]. `S` names the game's set of actions in the fields'
/// and the answer's types.
macro_rules! ask_action {
    ($(#[$doc:meta])* $function:ident => $visitor:ident $(<$life:lifetime>)? {
        $($field:ident: $ty:ty),*
    } -> $out:ty, |$action:ident, $this:ident| $body:expr) => {
        struct $visitor<$($life,)? S: ActionSet> {
            $($field: $ty,)*
            _actions: std::marker::PhantomData<fn() -> S>,
        }

        impl<$($life,)? S: ActionSet> ActionVisitor<S::Game> for $visitor<$($life,)? S> {
            type Output = $out;
            fn visit<A: Action<Game = S::Game>>(self, $action: &A) -> $out {
                let $this = self;
                $body
            }
        }

        $(#[$doc])*
        pub(crate) fn $function<$($life,)? S: ActionSet>(action: &S, $($field: $ty),*) -> $out {
            action.with_action($visitor::<S> {
                $($field,)*
                _actions: std::marker::PhantomData,
            })
        }
    };
}

ask_action! {
    /// The action's `confirm` text ([`Action::confirm`]).
    confirm => Confirm<'g> { game: &'g S::Game, flow: Progress<'g>, player: PlayerIndex }
        -> Option<String>,
    |action, this| action.confirm(this.game, this.flow, this.player)
}

ask_action! {
    /// The values of the selections, as JSON, in selection order ([`Action::selections`]).
    selections => Selections {} -> Vec<(&'static str, Value)>,
    |action, _this| action.selections()
}

ask_action! {
    /// Checks every selection in order ([`Action::check`]).
    ///
    /// # Errors
    /// As [`Action::check`].
    check => Check<'g> { game: &'g S::Game, flow: Progress<'g>, player: PlayerIndex }
        -> Result<(), Refusal>,
    |action, this| action.check(this.game, this.flow, this.player)
}

ask_action! {
    /// Checks every selection in order, in the decision that kept `kept`
    /// ([`Action::check_kept`]).
    ///
    /// # Errors
    /// As [`Action::check`].
    check_kept => CheckKept<'g> {
        game: &'g S::Game,
        flow: Progress<'g>,
        player: PlayerIndex,
        kept: u64
    } -> Result<(), Refusal>,
    |action, this| action.check_kept(this.game, this.flow, this.player, this.kept)
}

ask_action! {
    /// The action's messages, from the state before its moves ([`Action::messages`]).
    messages => Messages<'g> { game: &'g S::Game, player: PlayerIndex } -> Vec<Message>,
    |action, this| action.messages(this.game, this.player)
}

ask_action! {
    /// Pushes the action's moves onto `moves` and returns its follow-ups
    /// ([`Action::behaviour`]).
    behaviour => Behave<'g> {
        game: &'g S::Game,
        flow: Progress<'g>,
        player: PlayerIndex,
        moves: &'g mut Vec<<S::Game as Game>::Move>
    } -> Vec<FollowUp<S::Game>>,
    |action, this| action.behaviour(this.game, this.flow, this.player, this.moves)
}
