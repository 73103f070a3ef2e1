//! The primitive types a field names, read from its tokens, so the derives
//! can leave out a compile-time check that cannot fail for them.
//!
//! Every check of a literal against a field's type (`range(..)` leaves a
//! value of the type, a `default` fits it, the type takes `length(..)`) is
//! a `const` or a trait bound the compiler evaluates: one item, type-checked,
//! borrow-checked and interpreted, for each key of each field. For the
//! types most fields have (`u8`..`i64`, `f32`, `f64`, `bool`, `String`, and
//! `Option` of them) the outcome is known from the name alone, so a check
//! that passes is not emitted; one that would fail is emitted as before, and
//! reports the same error at the same key. Any other spelling
//! (`std::primitive::u8`, a type alias, a generic) keeps every check.
//!
//! A name is read as the primitive or prelude type it names, as serde_derive
//! reads `Option` for its own decisions: a type of the user's own named
//! `u8` or `String` (legal, and warned about by rustc) is not seen through.

use super::value::Number;

/// What a field's type is, when its tokens name one of the types below.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Prim {
    /// An integer type and its range (`None`: unbounded on that side).
    Int {
        min: Option<i128>,
        max: Option<i128>,
    },
    /// `f32`, `f64`.
    Float,
    Bool,
    /// `String`.
    Text,
}

impl Prim {
    /// Whether the default `ty` takes (`#[serde(default)]`) can be read off
    /// the shape of its type at run time: `ty` names one of the types
    /// above but `u128`/`i128` (whose shapes have no bounds), not through
    /// `Option`, or is `Vec` of one. The runtime shows the default of a
    /// shape only where it is one of these types' (a type of the user's own
    /// with such a name has another shape, and shows no default).
    pub fn default_of_shape(ty: &syn::Type) -> bool {
        let plain = |ty: &syn::Type| {
            !super::serde_attr::is_std_option(strip(ty))
                && match Prim::of(ty) {
                    Some(Prim::Int { min, max }) => min.is_some() && max.is_some(),
                    Some(_) => true,
                    None => false,
                }
        };
        if plain(ty) {
            return true;
        }
        let syn::Type::Path(path) = strip(ty) else {
            return false;
        };
        if path.qself.is_some() || path.path.leading_colon.is_some() {
            return false;
        }
        let mut segments = path.path.segments.iter();
        let (Some(segment), None) = (segments.next(), segments.next()) else {
            return false;
        };
        let syn::PathArguments::AngleBracketed(args) = &segment.arguments else {
            return false;
        };
        let mut args = args.args.iter();
        match (args.next(), args.next()) {
            (Some(syn::GenericArgument::Type(inner)), None) => {
                segment.ident == "Vec" && plain(inner)
            }
            _ => false,
        }
    }

    /// The primitive `ty` names, through any number of `Option<..>`
    /// (`Option` forwards what these checks read).
    pub fn of(ty: &syn::Type) -> Option<Prim> {
        let ty = strip(ty);
        let syn::Type::Path(path) = ty else {
            return None;
        };
        if path.qself.is_some() {
            return None;
        }
        if super::serde_attr::is_std_option(ty) {
            let last = path.path.segments.last()?;
            let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
                return None;
            };
            let mut types = args.args.iter().filter_map(|a| match a {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            });
            let inner = types.next()?;
            return if types.next().is_none() && args.args.len() == 1 {
                Prim::of(inner)
            } else {
                None
            };
        }
        if path.path.leading_colon.is_some() || path.path.segments.len() != 1 {
            return None;
        }
        let segment = path.path.segments.first()?;
        if !matches!(segment.arguments, syn::PathArguments::None) {
            return None;
        }
        let int = |min: i128, max: i128| Prim::Int {
            min: Some(min),
            max: Some(max),
        };
        Some(match segment.ident.to_string().as_str() {
            "u8" => int(0, u8::MAX.into()),
            "u16" => int(0, u16::MAX.into()),
            "u32" => int(0, u32::MAX.into()),
            "u64" => int(0, u64::MAX.into()),
            "i8" => int(i8::MIN.into(), i8::MAX.into()),
            "i16" => int(i16::MIN.into(), i16::MAX.into()),
            "i32" => int(i32::MIN.into(), i32::MAX.into()),
            "i64" => int(i64::MIN.into(), i64::MAX.into()),
            "u128" => Prim::Int {
                min: Some(0),
                max: None,
            },
            "i128" => Prim::Int {
                min: None,
                max: None,
            },
            "f32" | "f64" => Prim::Float,
            "bool" => Prim::Bool,
            "String" => Prim::Text,
            _ => return None,
        })
    }

    /// Whether `range(min, max)` certainly leaves a value of this type (the
    /// runtime's `int_range_meets`, on the ranges the runtime gives these
    /// types; anything else is not certain).
    pub fn range_fits(self, min: Option<Number>, max: Option<Number>) -> bool {
        match self {
            Prim::Float => true,
            Prim::Int {
                min: type_min,
                max: type_max,
            } => {
                let above = match (min, type_max) {
                    (Some(m), Some(t)) => match m {
                        Number::Int(v) => i128::from(v) > t,
                        Number::UInt(v) => i128::from(v) > t,
                        // NaN is never certain.
                        Number::Float(v) => v.is_nan() || v > t as f64,
                    },
                    _ => false,
                };
                let below = match (max, type_min) {
                    (Some(m), Some(t)) => match m {
                        Number::Int(v) => i128::from(v) < t,
                        Number::UInt(v) => i128::from(v) < t,
                        Number::Float(v) => v.is_nan() || v < t as f64,
                    },
                    _ => false,
                };
                !above && !below
            }
            Prim::Bool | Prim::Text => false,
        }
    }

    /// Whether the number `value` is certainly a valid `default` of this
    /// type (`__check_default_number`).
    pub fn number_fits(self, value: Number) -> bool {
        match (self, value) {
            (Prim::Float, _) => true,
            (Prim::Int { .. }, Number::Float(_)) => false,
            (Prim::Int { .. }, v) => self.range_fits(Some(v), Some(v)),
            (Prim::Bool | Prim::Text, _) => false,
        }
    }

    /// Whether the type takes `range(..)` (the runtime's `NumberField`).
    pub fn is_number_field(self) -> bool {
        match self {
            Prim::Float => true,
            // `u128` and `i128` are not form numbers.
            Prim::Int { min, max } => min.is_some() && max.is_some(),
            Prim::Bool | Prim::Text => false,
        }
    }
}

