use meeple::Actions;

struct Take;
struct Pile;

#[derive(Actions)]
#[actions(game = Pile, skip_if = "never")]
enum PileAction {
    Take(Take),
}

fn main() {}
