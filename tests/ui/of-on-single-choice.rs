use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Pass {
    #[choose_from(game.hand(player), of = Card)]
    card: u8,
}

fn main() {}