/// `ty` without the invisible groups and parentheses around it.
fn strip(mut ty: &syn::Type) -> &syn::Type {
    loop {
        match ty {
            syn::Type::Group(g) => ty = &g.elem,
            syn::Type::Paren(p) => ty = &p.elem,
            _ => return ty,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_read_off_the_shape() {
        let yes = |s: &str| Prim::default_of_shape(&syn::parse_str(s).unwrap());
        for ty in [
            "u8",
            "i64",
            "f32",
            "bool",
            "String",
            "(u16)",
            "Vec<u32>",
            "Vec<String>",
        ] {
            assert!(yes(ty), "{ty}");
        }
        for ty in [
            "u128",
            "i128",
            "usize",
            "char",
            "Option<u8>",
            "Vec<Option<u8>>",
            "Vec<Vec<u8>>",
            "Vec<Mode>",
            "std::vec::Vec<u8>",
            "::std::string::String",
            "Mode",
            "Vec<u8, A>",
            "HashSet<u8>",
        ] {
            assert!(!yes(ty), "{ty}");
        }
    }

    fn of(s: &str) -> Option<Prim> {
        Prim::of(&syn::parse_str(s).ok()?)
    }

    #[test]
    fn names_read_as_primitives() {
        assert_eq!(
            of("u8"),
            Some(Prim::Int {
                min: Some(0),
                max: Some(255)
            })
        );
        assert_eq!(of("Option<Option<bool>>"), Some(Prim::Bool));
        assert_eq!(of("std::option::Option<String>"), Some(Prim::Text));
        assert_eq!(of("(f64)"), Some(Prim::Float));
        for other in [
            "std::primitive::u8",
            "::u8",
            "Alias",
            "Vec<u8>",
            "Option<u8, u8>",
            "<u8 as Tr>::X",
            "char",
            "usize",
            "isize",
            "String<T>",
        ] {
            assert_eq!(of(other), None, "{other}");
        }
    }

    #[test]
    fn a_range_fits_only_when_certain() {
        let u8_ = of("u8").unwrap_or(Prim::Bool);
        assert!(u8_.range_fits(Some(Number::UInt(255)), None));
        assert!(!u8_.range_fits(Some(Number::UInt(256)), None));
        assert!(!u8_.range_fits(None, Some(Number::Int(-1))));
        assert!(u8_.range_fits(None, Some(Number::UInt(0))));
        assert!(!u8_.range_fits(Some(Number::Float(255.5)), None));
        assert!(!u8_.range_fits(Some(Number::Float(f64::NAN)), None));
        assert!(u8_.range_fits(Some(Number::Float(254.5)), Some(Number::Float(0.0))));
        assert!(!u8_.range_fits(None, Some(Number::Float(-0.5))));
        let i8_ = of("i8").unwrap_or(Prim::Bool);
        assert!(!i8_.range_fits(None, Some(Number::Int(-129))));
        assert!(i8_.range_fits(Some(Number::Int(-128)), Some(Number::Int(-128))));
        assert!(
            of("f32")
                .unwrap_or(Prim::Bool)
                .range_fits(Some(Number::Float(1e300)), None)
        );
        assert!(!Prim::Text.range_fits(None, None));
        assert!(!u8_.number_fits(Number::Float(1.0)));
        assert!(u8_.number_fits(Number::UInt(7)));
        assert!(!u8_.number_fits(Number::UInt(700)));
        assert!(!of("u128").unwrap_or(Prim::Bool).is_number_field());
    }
}
