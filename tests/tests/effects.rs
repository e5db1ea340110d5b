//! The loop guard of `meeple::effects`: two "move it there" effects that answer each
//! other for ever end in a typed error, the state and the log unchanged; the same chain
//! that ends is played out; a chain that waited for a decision before it ran away is
//! abandoned instead, the decision kept. And a floating effect whose uses run out during
//! a batch is not asked about that batch afterwards (look-back is for objects that left
//! play). Games of their own, so the effects layer is tested apart from the Smash Up–style
//! game.

use std::fmt;
use std::ops::ControlFlow;

use meeple::effects::{
    EffectState, Effects, InForce, Occurrence, Pending, Proposal, Resolution, Resolver, Source,
};
use meeple::flow::FlowError;
use meeple::{
    Action, Actions, Engine, FollowUp, Game, Move, MoveContext, Outcome, PlayerIndex, PlayerSet,
    Refusal, Seats, Setup, SetupError, View,
};
use meeple_tests::P0;
use serde::{Deserialize, Serialize};

/// A pawn and two portals: entering a portal moves the pawn there; a portal that is open
/// sends a pawn that arrives on to the other portal ("after a pawn arrives here, move it
/// there"). With `asks`, the first time portal 1 sends the pawn on, the player says where
/// (a decision in the middle of the chain).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
struct Portals {
    /// Where the pawn is: 0 nowhere, 1 or 2 a portal.
    at: u8,
    /// Whether each portal sends pawns on.
    open: [bool; 2],
    /// Whether portal 1 asks the player where, the first time.
    asks: bool,
    effects: EffectState<Portals>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Arrive(u8);

impl fmt::Display for Arrive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the pawn arrives at portal {}", self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Player;

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("by the player")
    }
}

/// Portal `n` sends pawns on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct SendOn(u8);

impl fmt::Display for SendOn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "portal {} sends the pawn on", self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum PortalMove {
    Effects(Resolution<Portals>),
}

impl Move<Portals> for PortalMove {
    fn apply(&self, game: &mut Portals, next: &mut MoveContext<'_, Self>) {
        let PortalMove::Effects(step) = self;
        step.apply(game, next);
    }
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(behaviour = [PortalMove::Effects(Resolution::propose(Arrive(*portal), Player))])]
struct Enter {
    #[choose_from([1, 2])]
    portal: u8,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(behaviour = [PortalMove::Effects(Resolution::Choose(*next))])]
struct Order {
    #[choose_from(game.effects.triggers_waiting())]
    next: usize,
}

#[derive(Clone, Debug, PartialEq, Action)]
#[action(behaviour = [PortalMove::Effects(Resolution::Replace(*choice))])]
struct Replace {
    #[choose_from(game.effects.replacement_offers())]
    choice: Option<usize>,
}

/// Only as a decision: where portal 1 sends the pawn.
#[derive(Clone, Debug, PartialEq, Action)]
#[action(behaviour = [PortalMove::Effects(Resolution::propose(Arrive(*to), Player))])]
struct Send {
    #[choose_from([1, 2])]
    to: u8,
}

#[derive(Clone, Debug, PartialEq, Actions)]
#[actions(game = Portals)]
enum PortalAction {
    Enter(Enter),
    Order(Order),
    Replace(Replace),
    Send(Send),
}

impl Game for Portals {
    /// Whether each portal is open, and whether portal 1 asks the first time.
    type Config = [bool; 3];
    type Move = PortalMove;
    type Actions = PortalAction;
    const NAME: &'static str = "portals";
    const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;

