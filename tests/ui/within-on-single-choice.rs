use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Buy {
    #[choose_from(game.cards(), within = card.cost <= game.budget)]
    card: u8,
}

fn main() {}
