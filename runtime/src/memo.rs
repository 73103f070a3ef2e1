//! Process-wide caches: a value computed once per key (most often the
//! address of a `'static` item: a shape, a form, a pattern) and kept for the
//! life of the process. The one copy of the read-then-store dance.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{OnceLock, PoisonError, RwLock};

/// A cache from `K` to `V`, usable in a `static`.
pub(crate) struct Memo<K, V>(OnceLock<RwLock<HashMap<K, V>>>);

impl<K: Eq + Hash, V: Clone> Memo<K, V> {
    /// An empty cache.
    pub(crate) const fn new() -> Self {
        Memo(OnceLock::new())
    }

    /// The value kept for `key`, else `keep(make())`, stored. `make` runs
    /// with no lock held, so it may use this cache itself (plans of
    /// recursive types do); of two threads that race, the first to store
    /// wins, and `keep` runs only for the value stored.
    pub(crate) fn get_or_store<P>(
        &self,
        key: K,
        make: impl FnOnce() -> P,
        keep: impl FnOnce(P) -> V,
    ) -> V {
        let map = self.0.get_or_init(Default::default);
        if let Some(found) = map.read().unwrap_or_else(PoisonError::into_inner).get(&key) {
            return found.clone();
        }
        let made = make();
        map.write()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(key)
            .or_insert_with(|| keep(made))
            .clone()
    }

    /// The value kept for `key`, else `make()`, stored.
    pub(crate) fn get_or(&self, key: K, make: impl FnOnce() -> V) -> V {
        self.get_or_store(key, make, |v| v)
    }
}

impl<K: Eq + Hash, T: 'static> Memo<K, &'static T> {
    /// The value kept for `key`, else `make()`, leaked (once) and stored.
    pub(crate) fn leak(&self, key: K, make: impl FnOnce() -> T) -> &'static T {
        self.get_or_store(key, make, |made| &*Box::leak(Box::new(made)))
    }
}
