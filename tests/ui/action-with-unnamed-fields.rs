use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Play(u8);

fn main() {}
