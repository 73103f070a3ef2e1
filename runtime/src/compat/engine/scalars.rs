//! Literals, numbers and strings: the left's values and bounds against the
//! right's keywords.

use super::*;

impl<'a> Engine<'a> {
    // -------------------------------------------------------------- literals

    /// Whether the literal certainly fails `m`'s own keywords (shallow).
    pub(super) fn lit_excluded(&mut self, l: Lit<'a>, m: &'a Map<String, Value>) -> bool {
        let bits = l.bits();
        let t = type_bits(m);
        if bits & t == 0 && !(bits == TI && t & TF != 0) {
            return true;
        }
        if m.contains_key("enum") || m.contains_key("const") {
            let c = l.canon();
            if !self.enum_set(m).is_some_and(|s| s.contains(&c)) {
                return true;
            }
        }
        if let Some(n) = l.as_num() {
            let (lo, hi) = bounds(m);
            if let Some((b, ex)) = lo {
                match cmp_num(n, b) {
                    Ordering::Less => return true,
                    Ordering::Equal if ex => return true,
                    _ => {}
                }
            }
            if let Some((b, ex)) = hi {
                match cmp_num(n, b) {
                    Ordering::Greater => return true,
                    Ordering::Equal if ex => return true,
                    _ => {}
                }
            }
            if let Some(mo) = m.get("multipleOf").and_then(Value::as_f64)
                && !is_multiple(num_f(n), mo)
            {
                return true;
            }
        }
        if let Some(s) = l.as_str() {
            let len = s.chars().count() as u64;
            if count(m.get("minLength")).is_some_and(|n| len < n)
                || count(m.get("maxLength")).is_some_and(|n| len > n)
            {
                return true;
            }
            if let Some(p) = m.get("pattern").and_then(Value::as_str)
                && self.matches(p, s) == Some(false)
            {
                return true;
            }
            if let Some(f) = m.get("format").and_then(Value::as_str)
                && crate::args::formats::is_valid(f, s) == Some(false)
            {
                return true;
            }
        }
        match l {
            Lit::V(Value::Object(o)) => {
                if strs(m.get("required")).any(|r| !o.contains_key(r)) {
                    return true;
                }
                if m.get("additionalProperties") == Some(&FALSE)
                    && !m.contains_key("patternProperties")
                {
                    let props = m.get("properties").and_then(Value::as_object);
                    if o.keys().any(|k| !props.is_some_and(|p| p.contains_key(k))) {
                        return true;
                    }
                }
            }
            Lit::V(Value::Array(a)) => {
                let n = a.len() as u64;
                if count(m.get("minItems")).is_some_and(|x| n < x)
                    || count(m.get("maxItems")).is_some_and(|x| n > x)
                {
                    return true;
                }
            }
            _ => {}
        }
        false
    }

    // -------------------------------------------------------------- numbers

    pub(super) fn left_bounds(&self, conj: &[Item<'a>]) -> (Bound, Bound, Vec<f64>) {
        let (mut lo, mut hi, mut mults) = (None, None, Vec::new());
        for it in conj {
            match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => {
                    let (a, b) = bounds(m);
                    lo = tighter_lo(lo, a);
                    hi = tighter_hi(hi, b);
                    if let Some(f) = m.get("multipleOf").and_then(Value::as_f64)
                        && f > 0.0
                    {
                        mults.push(f);
                    }
                }
                Item::Lit {
                    v: Value::Number(n),
                    ..
                } => {
                    let n = num_of(n);
                    lo = tighter_lo(lo, Some((n, false)));
                    hi = tighter_hi(hi, Some((n, false)));
                }
                _ => {}
            }
        }
        (lo, hi, mults)
    }

    /// Integer bounds of an integer-only left: inclusive, snapped to the
    /// integer multiples it requires.
    pub(super) fn int_bounds(lo: Bound, hi: Bound, mults: &[f64]) -> (Option<i128>, Option<i128>) {
        let mut ilo = lo.and_then(|(n, ex)| ceil_int(n, ex));
        let mut ihi = hi.and_then(|(n, ex)| floor_int(n, ex));
        for &m in mults {
            if m >= 1.0 && m.fract() == 0.0 && m < 1e15 {
                let m = m as i128;
                ilo = ilo.map(|l| l.div_euclid(m) * m + if l.rem_euclid(m) == 0 { 0 } else { m });
                ihi = ihi.map(|h| h.div_euclid(m) * m);
            }
        }
        (ilo, ihi)
    }

