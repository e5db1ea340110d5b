use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Play {
    #[choose_from(game.hand(player), skip_if = "onyl-one")]
    card: u8,
}

fn main() {}
