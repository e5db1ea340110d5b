use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Bid {
    #[choose_number]
    amount: u32,
}

fn main() {}
