use meeple::Action;

#[derive(Action)]
#[action(behaviour = Vec::new())]
struct Join {
    #[choose_from(["chess", "go"])]
    game: &'static str,
    #[choose_from(["river", "turn"])]
    flow: &'static str,
    #[enter_text]
    player: String,
}

fn main() {}
