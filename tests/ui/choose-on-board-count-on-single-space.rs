use meeple::{Action, Space};

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Place {
    #[choose_on_board(game.free_spaces(), count = 2)]
    space: Space,
}

fn main() {}
