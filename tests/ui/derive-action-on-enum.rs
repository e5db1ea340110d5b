use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
enum Play {
    Card(u8),
}

fn main() {}
