//! Games written with meeple.
