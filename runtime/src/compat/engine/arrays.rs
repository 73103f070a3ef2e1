//! Arrays: items and prefix items, counts, `contains`, uniqueness.

use super::*;

impl<'a> Engine<'a> {
    // -------------------------------------------------------------- arrays

    pub(super) fn left_item(&mut self, conj: &[Item<'a>], i: usize) -> Vec<Item<'a>> {
        let mut out = Vec::new();
        for it in conj {
            self.work += 1;
            match *it {
                Item::S {
                    v: Value::Object(m),
                    at,
                    side,
                    ..
                } => {
                    if let Some(pi) = m.get("prefixItems").and_then(Value::as_array) {
                        if let Some(s) = pi.get(i) {
                            let p = self.ptrs.index(at, "prefixItems", i);
                            out.push(self.s(s, p, side));
                            continue;
                        }
                        if let Some(s) = m.get("items") {
                            let p = self.ptrs.child(at, "items");
                            out.push(self.s(s, p, side));
                        }
                        continue;
                    }
                    match m.get("items") {
                        Some(Value::Array(list)) => {
                            if let Some(s) = list.get(i) {
                                let p = self.ptrs.index(at, "items", i);
                                out.push(self.s(s, p, side));
                            } else if let Some(s) = m.get("additionalItems") {
                                let p = self.ptrs.child(at, "additionalItems");
                                out.push(self.s(s, p, side));
                            }
                        }
                        Some(s) => {
                            let p = self.ptrs.child(at, "items");
                            out.push(self.s(s, p, side));
                        }
                        None => {}
                    }
                }
                Item::Lit {
                    v: Value::Array(a),
                    at,
                } => match a.get(i) {
                    Some(c) => {
                        let p = self.ptrs.child(at, i.to_string());
                        out.push(Item::Lit { v: c, at: p });
                    }
                    None => out.push(self.s(&FALSE, at, self.left_side)),
                },
                _ => {}
            }
        }
        out
    }

    /// (minimum, maximum) number of items of the left's arrays.
    pub(super) fn item_counts(&mut self, conj: &[Item<'a>]) -> (u64, Option<u64>) {
        let (mut min, mut max) = (0u64, None::<u64>);
        let mut prefix = 0usize;
        for it in conj {
            match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => {
                    min = min.max(count(m.get("minItems")).unwrap_or(0));
                    if let Some(x) = count(m.get("maxItems")) {
                        max = Some(max.map_or(x, |y| y.min(x)));
                    }
                    let p = m
                        .get("prefixItems")
                        .or_else(|| m.get("items").filter(|i| i.is_array()))
                        .and_then(Value::as_array)
                        .map_or(0, Vec::len);
                    prefix = prefix.max(p);
                    // `items: false` after a prefix: no more than the prefix.
                    let tail = if m.contains_key("prefixItems") {
                        m.get("items")
                    } else if m.get("items").is_some_and(Value::is_array) {
                        m.get("additionalItems")
                    } else {
                        m.get("items")
                    };
                    if tail == Some(&FALSE) {
                        let p = p as u64;
                        max = Some(max.map_or(p, |y| y.min(p)));
                    }
                }
                Item::Lit {
                    v: Value::Array(a), ..
                } => {
                    let n = a.len() as u64;
                    min = min.max(n);
                    max = Some(max.map_or(n, |y| y.min(n)));
                }
                _ => {}
            }
        }
        let _ = prefix;
        (min, max)
    }

    pub(super) fn check_array(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        out: &mut Vec<Goal<'a>>,
        fails: &mut Vec<Failure>,
    ) {
        const ARR: &[&str] = &[
            "items",
            "prefixItems",
            "additionalItems",
            "unevaluatedItems",
            "minItems",
            "maxItems",
            "uniqueItems",
            "contains",
            "minContains",
            "maxContains",
        ];
        if !ARR.iter().any(|k| rm.contains_key(*k)) {
            return;
        }
        let (lmin, lmax) = self.item_counts(conj);
        let lpre = conj
            .iter()
            .map(|it| match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => m
                    .get("prefixItems")
                    .or_else(|| m.get("items").filter(|i| i.is_array()))
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len),
                Item::Lit {
                    v: Value::Array(a), ..
                } => a.len(),
                _ => 0,
            })
            .max()
            .unwrap_or(0);
        // The right's schema for position i, and its pointer.
        let (rprefix, rtail, rprefix_kw, rtail_kw): (
            &'a [Value],
            Option<&'a Value>,
            &'static str,
            &'static str,
        ) = match (rm.get("prefixItems"), rm.get("items")) {
            (Some(Value::Array(p)), t) => (p.as_slice(), t, "prefixItems", "items"),
            (_, Some(Value::Array(p))) => (
                p.as_slice(),
                rm.get("additionalItems"),
                "items",
                "additionalItems",
            ),
            (_, t) => (&[], t, "prefixItems", "items"),
        };
        let n = lpre.max(rprefix.len());
        let reach = |i: usize| lmax.is_none_or(|m| m > i as u64);
        for i in 0..n {
            self.work += 1;
            if !reach(i) || self.work > WORK_BUDGET {
                break;
            }
            let (rs, rat) = match rprefix.get(i) {
                Some(s) => (s, self.ptrs.index(g.rat, rprefix_kw, i)),
                None => match rtail {
                    Some(s) => (s, self.ptrs.child(g.rat, rtail_kw)),
                    None => continue,
                },
            };
            let left = self.left_item(conj, i);
            let lat = self.ptrs.child(g.lat, i.to_string());
            out.push(g.child(left, rs, rat, lat, None));
        }
        if reach(n)
            && let Some(rs) = rtail
        {
            let left = self.left_item(conj, n);
            let rat = self.ptrs.child(g.rat, rtail_kw);
            let lat = self.ptrs.child(g.lat, rtail_kw);
            out.push(g.child(left, rs, rat, lat, None));
        }
        self.check_counts(
            g,
            conj,
            rm,
            ["minItems", "maxItems"],
            (lmin, lmax),
            |lmin, r| format!("with {} items", count_range(lmin, r - 1)),
            |r| format!("with more than {r} items"),
            fails,
        );
        if rm.get("uniqueItems") == Some(&TRUE) {
            let ok = lmax.is_some_and(|m| m <= 1)
                || conj.iter().any(|it| match *it {
                    Item::S {
                        v: Value::Object(m),
                        ..
                    } => m.get("uniqueItems") == Some(&TRUE),
                    Item::Lit {
                        v: Value::Array(a), ..
                    } => {
                        let set: HashSet<String> = a.iter().map(canon::to_string).collect();
                        set.len() == a.len()
                    }
                    _ => false,
                });
            if !ok {
                let f = self.fail(
                    g,
                    conj,
                    "uniqueItems",
                    "false".into(),
                    "true".into(),
                    "with two equal items".into(),
                    true,
                );
                fails.push(f);
            }
        }
        if let Some(s) = rm.get("contains") {
            let rmin = count(rm.get("minContains")).unwrap_or(1);
            let rmax = count(rm.get("maxContains"));
            if rmin > 0 {
                let rat = self.ptrs.child(g.rat, "contains");
                let mut ok = false;
                // The left's own `contains`, at least as many times.
                let lcontains: Vec<(&'a Value, P, u8, u64)> = conj
                    .iter()
                    .filter_map(|it| match *it {
                        Item::S {
                            v: Value::Object(m),
                            at,
                            side,
                            ..
                        } => m
                            .get("contains")
                            .map(|c| (c, at, side, count(m.get("minContains")).unwrap_or(1))),
                        _ => None,
                    })
                    .collect();
                for (c, at, side, lm) in lcontains {
                    if lm >= rmin {
                        let p = self.ptrs.child(at, "contains");
                        let item = self.s(c, p, side);
                        if self.trial(vec![item], s, rat, g).is_empty() {
                            ok = true;
                            break;
                        }
                    }
                }
                // Or positions every left array has that match.
                if !ok {
                    let mut found = 0u64;
                    let upto = lmin.min(64) as usize;
                    for i in 0..upto {
                        let li = self.left_item(conj, i);
                        if self.trial(li, s, rat, g).is_empty() {
                            found += 1;
                            if found >= rmin {
                                ok = true;
                                break;
                            }
                        }
                    }
                }
                if !ok {
                    let f = self.fail(
                        g,
                        conj,
                        "contains",
                        "-".into(),
                        brief(s),
                        format!("whose items do not include {rmin} matching the new `contains`"),
                        true,
                    );
                    fails.push(f);
                }
            }
            if let Some(rmax) = rmax {
                let ok = lmax.is_some_and(|m| m <= rmax);
                if !ok {
                    let f = self.fail(g, conj, "maxContains", "-".into(), rmax.to_string(), format!("that more than {rmax} items can match `contains` in every accepted array"), false);
                    fails.push(f);
                }
            }
        }
        if let Some(s) = rm.get("unevaluatedItems") {
            let side = self.right_side();
            let start = self.s(g.right, Pointers::ROOT, side);
            let flat = self.flatten(&[start]);
            let mut ev = 0usize;
            let mut all = false;
            for it in &flat.conj {
                if let Item::S {
                    v: Value::Object(m),
                    ..
                } = *it
                {
                    if let Some(p) = m.get("prefixItems").and_then(Value::as_array) {
                        ev = ev.max(p.len());
                    }
                    if m.get("items").is_some_and(|i| !i.is_array())
                        || m.contains_key("additionalItems")
                    {
                        all = true;
                    }
                    if let Some(Value::Array(p)) = m.get("items") {
                        ev = ev.max(p.len());
                    }
                }
            }
            if !all {
                let rat = self.ptrs.child(g.rat, "unevaluatedItems");
                let n = lpre.max(ev);
                for i in ev..n {
                    if !reach(i) {
                        break;
                    }
                    let left = self.left_item(conj, i);
                    out.push(g.child(left, s, rat, g.lat, None));
                }
                if reach(n) {
                    let left = self.left_item(conj, n);
                    out.push(g.child(left, s, rat, g.lat, None));
                }
            }
        }
    }
}
