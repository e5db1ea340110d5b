use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Play {
    #[choose_from(game.hand(player))]
    card: u8,
    face_down: bool,
}

fn main() {}
