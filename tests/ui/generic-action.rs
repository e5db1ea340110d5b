use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Play<Card> {
    #[choose_from(game.hand(player))]
    card: Card,
}

fn main() {}
