use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Bid {
    #[choose_number(min = 1 max = 10)]
    amount: u32,
}

fn main() {}
