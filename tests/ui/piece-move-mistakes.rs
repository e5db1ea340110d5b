use meeple::Action;

#[derive(Action)]
#[action(
    move_piece(from = 0, to = 1, onto = 2),
    swap_pieces(a = 0, a_index = 1, b = 2, b_index = 3, a = 4)
)]
struct Discard {}

fn main() {}
