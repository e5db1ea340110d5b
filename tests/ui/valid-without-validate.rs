use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Play {
    #[choose_from(game.hand(player), valid = game.legal_cards(player))]
    card: u8,
}

fn main() {}
