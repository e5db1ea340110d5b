use meeple::{PerPlayer, Stack, View};

#[derive(Clone, View)]
struct Table {
    #[view(secret)]
    deck: Stack<u8>,
    #[view(others = invisible)]
    hands: PerPlayer<Stack<u8>>,
}

fn main() {}
