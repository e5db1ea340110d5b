use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct PassCards {
    #[choose_from(game.hand(player), count = 3)]
    cards: u8,
}

fn main() {}
