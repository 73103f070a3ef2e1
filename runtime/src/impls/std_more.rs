//! More std types, as serde writes and reads them: paths, OS strings,
//! network addresses, time, ranges, wrappers.
