use meeple::{Stack, View};

#[derive(Clone, View)]
struct Table {
    #[view(len, order)]
    deck: Stack<u8>,
}

fn main() {}