    fn setup(&[first, second, asks]: &[bool; 3], _: Seats) -> Result<Setup<Self>, SetupError> {
        Ok(Setup {
            state: Portals {
                at: 0,
                open: [first, second],
                asks,
                effects: EffectState::default(),
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

impl Effects for Portals {
    type Effect = Arrive;
    type Cause = Player;
    type Ability = SendOn;
    type Trigger = SendOn;
    const STEP_BUDGET: u32 = 50;

    fn effects(&self) -> &EffectState<Self> {
        &self.effects
    }

    fn effects_mut(&mut self) -> &mut EffectState<Self> {
        &mut self.effects
    }

    fn effect_move(step: Resolution<Self>) -> PortalMove {
        PortalMove::Effects(step)
    }

    fn abilities(
        &self,
        visit: &mut impl FnMut(InForce<SendOn>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for portal in [1u8, 2] {
            if self.open[usize::from(portal - 1)] {
                visit(InForce {
                    source: Source {
                        object: u32::from(portal),
                        incarnation: 0,
                    },
                    controller: P0,
                    ability: SendOn(portal),
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    fn apply(
        &mut self,
        proposal: &Proposal<Self>,
        _: &mut Resolver<'_, '_, Self>,
    ) -> Option<Arrive> {
        self.at = proposal.effect.0;
        Some(proposal.effect.clone())
    }

    fn triggers(
        &self,
        ability: &InForce<SendOn>,
        batch: &[Occurrence<Self>],
        out: &mut Vec<SendOn>,
    ) {
        let arrived = batch.iter().any(|occurrence| {
            matches!(occurrence, Occurrence::Effect { effect: Arrive(portal), .. } if *portal == ability.ability.0)
        });
        if arrived {
            out.push(ability.ability.clone());
        }
    }

    fn resolve(&mut self, pending: &Pending<Self>, resolver: &mut Resolver<'_, '_, Self>) {
        if self.asks && pending.trigger.0 == 1 {
            self.asks = false;
            resolver.ask(FollowUp::new(P0, SendArgs {}));
        } else {
            resolver.propose(Arrive(3 - pending.trigger.0), Player);
        }
    }

    fn order_decision(&self, player: PlayerIndex) -> FollowUp<Self> {
        FollowUp::new(player, OrderArgs {})
    }

    fn replacement_decision(&self, player: PlayerIndex) -> FollowUp<Self> {
        FollowUp::new(player, ReplaceArgs {})
    }
}

fn enter(engine: &mut Engine<Portals>, portal: u8) -> Result<(), Refusal> {
    engine
        .submit(P0, PortalAction::Enter(Enter { portal }))
        .map(|_| ())
        .map_err(|refused| refused.error)
}

fn words(engine: &Engine<Portals>) -> Vec<String> {
    engine
        .position()
        .state()
        .effects
        .events
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn two_effects_that_answer_each_other_end_in_the_typed_error_with_nothing_changed() {
    let mut engine = Engine::<Portals>::new([true, true, false], 1, 0).expect("a table");
    let log = serde_json::to_string(&engine.log()).expect("the log serializes");
    let state = serde_json::to_string(engine.position().state()).expect("the state serializes");
    assert_eq!(
        enter(&mut engine, 1),
        Err(Refusal::Flow(FlowError::RunawayResolution { steps: 50 }))
    );
    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("the state serializes"),
        state
    );
    assert_eq!(
        serde_json::to_string(&engine.log()).expect("the log serializes"),
        log
    );
    assert!(words(&engine).is_empty());
}

#[test]
fn the_same_chain_ends_when_one_portal_is_closed() {
    let mut engine = Engine::<Portals>::new([true, false, false], 1, 0).expect("a table");
    assert_eq!(enter(&mut engine, 1), Ok(()));
    assert_eq!(engine.position().state().at, 2);
    assert_eq!(
        words(&engine),
        [
            "the pawn arrives at portal 1 (by the player)",
            "portal 1 sends the pawn on",
            "the pawn arrives at portal 2 (by the player)",
        ]
    );
    assert!(engine.position().state().effects.idle());
    assert_eq!(
        engine.position().state().effects.steps,
        0,
        "the guard counts one chain"
    );
    // Again and again: each chain has a budget of its own.
    for _ in 0..40 {
        assert_eq!(enter(&mut engine, 1), Ok(()));
    }
    assert_eq!(engine.position().state().at, 2);
}

#[test]
fn a_runaway_after_a_decision_is_abandoned_and_the_decision_kept() {
    let mut engine = Engine::<Portals>::new([true, true, true], 1, 0).expect("a table");
    assert_eq!(enter(&mut engine, 1), Ok(()));
    assert!(engine.position().state().effects.paused);
    assert_eq!(engine.position().prompt(P0).actions[0].action, "send");
    // The answer sets off the loop: the chain, which waited for it, is abandoned.
    let records = engine.records().len();
    assert_eq!(
        engine
            .submit(P0, PortalAction::Send(Send { to: 2 }))
            .map(|_| ())
            .map_err(|refused| refused.error),
        Ok(())
    );
    assert_eq!(engine.records().len(), records + 1);
    let log = words(&engine);
    assert_eq!(
        log.last().map(String::as_str),
        Some("the chain of effects ran past 50 steps and was abandoned")
    );
    assert_eq!(
        log[..5],
        [
            "the pawn arrives at portal 1 (by the player)",
            "portal 1 sends the pawn on",
            "the pawn arrives at portal 2 (by the player)",
            "portal 2 sends the pawn on",
            "the pawn arrives at portal 1 (by the player)",
        ]
    );
    let effects = &engine.position().state().effects;
    assert!(effects.abandoned);
    assert!(effects.batches.is_empty() && effects.waiting.is_empty());
    assert!(engine.position().follow_ups().is_empty());
    // The next action begins a chain of its own, which runs away without a decision: the
    // typed error, nothing changed.
    let state = serde_json::to_string(engine.position().state()).expect("the state serializes");
    assert_eq!(
        enter(&mut engine, 2),
        Err(Refusal::Flow(FlowError::RunawayResolution { steps: 50 }))
    );
    assert_eq!(
        serde_json::to_string(engine.position().state()).expect("the state serializes"),
        state
    );
    // Replayed from its log, the same game.
    let replayed = Engine::<Portals>::replay(&engine.log()).expect("the log replays");
    assert_eq!(
        serde_json::to_string(replayed.position().state()).expect("the state serializes"),
        state
    );
}

/// A floating ward with a number of uses, on a game of its own.
mod wards {
    use std::fmt;
    use std::ops::ControlFlow;

    use meeple::effects::{
        EffectState, Effects, Floating, InForce, Occurrence, Pending, Proposal, Resolution,
        Resolver, Source, Window,
    };
    use meeple::{
        Action, Actions, Engine, FollowUp, Game, Move, MoveContext, Outcome, PlayerIndex,
        PlayerSet, Seats, Setup, SetupError, View,
    };
    use meeple_tests::P0;
    use serde::{Deserialize, Serialize};

    /// Two targets and a ward: a strike hits both at once (one batch); the ward prevents
    /// the hit on target 0 and, after a batch in which a target was hit, echoes. Each
    /// prevention or echo uses one of the ward's uses.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, View)]
    struct Wards {
        hits: [u8; 2],
        echoes: u8,
        effects: EffectState<Wards>,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    struct Hit(u8);

    impl fmt::Display for Hit {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "target {} is hit", self.0)
        }
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    struct Striker;

    impl fmt::Display for Striker {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("by the striker")
        }
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    struct Ward;

    impl fmt::Display for Ward {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("the ward")
        }
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    struct Echo;

    impl fmt::Display for Echo {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("the ward echoes")
        }
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum WardMove {
        Effects(Resolution<Wards>),
    }

    impl Move<Wards> for WardMove {
        fn apply(&self, game: &mut Wards, next: &mut MoveContext<'_, Self>) {
            let WardMove::Effects(step) = self;
            step.apply(game, next);
        }
    }

    #[derive(Clone, Debug, PartialEq, Action)]
    #[action(behaviour = [WardMove::Effects(Resolution::Propose(vec![
        Proposal::new(Hit(0), Striker),
        Proposal::new(Hit(1), Striker),
    ]))])]
    struct Strike;

    #[derive(Clone, Debug, PartialEq, Action)]
    #[action(behaviour = [WardMove::Effects(Resolution::Choose(*next))])]
    struct Order {
        #[choose_from(game.effects.triggers_waiting())]
        next: usize,
    }

    #[derive(Clone, Debug, PartialEq, Action)]
    #[action(behaviour = [WardMove::Effects(Resolution::Replace(*choice))])]
    struct Replace {
        #[choose_from(game.effects.replacement_offers())]
        choice: Option<usize>,
    }

    #[derive(Clone, Debug, PartialEq, Actions)]
    #[actions(game = Wards)]
    enum WardAction {
        Strike(Strike),
        Order(Order),
        Replace(Replace),
    }

    impl Game for Wards {
        /// The ward's uses.
        type Config = u32;
        type Move = WardMove;
        type Actions = WardAction;
        const NAME: &'static str = "wards";
        const PLAYERS: std::ops::RangeInclusive<usize> = 1..=1;

        fn setup(&uses: &u32, _: Seats) -> Result<Setup<Self>, SetupError> {
            let ward = Floating {
                in_force: InForce {
                    source: Source {
                        object: 0,
                        incarnation: 0,
                    },
                    controller: P0,
                    ability: Ward,
                },
                window: Window::Uses(uses),
            };
            Ok(Setup {
                state: Wards {
                    hits: [0; 2],
                    echoes: 0,
                    effects: EffectState::default(),
                },
                moves: vec![WardMove::Effects(Resolution::Float(ward))],
            })
        }

        fn to_act(&self) -> PlayerSet {
            PlayerSet::one(P0)
        }

        /// Over after one strike (else the engine would strike for the player for ever: a
        /// strike is the only thing to do).
        fn outcome(&self) -> Option<Outcome> {
            (self.hits != [0; 2]).then(|| Outcome::win(P0, Seats::new(1)))
        }
    }

    impl Effects for Wards {
        type Effect = Hit;
        type Cause = Striker;
        type Ability = Ward;
        type Trigger = Echo;

        fn effects(&self) -> &EffectState<Self> {
            &self.effects
        }

        fn effects_mut(&mut self) -> &mut EffectState<Self> {
            &mut self.effects
        }

        fn effect_move(step: Resolution<Self>) -> WardMove {
            WardMove::Effects(step)
        }

        /// None of an object: the ward floats.
        fn abilities(
            &self,
            _: &mut impl FnMut(InForce<Ward>) -> ControlFlow<()>,
        ) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }

        fn forbids(&self, _: &InForce<Ward>, proposal: &Proposal<Self>) -> bool {
            proposal.effect == Hit(0)
        }

        fn apply(
            &mut self,
            proposal: &Proposal<Self>,
            _: &mut Resolver<'_, '_, Self>,
        ) -> Option<Hit> {
            let target = proposal.effect.0;
            self.hits[usize::from(target)] += 1;
            Some(proposal.effect.clone())
        }

        fn triggers(&self, _: &InForce<Ward>, batch: &[Occurrence<Self>], out: &mut Vec<Echo>) {
            if batch
                .iter()
                .any(|occurrence| matches!(occurrence, Occurrence::Effect { .. }))
            {
                out.push(Echo);
            }
        }

        fn resolve(&mut self, _: &Pending<Self>, _: &mut Resolver<'_, '_, Self>) {
            self.echoes += 1;
        }

        fn order_decision(&self, player: PlayerIndex) -> FollowUp<Self> {
            FollowUp::new(player, OrderArgs {})
        }

        fn replacement_decision(&self, player: PlayerIndex) -> FollowUp<Self> {
            FollowUp::new(player, ReplaceArgs {})
        }
    }

    /// The table after its one strike (forced: the engine plays it).
    fn strike(uses: u32) -> Engine<Wards> {
        let engine = Engine::<Wards>::new(uses, 1, 0).expect("a table");
        assert!(
            engine.position().outcome().is_some(),
            "the strike was played"
        );
        engine
    }

    fn words(engine: &Engine<Wards>) -> Vec<String> {
        engine
            .position()
            .state()
            .effects
            .events
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_ward_used_up_during_a_batch_is_not_asked_about_it_afterwards() {
        let engine = strike(1);
        assert_eq!(engine.position().state().hits, [0, 1]);
        assert_eq!(engine.position().state().echoes, 0);
        assert_eq!(
            words(&engine),
            [
                "the ward begins",
                "target 0 is hit (by the striker): prevented by the ward",
                "the ward ends",
                "target 1 is hit (by the striker)",
            ]
        );
        assert!(engine.position().state().effects.floating.is_empty());
    }

    #[test]
    fn a_ward_with_a_use_left_after_the_batch_echoes_it() {
        let engine = strike(2);
        assert_eq!(engine.position().state().hits, [0, 1]);
        assert_eq!(engine.position().state().echoes, 1);
        assert_eq!(
            words(&engine),
            [
                "the ward begins",
                "target 0 is hit (by the striker): prevented by the ward",
                "target 1 is hit (by the striker)",
                "the ward ends",
                "the ward echoes",
            ]
        );
        assert!(engine.position().state().effects.floating.is_empty());
    }
}
