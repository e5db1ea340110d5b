use meeple::{Action, Placement};

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Lay {
    #[place_piece(game.free_spaces(), count = 2, turns = 4)]
    at: Placement,
}

fn main() {}
