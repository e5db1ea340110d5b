use meeple::Action;

#[derive(Action)]
#[action(message = "{player} played {crad}", behaviour = Vec::new())]
struct Play {
    #[choose_from(game.hand(player))]
    card: u8,
}

fn main() {}
