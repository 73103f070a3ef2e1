//! Whether a declared bound fits the type it bounds, read from the type's
//! tokens: `range(..)` inside the range of an integer type (`u8` holds 0 to
//! 255, so `max = 999` or `min = -5` describes values serde never reads),
//! and `length(..)` of a fixed array including the array's size.
//!
//! A derive sees only tokens. The names read here are the primitive integer
//! types (`u8`..`u128`, `i8`..`i128`), `NonZero*` (the range of their base
//! type, as the runtime gives it), `f32`, `f64`, and the containers around
//! them: `Option`, `Box`, `Rc`, `Arc`, references, `Vec` and the other std
//! sequences and sets, slices and arrays, std maps and `IndexMap` (by their
//! values). `usize`/`isize` are as wide as the target, which the derive (run
//! on the host) does not know: a bound is decided here only when it is
//! certain on every target (a negative `min` on `usize` is outside; a bound
//! within 16 bits fits), else the `const` check decides where the type is
//! compiled. Any other spelling (a type alias, a user's newtype) is not
//! guessed at: `range(..)` keeps the `const` check over the type's shape
//! (`check_range`), which sees through aliases but not through a newtype's
//! inner shape.

use super::value::Number;

/// What the tokens of a type say, as far as bounds go.
pub enum Known {
    /// An integer type. `exact`: the range is the type's on every target;
    /// otherwise (`usize`, `isize`) it is the part certain on every target.
    Int {
        name: String,
        min: i128,
        max: i128,
        exact: bool,
    },
    /// `f32`: bounds beyond its largest finite value say nothing.
    F32,
    /// A sequence: `len` is a fixed array's size, when written as a literal.
    Seq { items: Box<Known>, len: Option<u64> },
    /// A map, by its values.
    Map { value: Box<Known> },
    /// Not a type these checks read (`f64`, `String`, `bool`, ...): nothing
    /// to decide.
    Other,
    /// Not seen through: decided where the type is compiled, if at all.
    Unknown,
}

/// The verdict on one bound list.
pub enum Fit {
    /// Certainly fits.
    Fits,
    /// Certainly outside: the reason.
    Outside(String),
    /// Not decided from the tokens.
    Unknown,
}

impl Known {
    pub fn of(ty: &syn::Type) -> Known {
        match ty {
            syn::Type::Group(g) => Known::of(&g.elem),
            syn::Type::Paren(p) => Known::of(&p.elem),
            syn::Type::Reference(r) => Known::of(&r.elem),
            syn::Type::Slice(s) => Known::Seq {
                items: Box::new(Known::of(&s.elem)),
                len: None,
            },
            syn::Type::Array(a) => Known::Seq {
                items: Box::new(Known::of(&a.elem)),
                len: literal_len(&a.len),
            },
            syn::Type::Path(p) if p.qself.is_none() => path(&p.path),
            _ => Known::Unknown,
        }
    }

    /// Follows `items` (`true`) and `values` (`false`) steps.
    fn at(&self, steps: &[bool]) -> &Known {
        let Some((first, rest)) = steps.split_first() else {
            return self;
        };
        match (self, first) {
            (Known::Seq { items, .. }, true) => items.at(rest),
            (Known::Map { value }, false) => value.at(rest),
            // A step the type lacks is the type assertion's error.
            _ => &Known::Other,
        }
    }

    /// Whether `range(min, max)`, at `steps` inside this type, fits it.
    pub fn range_fits(&self, steps: &[bool], min: Option<Number>, max: Option<Number>) -> Fit {
        let place = if steps.is_empty() {
            "the field's type"
        } else if steps.last() == Some(&true) {
            "each item's type"
        } else {
            "each value's type"
        };
        match self.at(steps) {
            Known::Int {
                name,
                min: lo,
                max: hi,
                exact,
            } => {
                let mut undecided = false;
                for (key, bound) in [("min", min), ("max", max)] {
                    let Some(bound) = bound else { continue };
                    let v = bound.as_f64();
                    let (below, above) = match bound {
                        Number::Int(i) => (i128::from(i) < *lo, i128::from(i) > *hi),
                        Number::UInt(u) => (false, i128::from(u) > *hi),
                        Number::Float(_) => (v < *lo as f64, v > *hi as f64),
                    };
                    // Outside the part certain on every target, but maybe
                    // inside on this one.
                    if !exact && (above || (below && *lo < 0)) {
                        undecided = true;
                        continue;
                    }
                    if below || above {
                        let (side, edge, extreme) = if below {
                            ("below", lo, "smallest")
                        } else {
                            ("above", hi, "largest")
                        };
                        return Fit::Outside(format!(
                            "`{key} = {}` is {side} the {extreme} `{name}` ({edge}), {place}: \
                             serde never reads such a value, so the bound would advertise \
                             values that are refused; the bounds must lie within {lo} to {hi} \
                             (or use a wider type)",
                            bound.to_text(),
                        ));
                    }
                }
                if undecided { Fit::Unknown } else { Fit::Fits }
            }
            Known::F32 => {
                for (key, bound) in [("min", min), ("max", max)] {
                    if let Some(bound) = bound
                        && bound.as_f64().abs() > f64::from(f32::MAX)
                    {
                        return Fit::Outside(format!(
                            "`{key} = {}` is beyond the largest finite `f32` \
                             (3.4028235e38), {place}: no finite `f32` lies there; bound an \
                             `f64` instead",
                            bound.to_text()
                        ));
                    }
                }
                Fit::Fits
            }
            Known::Unknown => Fit::Unknown,
            Known::Seq { .. } | Known::Map { .. } | Known::Other => Fit::Fits,
        }
    }

