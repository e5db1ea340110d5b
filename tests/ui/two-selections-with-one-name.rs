use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Swap {
    #[choose_from(game.hand(player))]
    card: u8,
    #[choose_from(game.table())]
    card: u8,
}

fn main() {}
