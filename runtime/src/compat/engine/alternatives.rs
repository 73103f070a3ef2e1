//! Alternatives: `anyOf`/`oneOf`/`not`/`if` on the right, and disjointness
//! and finiteness of the left.

use super::*;

impl<'a> Engine<'a> {
    // -------------------------------------------------------------- alternatives

    pub(super) fn check_combinators(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        rm: &'a Map<String, Value>,
        types: u8,
        out: &mut Vec<Goal<'a>>,
        fails: &mut Vec<Failure>,
    ) {
        for kw in ["anyOf", "oneOf"] {
            let Some(val) = rm.get(kw) else { continue };
            let Some(alts) = val.as_array() else { continue };
            let same = conj.iter().any(|it| match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => m
                    .get(kw)
                    .is_some_and(|x| same_without_refs(x, val, &mut self.work)),
                _ => false,
            });
            if !same {
                self.check_alternatives(g, conj, kw, alts, types, fails);
            }
        }
        if let Some(s) = rm.get("not") {
            let same = conj.iter().any(|it| match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => m
                    .get("not")
                    .is_some_and(|x| same_without_refs(x, s, &mut self.work)),
                _ => false,
            });
            if !same && !self.disjoint(conj, s) {
                let f = self.fail(
                    g,
                    conj,
                    "not",
                    "-".into(),
                    brief(s),
                    "that no accepted document matches the schema under `not`".into(),
                    false,
                );
                fails.push(f);
            }
        }
        if let Some(cond) = rm.get("if") {
            let then_s = rm.get("then").unwrap_or(&TRUE);
            let else_s = rm.get("else").unwrap_or(&TRUE);
            if rm.get("then").is_none() && rm.get("else").is_none() {
                return;
            }
            let same = conj.iter().any(|it| match *it {
                Item::S {
                    v: Value::Object(m),
                    ..
                } => ["if", "then", "else"]
                    .iter()
                    .all(|k| match (m.get(*k), rm.get(*k)) {
                        (None, None) => true,
                        (Some(a), Some(b)) => same_without_refs(a, b, &mut self.work),
                        _ => false,
                    }),
                _ => false,
            });
            if same {
                return;
            }
            let trat = self.ptrs.child(g.rat, "then");
            let erat = self.ptrs.child(g.rat, "else");
            let irat = self.ptrs.child(g.rat, "if");
            if self.trial(conj.to_vec(), then_s, trat, g).is_empty()
                && self.trial(conj.to_vec(), else_s, erat, g).is_empty()
            {
                return;
            }
            if self.trial(conj.to_vec(), cond, irat, g).is_empty() {
                out.push(Goal {
                    left: conj.to_vec(),
                    right: then_s,
                    rat: trat,
                    ..g.clone()
                });
                return;
            }
            if self.disjoint(conj, cond) {
                out.push(Goal {
                    left: conj.to_vec(),
                    right: else_s,
                    rat: erat,
                    ..g.clone()
                });
                return;
            }
            let f = self.fail(
                g,
                conj,
                "if",
                "-".into(),
                brief(cond),
                "which branch of the new `if` applies to the accepted documents".into(),
                false,
            );
            fails.push(f);
        }
    }

    pub(super) fn check_alternatives(
        &mut self,
        g: &Goal<'a>,
        conj: &[Item<'a>],
        kw: &'static str,
        alts: &'a [Value],
        types: u8,
        fails: &mut Vec<Failure>,
    ) {
        // One class of JSON types at a time: `{type: [string, null]}` ⊆
        // `anyOf: [{type: string}, {type: null}]`.
        let classes: Vec<u8> = [TN, TB, TO, TA, TS, NUM]
            .into_iter()
            .filter(|c| types & c != 0)
            .collect();
        let split = classes.len() > 1;
        for class in classes {
            let mut left = conj.to_vec();
            if split {
                left.push(Item::Ty(class));
            }
            let mut best: Option<Vec<Failure>> = None;
            let mut chosen = None;
            for (i, alt) in alts.iter().enumerate() {
                let rat = self.ptrs.index(g.rat, kw, i);
                let fs = self.trial(left.clone(), alt, rat, g);
                if fs.is_empty() {
                    chosen = Some(i);
                    break;
                }
                let better = best.as_ref().is_none_or(|b| {
                    let proven = |v: &Vec<Failure>| v.iter().filter(|f| f.proven).count();
                    (fs.len(), proven(&fs)) < (b.len(), proven(b))
                });
                if better {
                    best = Some(fs);
                }
            }
            match chosen {
                Some(i) if kw == "oneOf" => {
                    for (k, other) in alts.iter().enumerate() {
                        if k != i && !self.disjoint(&left, other) {
                            let f = self.fail(
                                g,
                                conj,
                                kw,
                                "-".into(),
                                format!("alternatives {i} and {k}"),
                                format!("that a document accepted here matches only one alternative of the new `oneOf` ({i} matches; {k} may match too)"),
                                false,
                            );
                            fails.push(f);
                            break;
                        }
                    }
                }
                Some(_) => {}
                None => {
                    let f = self.fail(
                        g,
                        conj,
                        kw,
                        types_text(class & types),
                        format!("{} alternatives", alts.len()),
                        format!("that no alternative of the new `{kw}` accepts (the nearest one differs as follows)"),
                        true,
                    );
                    fails.push(f);
                    fails.extend(best.unwrap_or_default());
                }
            }
        }
    }

    /// Whether no document satisfies both the left and `s` (shown by types,
    /// listed values, or a property one requires and the other forbids or
    /// holds to disjoint values). `false`: not shown.
    pub(super) fn disjoint(&mut self, conj: &[Item<'a>], s: &'a Value) -> bool {
        let side = self.right_side();
        let start = self.s(s, Pointers::ROOT, side);
        let sflat = self.flatten(&[start]);
        if sflat.empty {
            return true;
        }
        self.shallow_disjoint(conj, &sflat.conj, true)
    }

    pub(super) fn shallow_disjoint(&mut self, a: &[Item<'a>], b: &[Item<'a>], deep: bool) -> bool {
        let ta = self.types(a);
        let tb = self.types(b);
        let (ta2, tb2) = (widen(ta), widen(tb));
        if ta2 & tb2 == 0 {
            return true;
        }
        let fa = self.finite(a);
        let fb = self.finite(b);
        match (&fa, &fb) {
            (Some(x), Some(y)) => {
                let set: HashSet<String> = y.iter().map(|l| l.canon()).collect();
                if !x.iter().any(|l| set.contains(&l.canon())) {
                    return true;
                }
            }
            (Some(x), None) => {
                let schemas = schemas_of(b);
                if x.iter()
                    .all(|l| schemas.iter().any(|m| self.lit_excluded(*l, m)))
                {
                    return true;
                }
            }
            (None, Some(y)) => {
                let schemas = schemas_of(a);
                if y.iter()
                    .all(|l| schemas.iter().any(|m| self.lit_excluded(*l, m)))
                {
                    return true;
                }
            }
            _ => {}
        }
        if deep && ta2 & tb2 == TO {
            let ra = left_required(a);
            let rb = left_required(b);
            let (sa, sb): (HashSet<&str>, HashSet<&str>) =
                (ra.iter().copied().collect(), rb.iter().copied().collect());
            for k in ra.iter().chain(rb.iter()) {
                let ka = self.left_prop(a, k);
                let kb = self.left_prop(b, k);
                if ka.iter().any(is_false) && sb.contains(k)
                    || kb.iter().any(is_false) && sa.contains(k)
                {
                    return true;
                }
                let fa = self.flatten(&ka);
                let fb = self.flatten(&kb);
                if !fa.empty && !fb.empty && self.shallow_disjoint(&fa.conj, &fb.conj, false) {
                    return true;
                }
            }
        }
        false
    }

    /// The values the conjunction is limited to, when it lists them.
    pub(super) fn finite(&mut self, conj: &[Item<'a>]) -> Option<Vec<Lit<'a>>> {
        let mut out: Option<Vec<Lit<'a>>> = None;
        for it in conj {
            let these: Vec<Lit<'a>> = match *it {
                Item::Lit { v, .. } => vec![Lit::V(v)],
                Item::Name(s) => vec![Lit::N(s)],
                Item::S {
                    v: Value::Object(m),
                    ..
                } => match (m.get("const"), m.get("enum")) {
                    (Some(c), _) => vec![Lit::V(c)],
                    (None, Some(Value::Array(e))) => e.iter().map(Lit::V).collect(),
                    _ => continue,
                },
                _ => continue,
            };
            self.work += these.len() as u64;
            out = Some(match out {
                None => these,
                Some(prev) => {
                    let set: HashSet<String> = these.iter().map(|l| l.canon()).collect();
                    prev.into_iter()
                        .filter(|l| set.contains(&l.canon()))
                        .collect()
                }
            });
        }
        out
    }
}
