use meeple::{Stack, View};

#[derive(Clone, serde::Serialize, View)]
struct Table {
    #[view(others = hidden)]
    deck: Stack<u8>,
}

fn main() {}
