use meeple::View;

#[derive(Clone, serde::Serialize, View)]
struct Table {
    #[view(len)]
    score: u32,
}

fn main() {}
