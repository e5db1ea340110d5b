//! Records: the log as stored (a record per submission, enough to replay a game), records
//! followed as each viewer sees them, and what a move reveals that was hidden. They stand
//! on the rules and the lookahead core, and the engine writes them.

pub(crate) mod follower;
pub(crate) mod log;
pub(crate) mod reveal;
