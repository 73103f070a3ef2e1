//! The server's key for sealing `requestState`.

use rmcp::model::RequestStateCodec;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// The server's secret for `requestState`: an HMAC-SHA-256 key (rmcp's
/// `RequestStateCodec`), cheap to clone. Give every replica of a server the
/// same key, or a state sealed by one cannot be opened by another.
#[derive(Clone)]
pub struct StateKey {
    pub(super) codec: Arc<RequestStateCodec>,
    pub(super) ttl: Option<Duration>,
}

impl StateKey {
    /// The shortest secret accepted, in bytes.
    pub const MIN_LEN: usize = RequestStateCodec::MIN_KEY_LENGTH;

    /// A key from `secret` (at least [`StateKey::MIN_LEN`] bytes of
    /// high-entropy material, kept out of clients' reach).
    pub fn new(secret: impl Into<Vec<u8>>) -> Result<StateKey, StateKeyError> {
        let secret = secret.into();
        let length = secret.len();
        RequestStateCodec::try_new(secret)
            .map(StateKey::from_codec)
            .map_err(|_| StateKeyError { length })
    }

    /// A key from a configured codec: a keyring, for rotating keys
    /// (`RequestStateCodec::new_with_keyring`).
    pub fn from_codec(codec: RequestStateCodec) -> StateKey {
        StateKey {
            codec: Arc::new(codec),
            ttl: None,
        }
    }

    /// States opened with this key are refused (-32602) once older than
    /// `ttl` (none by default). Every state carries its issue time inside
    /// the seal, and the TTL of the key that *opens* it is held against it:
    /// a state sealed while the key had no TTL, or by a replica configured
    /// otherwise, expires all the same. Each round seals a fresh state, so
    /// the TTL is the time the client has for one round. Replicas' clocks
    /// should agree to well within it.
    pub fn with_ttl(mut self, ttl: Duration) -> StateKey {
        self.ttl = Some(ttl);
        self
    }
}

impl fmt::Debug for StateKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StateKey")
            .field("key", &"<redacted>")
            .field("ttl", &self.ttl)
            .finish()
    }
}

/// A secret too short for a [`StateKey`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateKeyError {
    /// The length of the secret given, in bytes.
    pub length: usize,
}

impl fmt::Display for StateKeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a requestState key needs at least {} bytes, got {}",
            StateKey::MIN_LEN,
            self.length
        )
    }
}

impl std::error::Error for StateKeyError {}
