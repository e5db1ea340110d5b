use meeple::Action;

#[derive(Action)]
#[action(prompt = "Play a card")]
struct Play {
    #[choose_from(game.hand(player))]
    card: u8,
}

fn main() {}
