use meeple::Action;

#[derive(Action)]
#[action(description = "{player} is playing {card}", behaviour = Vec::new())]
struct Play {
    #[choose_from(game.hand(player))]
    card: u8,
}

fn main() {}
