use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Play {
    #[choose_from(game.hand(player), labels = card.name())]
    card: u8,
}

fn main() {}
