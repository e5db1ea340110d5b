use meeple::Action;

#[derive(Action)]
#[action(promt = "Buy resources", behaviour = Vec::new())]
struct Buy {
    #[choose_number(min = 1, max = game.stock(*resource), skip_if = "onyl-one")]
    amount: u32,
    #[choose_from(game.resources())]
    resource: u8,
}

fn main() {}
