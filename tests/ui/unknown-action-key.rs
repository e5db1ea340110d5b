use meeple::Action;

#[derive(Action)]
#[action(prompt = "Play a card", behaviour = Vec::new(), on_play = Vec::new())]
struct Play {
    #[choose_from(game.hand(player))]
    card: u8,
}

fn main() {}
