//! The sealed `requestState`: what it carries ([`Envelope`]), opening it,
//! and the time and nonce sealed into it.

use super::{RoundError, StateKey, StateProblem};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Opens a sealed state: the seal (rmcp: HMAC, key id, rmcp's own expiry),
/// then the envelope's version and, under a key with a TTL, its issue time.
pub(super) fn open<S: DeserializeOwned>(
    key: &StateKey,
    sealed: &str,
    binding: &[u8],
) -> Result<Envelope<S>, RoundError> {
    let envelope = key
        .codec
        .open_json_with::<Envelope<S>>(sealed, binding)
        .map_err(|e| RoundError::State(StateProblem::from(e)))?;
    if envelope.version != ENVELOPE_VERSION {
        return Err(RoundError::State(StateProblem::Unreadable));
    }
    if let Some(ttl) = key.ttl {
        let age = Duration::from_millis(now_ms().saturating_sub(envelope.issued));
        if age > ttl {
            return Err(RoundError::State(StateProblem::Expired));
        }
    }
    Ok(envelope)
}

/// Milliseconds since the Unix epoch (0 for a clock before it).
pub(super) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// 128 bits, unique with overwhelming probability: the standard library's
/// randomly keyed SipHash (keys from the operating system, fresh per
/// `RandomState`) over the time and a process-wide counter, twice. Unique,
/// not secret (the state is readable anyway).
pub(crate) fn fresh_nonce() -> String {
    use std::fmt::Write as _;
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let time = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mut nonce = String::with_capacity(32);
    for half in 0..2u8 {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u8(half);
        hasher.write_u64(count);
        hasher.write_u128(time);
        let _ = write!(nonce, "{:016x}", hasher.finish());
    }
    nonce
}

pub(super) const ENVELOPE_VERSION: u32 = 2;

/// What `requestState` carries, sealed.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Envelope<S> {
    #[serde(rename = "v")]
    pub(super) version: u32,
    /// When it was sealed, in milliseconds since the Unix epoch: the key's
    /// TTL is held against it when opened, whatever the key was at sealing.
    pub(super) issued: u64,
    /// Minted in the first round, the same in every later round of the flow.
    pub(super) nonce: String,
    pub(super) round: u32,
    /// The keys of the requests of the `InputRequiredResult` this state came
    /// with: the only keys whose `inputResponses` the next round reads.
    pub(super) asked: BTreeSet<String>,
    /// The answers of earlier rounds (`action`, and the form's own fields).
    pub(super) answers: BTreeMap<String, Value>,
    /// [`Rounds::ask_until_valid`](super::Rounds::ask_until_valid): how many answers under each key broke
    /// the form so far (sealed, so a client cannot reset the count but by
    /// replaying an older state).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) tries: BTreeMap<String, u32>,
    pub(super) state: S,
}

impl<S: Default> Envelope<S> {
    pub(super) fn first() -> Self {
        Envelope {
            version: ENVELOPE_VERSION,
            issued: now_ms(),
            nonce: fresh_nonce(),
            round: 0,
            asked: BTreeSet::new(),
            answers: BTreeMap::new(),
            tries: BTreeMap::new(),
            state: S::default(),
        }
    }
}
