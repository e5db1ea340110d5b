use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Bid {
    #[choose_number(min = 1, prompt = "How much?")]
    amount: u32,
}

fn main() {}
