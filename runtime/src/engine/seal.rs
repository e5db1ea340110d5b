//! Seals ([`Engine::sealed_log`], [`Engine::replay_sealed`]): a digest of a game's log
//! and state, so that a log altered since cannot be replayed as the game it was.

use sha2::{Digest, Sha256};

use super::{Engine, ReplayError};
use crate::records::log::{GameLog, LogSeal};
use crate::rules::game::Game;
use crate::seen::view::Serialized;

impl<G: Game> Engine<G> {
    /// Replays `log` as [`replay`](Self::replay) does, and requires its [`LogSeal`]: for
    /// logs that must be checked whole (a file of [`sealed_log`](Self::sealed_log)s).
    ///
    /// # Errors
    /// [`ReplayError::Unsealed`] when the log has no seal, or any error of
    /// [`replay`](Self::replay).
    pub fn replay_sealed(log: &GameLog<G>) -> Result<Self, ReplayError> {
        if log.seal.is_none() {
            return Err(ReplayError::Unsealed);
        }
        Self::replay(log)
    }

    /// This game's log with its [`LogSeal`]: the number of records, the outcome if the
    /// game is over and the [`digest`](Self::digest) of where it stands, so that a replay
    /// checks the log whole ([`replay`](Self::replay) when the seal is there,
    /// [`replay_sealed`](Self::replay_sealed) to require it).
    ///
    /// Writes the log as [`log`](Self::log) does.
    #[must_use]
    pub fn sealed_log(&self) -> GameLog<G> {
        let mut log = self.log();
        log.seal = Some(LogSeal {
            records: log.records.len(),
            outcome: self.position().outcome(),
            digest: self.digest(),
        });
        log
    }

    /// SHA-256, in lowercase hexadecimal, of this game's setup (name, seed, seats, config,
    /// forced play, and the seats asked their forced moves when there are any), its full
    /// state and its chance's state, each serialized as JSON: the
    /// digest of a [`LogSeal`]. A game's state must serialize the same way every time (no
    /// hash maps), as its replay byte for byte already requires.
    #[must_use]
    pub fn digest(&self) -> String {
        let mut hasher = Sha256::new();
        let setup = (
            G::NAME,
            self.seed,
            self.position().players(),
            &self.config,
            self.position.settings().autoplay_forced,
        );
        hash_json(&mut hasher, &setup);
        // Seats asked their forced moves are part of the setup; none hashes as before.
        let asked_always = self.position.settings().asked_always;
        if !asked_always.is_empty() {
            hash_json(&mut hasher, &asked_always);
        }
        // So is stopping forced plays at the next player; not stopping hashes as before.
        if self.position.settings().stop_forced_at_next_player {
            hash_json(&mut hasher, &"stop_forced_at_next_player");
        }
        // A game set up by its rules hashes as it always did; a start is part of the setup.
        if let Some(start) = self.log_start() {
            hash_json(&mut hasher, &start);
        }
        hash_json(&mut hasher, &Serialized(self.position().state()));
        hash_json(&mut hasher, self.position.chance());
        hasher
            .finalize()
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect()
    }

    /// Checks this replayed game against the seal of its log.
    pub(super) fn check_seal(&self, seal: &LogSeal) -> Result<(), ReplayError> {
        let found = self.logged();
        if seal.records != found {
            return Err(ReplayError::SealRecords {
                sealed: seal.records,
                found,
            });
        }
        let outcome = self.position().outcome();
        if seal.outcome != outcome {
            return Err(ReplayError::SealOutcome {
                sealed: seal.outcome.clone().map(Box::new),
                found: outcome.map(Box::new),
            });
        }
        let digest = self.digest();
        if seal.digest != digest {
            return Err(ReplayError::SealDigest {
                sealed: seal.digest.clone(),
                found: digest,
            });
        }
        Ok(())
    }
}

/// Feeds `value` as JSON to `hasher`, then a newline (which compact JSON never holds), so
/// that the parts of a digest cannot run into each other. A value that cannot be
/// serialized feeds its error's text, which is as deterministic.
pub(super) fn hash_json(hasher: &mut Sha256, value: &impl serde::Serialize) {
    /// Writes into the hasher, so the JSON text is never held whole.
    struct Feed<'a>(&'a mut Sha256);
    impl std::io::Write for Feed<'_> {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.update(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    if let Err(error) = serde_json::to_writer(Feed(hasher), value) {
        hasher.update(error.to_string().as_bytes());
    }
    hasher.update(b"\n");
}