    /// Whether `length(min, max)`, at `steps` inside this type, leaves a
    /// fixed array its size (other types: fits).
    pub fn length_fits(&self, steps: &[bool], min: Option<u64>, max: Option<u64>) -> Fit {
        let Known::Seq { len: Some(n), .. } = self.at(steps) else {
            return Fit::Fits;
        };
        let n = *n;
        let what = if steps.is_empty() {
            "the field"
        } else if steps.last() == Some(&true) {
            "each item"
        } else {
            "each value"
        };
        let bad = match (min, max) {
            (Some(m), _) if m > n => Some(format!("min = {m}")),
            (_, Some(m)) if m < n => Some(format!("max = {m}")),
            _ => None,
        };
        match bad {
            Some(bad) => Fit::Outside(format!(
                "`length({bad})` excludes the array's size: {what} is an array of exactly {n} \
                 items (serde reads and writes no other length), so no value could satisfy it; \
                 drop the bound or change the array's size"
            )),
            None => Fit::Fits,
        }
    }
}

/// `N` of `[T; N]`, when it is an integer literal.
fn literal_len(expr: &syn::Expr) -> Option<u64> {
    match super::receiver::strip_group(expr) {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Int(i),
            ..
        }) => i.base10_parse().ok(),
        _ => None,
    }
}

/// The crates whose paths are read (`std::collections::BTreeMap`, ...).
const ROOTS: &[&str] = &["std", "core", "alloc", "indexmap"];

