//! One goal: the left side flattened into conjuncts, split along its
//! alternatives and finite values, then checked keyword by keyword of the
//! right schema.

use super::*;

impl<'a> Engine<'a> {
    // -------------------------------------------------------------- flatten

    /// The left side as one list of conjuncts (schemas taken apart along
    /// `$ref` and `allOf`), its pending alternatives, and whether it is
    /// plainly empty (a `false` among its conjuncts).
    pub(super) fn flatten(&mut self, items: &[Item<'a>]) -> Flat<'a> {
        let mut flat = Flat {
            conj: Vec::new(),
            disj: Vec::new(),
            empty: false,
        };
        let mut seen: HashSet<usize> = HashSet::new();
        let mut stack: Vec<Item<'a>> = items.iter().rev().copied().collect();
        while let Some(it) = stack.pop() {
            self.work += 1;
            match it {
                Item::S {
                    v,
                    at,
                    side,
                    flat: done,
                } => match v {
                    Value::Bool(false) => {
                        flat.empty = true;
                        return flat;
                    }
                    Value::Object(m) => {
                        if !seen.insert(v as *const Value as usize) {
                            continue;
                        }
                        flat.conj.push(Item::S {
                            v,
                            at,
                            side,
                            flat: true,
                        });
                        if done {
                            continue;
                        }
                        if let Some(r) = m.get("$ref").and_then(Value::as_str) {
                            // Unresolvable on the left: dropped (the left
                            // only grows).
                            if let Some((t, tat)) = self.resolve(side, r) {
                                stack.push(self.s(t, tat, side));
                            }
                        }
                        if let Some(all) = m.get("allOf").and_then(Value::as_array) {
                            for (i, s) in all.iter().enumerate().rev() {
                                let p = self.ptrs.index(at, "allOf", i);
                                stack.push(self.s(s, p, side));
                            }
                        }
                        for kw in ["anyOf", "oneOf"] {
                            if let Some(alts) = m.get(kw).and_then(Value::as_array) {
                                let alts = alts
                                    .iter()
                                    .enumerate()
                                    .map(|(i, s)| {
                                        let p = self.ptrs.index(at, kw, i);
                                        self.s(s, p, side)
                                    })
                                    .collect::<Vec<_>>();
                                flat.disj.push(alts);
                            }
                        }
                        if m.contains_key("if")
                            && let (Some(t), Some(e)) = (m.get("then"), m.get("else"))
                        {
                            let tp = self.ptrs.child(at, "then");
                            let ep = self.ptrs.child(at, "else");
                            flat.disj
                                .push(vec![self.s(t, tp, side), self.s(e, ep, side)]);
                        }
                    }
                    // `true`, and anything that is not a schema: no
                    // constraint.
                    _ => {}
                },
                Item::Disj(id) => {
                    if let Some(d) = self.disjs.get(id as usize) {
                        flat.disj.push(d.clone());
                    }
                }
                other => flat.conj.push(other),
            }
        }
        flat
    }

    // -------------------------------------------------------------- one goal

    pub(super) fn step(&mut self, g: Goal<'a>, out: &mut Vec<Goal<'a>>, fails: &mut Vec<Failure>) {
        self.work += 1 + g.left.len() as u64;
        let rm = match g.right {
            Value::Bool(true) => return,
            Value::Object(m) => m,
            Value::Bool(false) => {
                let flat = self.flatten(&g.left);
                if flat.empty {
                    return;
                }
                if !flat.disj.is_empty() {
                    self.split(&g, flat, out);
                    return;
                }
                if self.types(&flat.conj) == 0 {
                    return;
                }
                let witness = match g.about {
                    Some(k) => format!("with the property {}", crate::json::quoted(k)),
                    None => "with any value here".into(),
                };
                let f = self.fail(
                    &g,
                    &flat.conj,
                    "",
                    "allowed".into(),
                    "false (nothing allowed)".into(),
                    witness,
                    true,
                );
                fails.push(f);
                return;
            }
            other => {
                let f = self.fail(
                    &g,
                    &[],
                    "",
                    "a schema".into(),
                    brief(other),
                    "here: it is not a schema (neither an object nor a boolean)".into(),
                    false,
                );
                fails.push(f);
                return;
            }
        };
        if g.depth > MAX_DEPTH {
            let f = self.fail(
                &g,
                &[],
                "",
                "(deeper)".into(),
                "(deeper)".into(),
                format!("containment below {MAX_DEPTH} levels of nesting: not compared"),
                false,
            );
            fails.push(f);
            return;
        }
        let key = self.key(&g);
        if self.visited.iter().any(|layer| layer.contains(&key)) {
            return;
        }
        if let Some(layer) = self.visited.last_mut() {
            layer.insert(key);
        }

        // The right side: `$ref` and `allOf` are conjunctions, one goal each.
        if let Some(r) = rm.get("$ref").and_then(Value::as_str) {
            let side = self.right_side();
            match self.resolve(side, r) {
                Some((t, tat)) => out.push(Goal {
                    right: t,
                    rat: tat,
                    ..g.clone()
                }),
                None => {
                    let f = self.fail(
                        &g,
                        &[],
                        "$ref",
                        "-".into(),
                        crate::json::quoted(r),
                        format!(
                            "anything about {}: it does not resolve within the schema",
                            crate::json::quoted(r)
                        ),
                        false,
                    );
                    fails.push(f);
                }
            }
        }
        if let Some(all) = rm.get("allOf").and_then(Value::as_array) {
            for (i, s) in all.iter().enumerate() {
                let rat = self.ptrs.index(g.rat, "allOf", i);
                out.push(Goal {
                    right: s,
                    rat,
                    ..g.clone()
                });
            }
        }
        for kw in ["$dynamicRef", "$recursiveRef"] {
            if rm.contains_key(kw) {
                let f = self.fail(
                    &g,
                    &[],
                    kw,
                    "-".into(),
                    kw.into(),
                    format!("anything through `{kw}` (dynamic references are not followed)"),
                    false,
                );
                fails.push(f);
            }
        }
        if !has_assertions(rm) {
            return;
        }

        let flat = self.flatten(&g.left);
        if flat.empty {
            return;
        }
        if !flat.disj.is_empty() {
            self.split(&g, flat, out);
            return;
        }
        let conj = flat.conj;

        // Literals on the left.
        let mut lit: Option<(Lit<'a>, P)> = None;
        for it in &conj {
            let (l, at) = match *it {
                Item::Lit { v, at } => (Lit::V(v), at),
                Item::Name(s) => (Lit::N(s), g.lat),
                _ => continue,
            };
            match lit {
                Some((prev, _)) if prev.canon() != l.canon() => return,
                Some(_) => {}
                None => lit = Some((l, at)),
            }
        }
        if let Some((l, _)) = lit {
            for it in &conj {
                if let Item::S {
                    v: Value::Object(m),
                    ..
                } = *it
                    && self.lit_excluded(l, m)
                {
                    return;
                }
            }
        } else if self.split_finite(&g, &conj, rm, out, fails) {
            return;
        }

        let types = self.types(&conj);
        if types == 0 {
            return;
        }

        // enum / const on the right.
        if rm.contains_key("enum") || rm.contains_key("const") {
            let kw = if rm.contains_key("enum") {
                "enum"
            } else {
                "const"
            };
            match lit {
                Some((l, _)) => {
                    let c = l.canon();
                    if !self.enum_set(rm).is_some_and(|s| s.contains(&c)) {
                        let f = self.fail(
                            &g,
                            &conj,
                            kw,
                            l.text(),
                            "a list without it".into(),
                            format!("of {}", l.text()),
                            true,
                        );
                        fails.push(f);
                    }
                }
                None if types & !(TN | TB) == 0 => {
                    // Finitely many values: each checked as a literal.
                    for (bit, vals) in [(TN, &[&NULL][..]), (TB, &[&TRUE, &FALSE][..])] {
                        if types & bit != 0 {
                            for v in vals {
                                let mut left = conj.clone();
                                left.push(Item::Lit { v, at: g.lat });
                                out.push(Goal { left, ..g.clone() });
                            }
                        }
                    }
                    return;
                }
                None => {
                    let shown = rm.get(kw).map(brief).unwrap_or_default();
                    let f = self.fail(
                        &g,
                        &conj,
                        kw,
                        format!("any {}", types_text(types)),
                        shown,
                        format!("of a {} not listed in the new `{kw}`", types_text(types)),
                        true,
                    );
                    fails.push(f);
                    // The rest would only repeat it.
                    return;
                }
            }
        }

        // type
        let rtypes = type_bits(rm);
        let mut missing = types & !rtypes;
        // An integer is a number; a non-integer is not an integer.
        if rtypes & TF != 0 {
            missing &= !TI;
        }
        if missing != 0 {
            for bit in [TN, TB, TO, TA, TS, TI, TF] {
                if missing & bit != 0 {
                    let f = self.fail(
                        &g,
                        &conj,
                        "type",
                        types_text(types),
                        types_text(rtypes),
                        type_witness(bit).into(),
                        true,
                    );
                    fails.push(f);
                }
            }
        }
        let types = types & rtypes_closure(rtypes);
        if types & NUM != 0 {
            self.check_number(&g, &conj, rm, lit.map(|l| l.0), types, fails);
        }
        if types & TS != 0 {
            self.check_string(&g, &conj, rm, lit.map(|l| l.0), fails);
        }
        if types & TO != 0 {
            self.check_object(&g, &conj, rm, out, fails);
        }
        if types & TA != 0 {
            self.check_array(&g, &conj, rm, out, fails);
        }
        self.check_combinators(&g, &conj, rm, types, out, fails);
    }

    pub(super) fn split(&mut self, g: &Goal<'a>, flat: Flat<'a>, out: &mut Vec<Goal<'a>>) {
        let mut disj = flat.disj.into_iter();
        let Some(first) = disj.next() else { return };
        let rest: Vec<Item<'a>> = disj
            .map(|d| {
                self.disjs.push(d);
                Item::Disj((self.disjs.len() - 1) as u32)
            })
            .collect();
        for alt in first {
            let mut left = flat.conj.clone();
            left.extend(rest.iter().copied());
            left.push(alt);
            out.push(Goal { left, ..g.clone() });
        }
    }

    /// A left side with `enum`/`const`: one goal per value (or, when the
    /// right side is only a list too, one set comparison). Whether it did.
    pub(super) fn split_finite(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        out: &mut Vec<Goal<'a>>,
        fails: &mut Vec<Failure>,
    ) -> bool {
        let mut vals: Option<Vec<(&'a Value, P, &'static str, usize)>> = None;
        for it in conj {
            let Item::S {
                v: Value::Object(m),
                at,
                ..
            } = *it
            else {
                continue;
            };
            let these: Vec<(&'a Value, P, &'static str, usize)> =
                match (m.get("enum"), m.get("const")) {
                    (_, Some(c)) => vec![(c, at, "const", usize::MAX)],
                    (Some(Value::Array(e)), None) => e
                        .iter()
                        .enumerate()
                        .map(|(i, v)| (v, at, "enum", i))
                        .collect(),
                    _ => continue,
                };
            vals = Some(match vals {
                None => these,
                Some(prev) => {
                    let set: HashSet<String> = these.iter().map(|t| canon::key(t.0)).collect();
                    self.work += (set.len() + prev.len()) as u64;
                    prev.into_iter()
                        .filter(|t| set.contains(&canon::key(t.0)))
                        .collect()
                }
            });
        }
        let Some(mut vals) = vals else { return false };
        self.work += vals.len() as u64;
        let schemas: Vec<&'a Map<String, Value>> = conj
            .iter()
            .filter_map(|it| match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => Some(m),
                _ => None,
            })
            .collect();
        vals.retain(|t| !schemas.iter().any(|m| self.lit_excluded(Lit::V(t.0), m)));
        let only_list = rm
            .keys()
            .all(|k| k == "enum" || k == "const" || !ASSERTIONS.contains(&k.as_str()));
        if only_list && (rm.contains_key("enum") || rm.contains_key("const")) {
            let kw = if rm.contains_key("enum") {
                "enum"
            } else {
                "const"
            };
            let set = self.enum_set(rm).cloned().unwrap_or_default();
            let missing: Vec<&Value> = vals
                .iter()
                .map(|t| t.0)
                .filter(|v| !set.contains(&canon::key(v)))
                .collect();
            if !missing.is_empty() {
                let mut shown: Vec<String> = missing.iter().take(5).map(|v| brief(v)).collect();
                if missing.len() > 5 {
                    shown.push(format!("(and {} more)", missing.len() - 5));
                }
                let old_list = format!("{} value(s)", vals.len());
                let f = self.fail(
                    g,
                    conj,
                    kw,
                    old_list,
                    rm.get(kw).map(brief).unwrap_or_default(),
                    format!("of {}", shown.join(", ")),
                    true,
                );
                fails.push(f);
            }
            return true;
        }
        for (v, at, kw, i) in vals {
            let at = if i == usize::MAX {
                self.ptrs.child(at, kw)
            } else {
                self.ptrs.index(at, kw, i)
            };
            // The other conjuncts stay: they say more about the value's
            // parts, and a right side written like them is recognised.
            let mut left = conj.to_vec();
            left.push(Item::Lit { v, at });
            out.push(Goal { left, ..g.clone() });
        }
        true
    }

    /// The JSON types the left allows (0: none).
    pub(super) fn types(&mut self, conj: &[Item<'a>]) -> u8 {
        let mut t = ALL;
        let mut int_mult = false;
        for it in conj {
            match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => {
                    t &= type_bits(m);
                    if let Some(Value::Array(e)) = m.get("enum") {
                        t &= e.iter().fold(0, |acc, v| acc | kind_bits(v));
                    }
                    if let Some(c) = m.get("const") {
                        t &= kind_bits(c);
                    }
                    if m.get("multipleOf")
                        .and_then(Value::as_f64)
                        .is_some_and(|f| f >= 1.0 && f.fract() == 0.0)
                    {
                        int_mult = true;
                    }
                }
                Item::Lit { v, .. } => t &= kind_bits(v),
                Item::Name(_) => t &= TS,
                Item::Ty(bits) => t &= bits,
                _ => {}
            }
        }
        if int_mult {
            t &= !TF;
        }
        if t & NUM != 0 && self.numbers_empty(conj, t) {
            t &= !NUM;
        }
        if t & TS != 0 {
            let (min, max) = str_lengths(conj);
            if max.is_some_and(|max| min > max) {
                t &= !TS;
            }
        }
        if t & TA != 0 {
            let (min, max) = self.item_counts(conj);
            if max.is_some_and(|max| min > max) {
                t &= !TA;
            }
        }
        if t & TO != 0 {
            let req = left_required(conj);
            let (min, max) = prop_counts(conj);
            let min = min.max(req.len() as u64);
            if max.is_some_and(|max| min > max) {
                t &= !TO;
            } else {
                for k in req {
                    let lk = self.left_prop(conj, k);
                    if lk.iter().any(is_false) {
                        t &= !TO;
                        break;
                    }
                }
            }
        }
        t
    }
}
