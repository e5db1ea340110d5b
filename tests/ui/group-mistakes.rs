use meeple::Action;

#[derive(Action)]
#[action(
    behaviour = Vec::new(),
    group(cargo, validate = *wood + *stone > 0 && *to > 0, colour = "red"),
    group(ballast)
)]
struct Send {
    #[choose_number(min = 0, max = 5, group = cargo)]
    wood: u32,
    #[choose_number(min = 0, max = 5)]
    to: u32,
    #[choose_number(min = 0, max = *wood, group = cargo, skip_if = "never")]
    stone: u32,
}

fn main() {}
