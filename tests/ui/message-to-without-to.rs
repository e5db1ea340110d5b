use meeple::Action;

#[derive(Action)]
#[action(message(for = player, "You played {card}"), behaviour = Vec::new())]
struct Play {
    #[choose_from(game.hand(player))]
    card: u8,
}

fn main() {}
