use meeple::View;

#[derive(Clone, View)]
struct Table {
    #[view(len)]
    score: u32,
}

fn main() {}
