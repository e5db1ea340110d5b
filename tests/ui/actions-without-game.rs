use meeple::Actions;

#[derive(Actions)]
enum PileAction {
    Take(Take),
}

struct Take;

fn main() {}
