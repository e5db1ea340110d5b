use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Rename {
    #[enter_text(skip_if = "never")]
    name: String,
}

fn main() {}
