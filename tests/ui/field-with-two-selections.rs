use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Bid {
    #[choose_from([1, 2, 3])]
    #[choose_number(min = 1, max = 3)]
    amount: u32,
}

fn main() {}
