use meeple::Action;

// Nothing to list: an action without selections has one completion.
#[derive(Action)]
#[action(behaviour = Vec::new(), completions = [()])]
struct Pass;

// Free text has no list.
#[derive(Action)]
#[action(behaviour = Vec::new(), completions = game.names(player))]
struct Rename {
    #[enter_text]
    name: String,
}

// The list is asked before any selection is made.
#[derive(Action)]
#[action(behaviour = Vec::new(), completions = game.moves_from(*from))]
struct Step {
    #[choose_from(game.pawns(player))]
    from: u8,
    #[choose_from(game.targets(*from))]
    to: u8,
}

fn main() {}
