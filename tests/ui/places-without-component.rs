use meeple::{Places, Stack};

#[derive(Places)]
struct Table {
    draw: Stack<u8>,
}

fn main() {}
