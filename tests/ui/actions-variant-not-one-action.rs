use meeple::Actions;

struct Take;
struct Pile;

#[derive(Actions)]
#[actions(game = Pile)]
enum PileAction {
    Take { action: Take },
    Pass,
}

fn main() {}
