//! Objects: properties, patterns, additional and unevaluated properties,
//! property counts and names.

use super::*;

impl<'a> Engine<'a> {
    // -------------------------------------------------------------- objects

    /// Whether some conjunct evaluates the property `k` (for
    /// `unevaluatedProperties`).
    pub(super) fn evaluated_anywhere(&mut self, conj: &[Item<'a>], k: &str) -> bool {
        for it in conj {
            if let Item::S {
                v: Value::Object(m),
                ..
            } = *it
            {
                if m.get("properties")
                    .and_then(Value::as_object)
                    .is_some_and(|p| p.contains_key(k))
                    || m.contains_key("additionalProperties")
                {
                    return true;
                }
                if let Some(pp) = m.get("patternProperties").and_then(Value::as_object) {
                    for p in pp.keys() {
                        if self.matches(p, k) != Some(false) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// What the left says about the value of the property `k`.
    pub(super) fn left_prop(&mut self, conj: &[Item<'a>], k: &'a str) -> Vec<Item<'a>> {
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
                    if let Some(s) = m
                        .get("properties")
                        .and_then(Value::as_object)
                        .and_then(|p| p.get(k))
                    {
                        let p = self.ptrs.child2(at, "properties", k);
                        out.push(self.s(s, p, side));
                        continue;
                    }
                    let (mut matched, mut unsure) = (false, false);
                    if let Some(pp) = m.get("patternProperties").and_then(Value::as_object) {
                        for (p, s) in pp {
                            match self.matches(p, k) {
                                Some(true) => {
                                    let at = self.ptrs.child2(at, "patternProperties", p.as_str());
                                    out.push(self.s(s, at, side));
                                    matched = true;
                                }
                                Some(false) => {}
                                None => unsure = true,
                            }
                        }
                    }
                    if matched || unsure {
                        continue;
                    }
                    if let Some(ap) = m.get("additionalProperties") {
                        let p = self.ptrs.child(at, "additionalProperties");
                        out.push(self.s(ap, p, side));
                    } else if let Some(up) = m.get("unevaluatedProperties")
                        && !self.evaluated_anywhere(conj, k)
                    {
                        let p = self.ptrs.child(at, "unevaluatedProperties");
                        out.push(self.s(up, p, side));
                    }
                }
                Item::Lit {
                    v: Value::Object(o),
                    at,
                } => match o.get(k) {
                    Some(c) => {
                        let at = self.ptrs.child(at, k);
                        out.push(Item::Lit { v: c, at });
                    }
                    None => out.push(self.s(&FALSE, at, self.left_side)),
                },
                _ => {}
            }
        }
        out
    }

    /// What the left says about a property it does not name (matching the
    /// pattern `pat` when given); `None`: it allows no such property.
    pub(super) fn left_other(
        &mut self,
        conj: &[Item<'a>],
        pat: Option<&str>,
    ) -> Option<Vec<Item<'a>>> {
        let mut out = Vec::new();
        let any_ap = conj.iter().any(|it| {
            matches!(*it, Item::S { v: Value::Object(m), .. } if m.contains_key("additionalProperties") || m.contains_key("patternProperties"))
        });
        for it in conj {
            match *it {
                Item::S {
                    v: Value::Object(m),
                    at,
                    side,
                    ..
                } => {
                    if let Some(pp) = m.get("patternProperties").and_then(Value::as_object) {
                        if let Some((p, s)) = pat.and_then(|pat| pp.get_key_value(pat)) {
                            let at = self.ptrs.child2(at, "patternProperties", p.as_str());
                            out.push(self.s(s, at, side));
                        }
                        // A key may match another of its patterns: no
                        // constraint taken from this conjunct (the left
                        // only grows).
                        continue;
                    }
                    if let Some(ap) = m.get("additionalProperties") {
                        if *ap == FALSE {
                            return None;
                        }
                        let p = self.ptrs.child(at, "additionalProperties");
                        out.push(self.s(ap, p, side));
                    } else if let Some(up) = m.get("unevaluatedProperties")
                        && !any_ap
                    {
                        if *up == FALSE {
                            return None;
                        }
                        let p = self.ptrs.child(at, "unevaluatedProperties");
                        out.push(self.s(up, p, side));
                    }
                }
                Item::Lit {
                    v: Value::Object(_),
                    ..
                } => return None,
                _ => {}
            }
        }
        Some(out)
    }

    pub(super) fn can_have(
        &mut self,
        conj: &[Item<'a>],
        named: &HashSet<&'a str>,
        k: &'a str,
    ) -> bool {
        let lk = self.left_prop(conj, k);
        if lk.iter().any(is_false) {
            return false;
        }
        named.contains(&k) || self.left_other(conj, None).is_some()
    }

    pub(super) fn check_object(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        out: &mut Vec<Goal<'a>>,
        fails: &mut Vec<Failure>,
    ) {
        const OBJ: &[&str] = &[
            "required",
            "properties",
            "patternProperties",
            "additionalProperties",
            "unevaluatedProperties",
            "propertyNames",
            "minProperties",
            "maxProperties",
            "dependentRequired",
            "dependentSchemas",
            "dependencies",
        ];
        if !OBJ.iter().any(|k| rm.contains_key(*k)) {
            return;
        }
        let lreq = left_required(conj);
        let lreq_set: HashSet<&'a str> = lreq.iter().copied().collect();
        let named = left_named(conj);
        let named_set: HashSet<&'a str> = named.iter().copied().collect();
        let other_open = self.left_other(conj, None).is_some();

        // required
        for r in strs(rm.get("required")) {
            if !lreq_set.contains(r) {
                let f = self.fail(
                    g,
                    conj,
                    "required",
                    format!("{} optional", crate::json::quoted(r)),
                    format!("{} required", crate::json::quoted(r)),
                    format!("without {}", crate::json::quoted(r)),
                    true,
                );
                fails.push(f);
            }
        }
        // properties
        let rprops = rm.get("properties").and_then(Value::as_object);
        if let Some(props) = rprops {
            for (k, s) in props {
                self.work += 1;
                let lk = self.left_prop(conj, k);
                if lk.iter().any(is_false) || (!named_set.contains(k.as_str()) && !other_open) {
                    continue;
                }
                let rat = self.ptrs.child2(g.rat, "properties", k.as_str());
                let lat = self.ptrs.child2(g.lat, "properties", k.as_str());
                out.push(g.child(lk, s, rat, lat, Some(k)));
            }
        }
        // patternProperties
        let rpats: Vec<(&'a str, &'a Value)> = rm
            .get("patternProperties")
            .and_then(Value::as_object)
            .map(|pp| pp.iter().map(|(p, s)| (p.as_str(), s)).collect())
            .unwrap_or_default();
        for &(p, s) in &rpats {
            let rat = self.ptrs.child2(g.rat, "patternProperties", p);
            for &k in &named {
                if self.matches(p, k) == Some(false) {
                    continue;
                }
                let lk = self.left_prop(conj, k);
                if lk.iter().any(is_false) {
                    continue;
                }
                let lat = self.ptrs.child2(g.lat, "properties", k);
                out.push(g.child(lk, s, rat, lat, Some(k)));
            }
            if let Some(lo) = self.left_other(conj, Some(p)) {
                out.push(g.child(lo, s, rat, g.lat, None));
            }
        }
        // additionalProperties / unevaluatedProperties
        for kw in ["additionalProperties", "unevaluatedProperties"] {
            let Some(s) = rm.get(kw) else { continue };
            let (rnamed, rpats_here, all): (HashSet<&'a str>, Vec<&'a str>, bool) =
                if kw == "additionalProperties" {
                    (
                        rprops
                            .map(|p| p.keys().map(String::as_str).collect())
                            .unwrap_or_default(),
                        rpats.iter().map(|p| p.0).collect(),
                        false,
                    )
                } else {
                    if rm.contains_key("additionalProperties") {
                        continue;
                    }
                    self.right_evaluated(g.right)
                };
            if all {
                continue;
            }
            let rat = self.ptrs.child(g.rat, kw);
            for &k in &named {
                if rnamed.contains(k) {
                    continue;
                }
                let mut hit = false;
                for p in &rpats_here {
                    if self.matches(p, k) == Some(true) {
                        hit = true;
                    }
                }
                if hit {
                    continue;
                }
                let lk = self.left_prop(conj, k);
                if lk.iter().any(is_false) {
                    continue;
                }
                let lat = self.ptrs.child2(g.lat, "properties", k);
                out.push(g.child(lk, s, rat, lat, Some(k)));
            }
            if let Some(lo) = self.left_other(conj, None) {
                if *s == FALSE {
                    let names: Vec<String> = rnamed
                        .iter()
                        .take(8)
                        .map(|k| crate::json::quoted(k))
                        .collect();
                    let f = self.fail(
                        g,
                        conj,
                        kw,
                        "other properties allowed".into(),
                        "false".into(),
                        if names.is_empty() {
                            "with any property".into()
                        } else {
                            format!("with a property other than {}", names.join(", "))
                        },
                        true,
                    );
                    fails.push(f);
                } else {
                    out.push(g.child(lo, s, rat, g.lat, None));
                }
            }
        }
        // propertyNames
        if let Some(s) = rm.get("propertyNames") {
            let rat = self.ptrs.child(g.rat, "propertyNames");
            for &k in &named {
                if self.can_have(conj, &named_set, k) {
                    out.push(g.child(vec![Item::Name(k)], s, rat, g.lat, Some(k)));
                }
            }
            if other_open {
                let mut left = vec![Item::Ty(TS)];
                for it in conj {
                    if let Item::S {
                        v: Value::Object(m),
                        at,
                        side,
                        ..
                    } = *it
                        && let Some(pn) = m.get("propertyNames")
                    {
                        let p = self.ptrs.child(at, "propertyNames");
                        left.push(self.s(pn, p, side));
                    }
                }
                out.push(g.child(left, s, rat, g.lat, None));
            }
        }
        // minProperties / maxProperties
        let (cmin, cmax) = prop_counts(conj);
        let lmin = cmin.max(lreq.len() as u64);
        let lmax = if other_open {
            cmax
        } else {
            let allowed = named
                .iter()
                .filter(|k| !self.left_prop(conj, k).iter().any(is_false))
                .count() as u64;
            Some(cmax.map_or(allowed, |c| c.min(allowed)))
        };
        self.check_counts(
            g,
            conj,
            rm,
            ["minProperties", "maxProperties"],
            (lmin, lmax),
            |lmin, r| format!("with {} properties", count_range(lmin, r - 1)),
            |r| format!("with more than {r} properties"),
            fails,
        );
        // dependentRequired / dependentSchemas (and draft 7's dependencies)
        for kw in ["dependentRequired", "dependentSchemas", "dependencies"] {
            let Some(deps) = rm.get(kw).and_then(Value::as_object) else {
                continue;
            };
            for (k, d) in deps {
                if !self.can_have(conj, &named_set, k) {
                    continue;
                }
                match d {
                    Value::Array(list) => {
                        for need in list.iter().filter_map(Value::as_str) {
                            let implied = lreq_set.contains(need)
                                || conj.iter().any(|it| match *it {
                                    Item::S {
                                        v: Value::Object(m),
                                        ..
                                    } => ["dependentRequired", "dependencies"].iter().any(|dk| {
                                        strs(m.get(*dk).and_then(|x| x.get(k.as_str())))
                                            .any(|x| x == need)
                                    }),
                                    _ => false,
                                });
                            if !implied {
                                let f = self.fail(
                                    g,
                                    conj,
                                    kw,
                                    "-".into(),
                                    format!(
                                        "{} requires {}",
                                        crate::json::quoted(k),
                                        crate::json::quoted(need)
                                    ),
                                    format!(
                                        "with {} but without {}",
                                        crate::json::quoted(k),
                                        crate::json::quoted(need)
                                    ),
                                    true,
                                );
                                fails.push(f);
                            }
                        }
                    }
                    s => {
                        let same = conj.iter().any(|it| match *it {
                            Item::S {
                                v: Value::Object(m),
                                ..
                            } => ["dependentSchemas", "dependencies"].iter().any(|dk| {
                                m.get(*dk)
                                    .and_then(|x| x.get(k.as_str()))
                                    .is_some_and(|x| same_without_refs(x, s, &mut self.work))
                            }),
                            _ => false,
                        });
                        if !same {
                            let rat = self.ptrs.child2(g.rat, kw, k.as_str());
                            out.push(g.child(conj.to_vec(), s, rat, g.lat, None));
                        }
                    }
                }
            }
        }
    }

    /// The property names (and patterns) a right schema always evaluates
    /// (its own and those of its `$ref`/`allOf` chain), for its
    /// `unevaluatedProperties`; `true`: all of them.
    pub(super) fn right_evaluated(
        &mut self,
        right: &'a Value,
    ) -> (HashSet<&'a str>, Vec<&'a str>, bool) {
        let side = self.right_side();
        let start = self.s(right, Pointers::ROOT, side);
        let flat = self.flatten(&[start]);
        let mut names = HashSet::new();
        let mut pats = Vec::new();
        let mut all = false;
        for it in &flat.conj {
            if let Item::S {
                v: Value::Object(m),
                ..
            } = *it
            {
                if let Some(p) = m.get("properties").and_then(Value::as_object) {
                    names.extend(p.keys().map(String::as_str));
                }
                if let Some(p) = m.get("patternProperties").and_then(Value::as_object) {
                    pats.extend(p.keys().map(String::as_str));
                }
                if m.contains_key("additionalProperties") {
                    all = true;
                }
            }
        }
        // Alternatives evaluate what every one of them names.
        for alts in &flat.disj {
            let mut common: Option<HashSet<&'a str>> = None;
            for alt in alts {
                let Item::S { v, side, at, .. } = *alt else {
                    continue;
                };
                let f = self.flatten(&[Item::S {
                    v,
                    side,
                    at,
                    flat: false,
                }]);
                let mut these = HashSet::new();
                for it in &f.conj {
                    if let Item::S {
                        v: Value::Object(m),
                        ..
                    } = *it
                        && let Some(p) = m.get("properties").and_then(Value::as_object)
                    {
                        these.extend(p.keys().map(String::as_str));
                    }
                }
                common = Some(match common {
                    None => these,
                    Some(c) => c.intersection(&these).copied().collect(),
                });
            }
            names.extend(common.unwrap_or_default());
        }
        (names, pats, all)
    }
}
