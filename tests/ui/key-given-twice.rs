use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Play {
    #[choose_from(game.hand(player), prompt = "Play a card", prompt = "Which card?")]
    card: u8,
}

fn main() {}
