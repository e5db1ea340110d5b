use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct PassCards {
    #[choose_from(game.hand(player), count = 3, max = 4)]
    cards: Vec<u8>,
}

fn main() {}
