use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Join {
    #[choose_from(["chess", "go"])]
    game: &'static str,
    #[enter_text]
    player: String,
}

fn main() {}
