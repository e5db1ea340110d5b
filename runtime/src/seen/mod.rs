//! The types a client reads and sends: prompts, submissions, views (and what hides a
//! value in them), scenes, and the positions of values in a view's JSON. They stand on
//! the pieces alone, so the rules and the engine can both speak them.

pub(crate) mod json_tree;
pub(crate) mod observation;
pub(crate) mod prompt;
pub mod scene;
pub(crate) mod submission;
pub(crate) mod view;
