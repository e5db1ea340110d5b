use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Play {
    #[choose_from(game.hand(player).filter(|other| other != card))]
    card: u8,
}

fn main() {}
