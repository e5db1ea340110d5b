use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct PassCards {
    #[choose_from(count = 3)]
    cards: Vec<u8>,
}

fn main() {}
