use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Pass {
    #[choose_from(game.hand(player), count = 3, validate = true, valid = game.hand(player))]
    cards: Vec<u8>,
}

fn main() {}
