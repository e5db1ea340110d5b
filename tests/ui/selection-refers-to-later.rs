use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Buy {
    #[choose_number(min = 1, max = game.stock(*resource))]
    amount: u32,
    #[choose_from(game.resources())]
    resource: u8,
}

fn main() {}