    pub(super) fn numbers_empty(&self, conj: &[Item<'a>], t: u8) -> bool {
        let (lo, hi, mults) = self.left_bounds(conj);
        if t & NUM == TI {
            let (ilo, ihi) = Self::int_bounds(lo, hi, &mults);
            return matches!((ilo, ihi), (Some(a), Some(b)) if a > b);
        }
        match (lo, hi) {
            (Some((a, ax)), Some((b, bx))) => match cmp_num(a, b) {
                Ordering::Greater => true,
                Ordering::Equal => ax || bx,
                Ordering::Less => false,
            },
            _ => false,
        }
    }

    pub(super) fn check_number(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        lit: Option<Lit<'a>>,
        types: u8,
        fails: &mut Vec<Failure>,
    ) {
        let (rlo, rhi) = bounds(rm);
        let rmult = rm.get("multipleOf").and_then(Value::as_f64);
        if rlo.is_none() && rhi.is_none() && rmult.is_none() {
            return;
        }
        let (lo, hi, mults) = self.left_bounds(conj);
        let int_only = types & NUM == TI;
        let (ilo, ihi) = Self::int_bounds(lo, hi, &mults);
        if let Some((r, rex)) = rlo {
            let kw = if rex && rm.contains_key("exclusiveMinimum") {
                "exclusiveMinimum"
            } else {
                "minimum"
            };
            let ok = if int_only {
                matches!((ilo, ceil_int(r, rex)), (Some(l), Some(ri)) if l >= ri)
            } else {
                lo.is_some_and(|(l, lex)| match cmp_num(l, r) {
                    Ordering::Greater => true,
                    Ordering::Equal => !rex || lex,
                    Ordering::Less => false,
                })
            };
            if !ok {
                let witness = match (int_only, ceil_int(r, rex)) {
                    (true, Some(ri)) => range_text(ilo, Some(ri - 1)),
                    _ => match lo {
                        Some((l, _)) if cmp_num(l, r) == Ordering::Equal => {
                            format!("of exactly {}", show_num(r))
                        }
                        _ => format!("below {}", show_num(r)),
                    },
                };
                let f = self.fail(g, conj, kw, show_lo(lo), show_lo(rlo), witness, true);
                fails.push(f);
            }
        }
        if let Some((r, rex)) = rhi {
            let kw = if rex && rm.contains_key("exclusiveMaximum") {
                "exclusiveMaximum"
            } else {
                "maximum"
            };
            let ok = if int_only {
                matches!((ihi, floor_int(r, rex)), (Some(l), Some(ri)) if l <= ri)
            } else {
                hi.is_some_and(|(l, lex)| match cmp_num(l, r) {
                    Ordering::Less => true,
                    Ordering::Equal => !rex || lex,
                    Ordering::Greater => false,
                })
            };
            if !ok {
                let witness = match (int_only, floor_int(r, rex)) {
                    (true, Some(ri)) => range_text(Some(ri + 1), ihi),
                    _ => match hi {
                        Some((l, _)) if cmp_num(l, r) == Ordering::Equal => {
                            format!("of exactly {}", show_num(r))
                        }
                        _ => format!("above {}", show_num(r)),
                    },
                };
                let f = self.fail(g, conj, kw, show_hi(hi), show_hi(rhi), witness, true);
                fails.push(f);
            }
        }
        if let Some(m) = rmult {
            let point = lit
                .and_then(|l| l.as_num())
                .map(num_f)
                .or(match (ilo, ihi) {
                    (Some(a), Some(b)) if a == b && int_only => Some(a as f64),
                    _ => None,
                });
            let ok = match point {
                Some(x) => is_multiple(x, m),
                None => {
                    mults.iter().any(|&lm| is_multiple(lm, m)) || (int_only && is_multiple(1.0, m))
                }
            };
            if !ok {
                let old = match mults.first() {
                    Some(lm) => show_num(Num::F(*lm)),
                    None => "none".into(),
                };
                let f = self.fail(
                    g,
                    conj,
                    "multipleOf",
                    old,
                    show_num(Num::F(m)),
                    format!("that is not a multiple of {}", show_num(Num::F(m))),
                    true,
                );
                fails.push(f);
            }
        }
    }

    // -------------------------------------------------------------- strings

    pub(super) fn check_string(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        lit: Option<Lit<'a>>,
        fails: &mut Vec<Failure>,
    ) {
        let (lmin, lmax) = str_lengths(conj);
        self.check_counts(
            g,
            conj,
            rm,
            ["minLength", "maxLength"],
            (lmin, lmax),
            |lmin, r| {
                format!(
                    "that is a string of {}",
                    chars_range(lmin, r.saturating_sub(1))
                )
            },
            |r| format!("that is a string of more than {r} characters"),
            fails,
        );
        let text = lit
            .and_then(Lit::as_str)
            .or(if lmax == Some(0) { Some("") } else { None });
        let left_has = |kw: &str, want: &str| {
            conj.iter().any(|it| {
                matches!(*it, Item::S { v: Value::Object(m), .. } if m.get(kw).and_then(Value::as_str) == Some(want))
            })
        };
        let left_text = |kw: &str| {
            conj.iter()
                .find_map(|it| match *it {
                    Item::S {
                        v: Value::Object(m),
                        ..
                    } => m.get(kw).and_then(Value::as_str),
                    _ => None,
                })
                .map_or("none".into(), crate::json::quoted)
        };
        if let Some(p) = rm.get("pattern").and_then(Value::as_str) {
            let old = left_text("pattern");
            let found = match text {
                Some(s) => match self.matches(p, s) {
                    Some(true) => None,
                    Some(false) => Some((format!("of {}", crate::json::quoted(s)), true)),
                    None => Some((
                        "that the new pattern holds (it does not compile as ECMA-262)".into(),
                        false,
                    )),
                },
                None if left_has("pattern", p) || self.universal(p) => None,
                None if self.left_is_old() => Some((
                    "that every string the old schema accepted matches the new pattern".into(),
                    false,
                )),
                None => Some((
                    "that every string the new schema allows matches the old pattern".into(),
                    false,
                )),
            };
            if let Some((witness, proven)) = found {
                let f = self.fail(
                    g,
                    conj,
                    "pattern",
                    old,
                    crate::json::quoted(p),
                    witness,
                    proven,
                );
                fails.push(f);
            }
        }
        if let Some(fmt) = rm.get("format").and_then(Value::as_str) {
            let old = left_text("format");
            let found = match text {
                Some(s) => match crate::args::formats::is_valid(fmt, s) {
                    Some(true) => None,
                    Some(false) => Some((format!("of {}", crate::json::quoted(s)), true)),
                    None => Some((
                        format!(
                            "that {} is a valid {} (an unknown format)",
                            crate::json::quoted(s),
                            crate::json::quoted(fmt)
                        ),
                        false,
                    )),
                },
                None if left_has("format", fmt) => None,
                None => {
                    let proven = crate::args::formats::is_valid(fmt, "").is_some() && old == "none";
                    let witness = if proven {
                        format!("that is a string but not a valid {fmt}")
                    } else {
                        format!(
                            "that every string the {} schema allows is a valid {}",
                            if self.left_is_old() { "old" } else { "new" },
                            crate::json::quoted(fmt)
                        )
                    };
                    Some((witness, proven))
                }
            };
            if let Some((witness, proven)) = found {
                let f = self.fail(
                    g,
                    conj,
                    "format",
                    old,
                    crate::json::quoted(fmt),
                    witness,
                    proven,
                );
                fails.push(f);
            }
        }
    }

    /// A pattern every string contains a match of: no anchors or look-
    /// arounds, and it matches the empty string.
    pub(super) fn universal(&mut self, p: &'a str) -> bool {
        !p.contains(['^', '$', '\\', '(']) && self.matches(p, "") == Some(true)
            || matches!(p, "^.*$" | "^[\\s\\S]*$" | "^(.*)$")
    }
}
