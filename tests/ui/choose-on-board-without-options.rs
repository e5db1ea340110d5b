use meeple::{Action, Space};

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Place {
    #[choose_on_board(label = "a space")]
    space: Space,
}

fn main() {}