fn path(path: &syn::Path) -> Known {
    let segments = &path.segments;
    let Some(last) = segments.last() else {
        return Known::Unknown;
    };
    let single = segments.len() == 1 && path.leading_colon.is_none();
    if !single
        && !segments
            .first()
            .is_some_and(|s| ROOTS.iter().any(|r| s.ident == r))
    {
        return Known::Unknown;
    }
    let args: Vec<&syn::Type> = match &last.arguments {
        syn::PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|a| match a {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        syn::PathArguments::None => Vec::new(),
        syn::PathArguments::Parenthesized(_) => return Known::Unknown,
    };
    let name = last.ident.to_string();
    let int = |min: i128, max: i128| Known::Int {
        name: name.clone(),
        min,
        max,
        exact: true,
    };
    match (name.as_str(), args.as_slice()) {
        ("Option" | "Box" | "Rc" | "Arc" | "NonZero" | "Reverse" | "Wrapping", [inner]) => {
            match (name.as_str(), Known::of(inner)) {
                // `NonZero<u8>`: the runtime gives it the range of `u8`.
                ("NonZero" | "Reverse" | "Wrapping", k @ Known::Int { .. }) => k,
                ("NonZero" | "Reverse" | "Wrapping", _) => Known::Unknown,
                (_, k) => k,
            }
        }
        (
            "Vec" | "VecDeque" | "LinkedList" | "BinaryHeap" | "HashSet" | "BTreeSet" | "IndexSet",
            [items, ..],
        ) => Known::Seq {
            items: Box::new(Known::of(items)),
            len: None,
        },
        ("HashMap" | "BTreeMap" | "IndexMap", [_, value, ..]) => Known::Map {
            value: Box::new(Known::of(value)),
        },
        (_, []) => match name.strip_prefix("NonZero").unwrap_or(&name) {
            "u8" | "U8" => int(0, u8::MAX.into()),
            "u16" | "U16" => int(0, u16::MAX.into()),
            "u32" | "U32" => int(0, u32::MAX.into()),
            "u64" | "U64" => int(0, u64::MAX.into()),
            "i8" | "I8" => int(i8::MIN.into(), i8::MAX.into()),
            "i16" | "I16" => int(i16::MIN.into(), i16::MAX.into()),
            "i32" | "I32" => int(i32::MIN.into(), i32::MAX.into()),
            "i64" | "I64" => int(i64::MIN.into(), i64::MAX.into()),
            // Beyond what a bound can be written as (u64::MAX, i64::MIN):
            // only the sign is checked.
            "u128" | "U128" => int(0, i128::MAX),
            "i128" | "I128" => int(i128::MIN, i128::MAX),
            "usize" | "Usize" => Known::Int {
                name: name.clone(),
                min: 0,
                max: u16::MAX.into(),
                exact: false,
            },
            "isize" | "Isize" => Known::Int {
                name: name.clone(),
                min: i16::MIN.into(),
                max: i16::MAX.into(),
                exact: false,
            },
            "f32" => Known::F32,
            "f64" | "String" | "str" | "bool" | "char" => Known::Other,
            _ => Known::Unknown,
        },
        _ => Known::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fit(ty: &str, steps: &[bool], min: Option<Number>, max: Option<Number>) -> &'static str {
        let ty: syn::Type = syn::parse_str(ty).unwrap_or_else(|_| syn::parse_quote!(()));
        match Known::of(&ty).range_fits(steps, min, max) {
            Fit::Fits => "fits",
            Fit::Outside(_) => "outside",
            Fit::Unknown => "unknown",
        }
    }

    #[test]
    fn integer_bounds_fit_the_type() {
        let u = |v| Some(Number::UInt(v));
        let i = |v| Some(Number::Int(v));
        assert_eq!(fit("u8", &[], u(1), u(255)), "fits");
        assert_eq!(fit("u8", &[], u(1), u(999)), "outside");
        assert_eq!(fit("u8", &[], i(-5), None), "outside");
        assert_eq!(fit("Option<u16>", &[], None, u(70000)), "outside");
        assert_eq!(fit("Option<Box<u16>>", &[], None, u(65535)), "fits");
        assert_eq!(fit("std::num::NonZeroU8", &[], None, u(256)), "outside");
        assert_eq!(fit("NonZero<i8>", &[], i(-129), None), "outside");
        assert_eq!(fit("Vec<u8>", &[true], None, u(300)), "outside");
        assert_eq!(fit("[u8; 4]", &[true], None, u(255)), "fits");
        assert_eq!(
            fit("BTreeMap<String, i8>", &[false], i(-200), None),
            "outside"
        );
        assert_eq!(
            fit(
                "Option<HashMap<String, Vec<u8>>>",
                &[false, true],
                None,
                u(256)
            ),
            "outside"
        );
        assert_eq!(fit("u8", &[], Some(Number::Float(255.5)), None), "outside");
        assert_eq!(fit("u8", &[], Some(Number::Float(0.5)), None), "fits");
        assert_eq!(fit("u128", &[], i(-1), None), "outside");
        assert_eq!(fit("u128", &[], None, u(u64::MAX)), "fits");
        assert_eq!(fit("usize", &[], i(-1), None), "outside");
        assert_eq!(fit("usize", &[], None, u(70000)), "unknown");
        assert_eq!(fit("usize", &[], None, u(1000)), "fits");
        assert_eq!(fit("isize", &[], i(-70000), None), "unknown");
        assert_eq!(fit("f32", &[], None, Some(Number::Float(1e39))), "outside");
        assert_eq!(fit("f32", &[], None, Some(Number::Float(1e38))), "fits");
        assert_eq!(fit("f64", &[], None, Some(Number::Float(1e300))), "fits");
        assert_eq!(fit("Alias", &[], None, u(70000)), "unknown");
        assert_eq!(fit("my::u8", &[], None, u(700)), "unknown");
        assert_eq!(fit("std::primitive::u8", &[], None, u(700)), "outside");
    }

    #[test]
    fn a_length_leaves_a_fixed_array_its_size() {
        let ty: syn::Type = syn::parse_quote!(Option<[u8; 2]>);
        let k = Known::of(&ty);
        assert!(matches!(k.length_fits(&[], None, Some(1)), Fit::Outside(_)));
        assert!(matches!(k.length_fits(&[], Some(2), Some(2)), Fit::Fits));
        let ty: syn::Type = syn::parse_quote!(Vec<[u8; 2]>);
        let k = Known::of(&ty);
        assert!(matches!(
            k.length_fits(&[true], Some(3), None),
            Fit::Outside(_)
        ));
        assert!(matches!(k.length_fits(&[], Some(3), None), Fit::Fits));
        let ty: syn::Type = syn::parse_quote!([u8; N]);
        assert!(matches!(
            Known::of(&ty).length_fits(&[], Some(3), None),
            Fit::Fits
        ));
    }
}
