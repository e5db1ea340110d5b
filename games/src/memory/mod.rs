//! memory (being written).
