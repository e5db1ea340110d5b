use meeple::View;

#[derive(Clone, View)]
enum Table {
    Empty,
}

fn main() {}
