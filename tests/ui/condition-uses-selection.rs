use meeple::Action;

#[derive(Action)]
#[action(condition = game.may_play(*card), behaviour = Vec::new())]
struct Play {
    #[choose_from(game.hand(player))]
    card: u8,
}

fn main() {}
