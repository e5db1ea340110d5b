use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Discard {
    #[arg(default = 1)]
    amount: usize,
}

fn main() {}
