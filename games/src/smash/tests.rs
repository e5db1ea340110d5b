//! Rules tests of the Smash Up-style game.
