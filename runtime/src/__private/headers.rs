//! The compile-time checks of the `#[schema(header = "..")]` annotations
//! one input schema reaches (`x-mcp-header`, MCP 2026-07-28): unique names,
//! all of them properties reached from the root through `properties`
//! alone. One field's wire type is checked in `header_field.rs`.

use super::Msg;
use crate::ToolSchema;
use crate::shape::str_eq;

pub use crate::shape::{HeaderField, HeaderSet, Reach};

/// `#[schema(header = "..")]` across the structs one input schema reaches
/// through `properties` (flattened, or held as properties, through
/// `Option`, `Box`, `Rc` and `Arc`): `root` is the struct's
/// `__ALL_HEADERS`, and the check is evaluated in a `const _` where the
/// struct is declared (the macro checks a struct's own fields itself).
///
/// - A struct that holds itself is valid where it is the root (its
///   recursion is `{"$ref": "#"}`, and its annotations are the root's); one
///   met again below itself anywhere else goes to `$defs` whole, where no
///   client reads an annotation, so it may reach none.
/// - A struct reached twice (two fields of its type) may reach none: each
///   would be annotated twice.
/// - No two annotations may share a name, compared case-insensitively.
///
/// The walk visits each struct once (see `HeaderWalk`), so its cost is
/// linear in the structs reached, however often each is held.
pub const fn check_headers(root: Reach) {
    let fault = walk_headers(root.get(), true).fault;
    let mut msg = Msg::new();
    match fault {
        HeaderFault::None => return,
        HeaderFault::Recursive(set, a) => {
            msg.push(
                "`x-mcp-header` is valid only on a property reached from the tool's input root \
                 through `properties` alone, but struct `",
            );
            msg.push(set.name);
            msg.push(
                "` holds itself, so where another struct holds it its schema goes to `$defs` \
                 (referenced with `$ref`), where no client reads the annotation, and it reaches `",
            );
            msg.push(a.header);
            msg.push("` on field `");
            push_field(&mut msg, a, false);
            msg.push("`: make it the tool's root type, or drop the header");
        }
        HeaderFault::Twice(set, a) => {
            msg.push("`x-mcp-header` names must be unique, but struct `");
            msg.push(set.name);
            msg.push(
                "` is reached twice in this struct's input schema (two fields of its type), so `",
            );
            msg.push(a.header);
            msg.push("` on field `");
            push_field(&mut msg, a, false);
            msg.push("` would be annotated twice: hold it once, or drop the header");
        }
        HeaderFault::Clash(a, b) => {
            msg.push("`x-mcp-header` names must be unique, compared case-insensitively: `");
            msg.push(a.header);
            msg.push("` on field `");
            // Two structs of one name: their modules tell them apart.
            let full = str_eq(a.owner, b.owner) && str_eq(a.field, b.field);
            push_field(&mut msg, a, full);
            msg.push("` and `");
            msg.push(b.header);
            msg.push("` on field `");
            push_field(&mut msg, b, full);
            msg.push(
                "` both end up in this struct's input schema (flattened or held as plain fields)",
            );
        }
    }
    panic!("{}", msg.as_str());
}

/// What a walk from `root` found: a small walk first (most structs reach
/// a handful of others, and const evaluation pays for every slot it
/// makes), a larger one when that is too small. A schema reaching more
/// than the larger walk holds (256 structs, 256 deep, 256 annotations) is
/// checked up to there, and whole by `headers::check` on its schema.
const fn walk_headers(root: &'static HeaderSet, check: bool) -> Walked {
    // Most structs reach a few levels of structs and enums without a single
    // annotation: a bounded look finds that for less than a walk costs.
    if !probe(root) {
        return Walked {
            first: None,
            fault: HeaderFault::None,
            full: false,
        };
    }
    let small = HeaderWalk::<32>::run(root, check);
    if !small.full {
        return small;
    }
    HeaderWalk::<256>::run(root, check)
}

/// How deep, and over how many sets, [`probe`] looks.
const PROBE_DEPTH: usize = 16;
const PROBE_SETS: u32 = 512;

/// How many pointer steps (`Box`, `Rc`, `Arc`) a walk takes on its way
/// from the struct it checks: enough for a struct that holds itself, two
/// that hold each other, and a header struct behind a pointer under a
/// container, while a crate of structs linked to their parents through
/// `Option<Box<..>>` costs each struct a few steps, not the whole chain.
/// Further is for `headers::check` on the schema.
const POINTER_STEPS: u8 = 2;

/// The pointer steps on the way to `reach`, when the walk may take it.
const fn step(ptr: u8, reach: Reach) -> Option<u8> {
    let ptr = ptr + reach.is_behind_pointer() as u8;
    if ptr > POINTER_STEPS { None } else { Some(ptr) }
}

/// Whether `root` may reach an annotation: `false` only when every set
/// within [`PROBE_DEPTH`] levels (and [`PROBE_SETS`] sets) has none and
/// reaches nothing further; a deeper or larger graph, or a struct holding
/// itself, is `true` (the walk decides). Iterative, without calls in its
/// loop: const evaluation pays for every call.
const fn probe(root: &'static HeaderSet) -> bool {
    if !root.own.is_empty() {
        return true;
    }
    // (set, next of its `reached`, pointer steps on the way to it)
    let mut stack: [(&'static HeaderSet, usize, u8); PROBE_DEPTH] =
        [(&HeaderSet::NONE, 0, 0); PROBE_DEPTH];
    stack[0] = (root, 0, 0);
    let mut depth = 1;
    let mut budget = PROBE_SETS;
    while depth > 0 {
        let (set, next, ptr) = stack[depth - 1];
        if next == set.reached.len() {
            depth -= 1;
            continue;
        }
        stack[depth - 1].1 += 1;
        let reach = set.reached[next];
        let ptr = ptr + reach.is_behind_pointer() as u8;
        if ptr > POINTER_STEPS {
            continue;
        }
        let child = reach.get();
        if !child.own.is_empty() {
            return true;
        }
        if child.reached.is_empty() {
            continue;
        }
        if depth == PROBE_DEPTH || budget == 0 {
            return true;
        }
        budget -= 1;
        stack[depth] = (child, 0, ptr);
        depth += 1;
    }
    false
}

const fn empty(set: &HeaderSet) -> bool {
    set.own.is_empty() && set.reached.is_empty()
}

/// What a [`HeaderWalk`] found wrong (the first fault).
#[derive(Clone, Copy)]
enum HeaderFault {
    None,
    /// A struct met again below itself, not the root, that reaches this
    /// annotation.
    Recursive(&'static HeaderSet, &'static HeaderField),
    /// A struct reached twice that reaches this annotation.
    Twice(&'static HeaderSet, &'static HeaderField),
    /// Two annotations of one name.
    Clash(&'static HeaderField, &'static HeaderField),
}

/// The outcome of a walk.
struct Walked {
    /// The first annotation reached, if any.
    first: Option<&'static HeaderField>,
    fault: HeaderFault,
    /// The walk ran out of room (what it found still holds).
    full: bool,
}

/// One struct's set in a walk: being walked (on the trail from the root),
/// or done, with what it reaches.
#[derive(Clone, Copy)]
struct Slot {
    /// `HeaderSet::hash`.
    hash: u64,
    open: bool,
    /// Met again below itself.
    recursive: bool,
    /// The first annotation it reaches.
    first: Option<&'static HeaderField>,
}

const FREE: Slot = Slot {
    hash: 0,
    open: false,
    recursive: false,
    first: None,
};

/// A set being walked: the next of its `reached` sets, its slot, and the
/// first annotation its walk met.
#[derive(Clone, Copy)]
struct Frame {
    set: &'static HeaderSet,
    /// Pointer steps on the way here.
    ptr: u8,
    next: usize,
    slot: Option<usize>,
    first: Option<&'static HeaderField>,
}

/// A depth-first walk over the sets one struct reaches, each struct's set
/// entered once (kept in `table` by its hash), with an explicit stack of at
/// most `N` frames: no const recursion, and a cost linear in the structs
/// reached however often each is held (a DAG of structs doubling at each
/// level is no exponential walk).
struct HeaderWalk<const N: usize> {
    table: [Slot; N],
    slots: usize,
    names: [Option<&'static HeaderField>; N],
    n_names: usize,
    first: Option<&'static HeaderField>,
    fault: HeaderFault,
    full: bool,
}

impl<const N: usize> HeaderWalk<N> {
    /// Walks from `root`; `check`: look for faults (else only `first`).
    const fn run(root: &'static HeaderSet, check: bool) -> Walked {
        let mut walk = HeaderWalk::<N> {
            table: [FREE; N],
            slots: 0,
            names: [None; N],
            n_names: 0,
            first: None,
            fault: HeaderFault::None,
            full: false,
        };
        let blank = Frame {
            set: &HeaderSet::NONE,
            ptr: 0,
            next: 0,
            slot: None,
            first: None,
        };
        let mut stack = [blank; N];
        let mut depth = 0;
        if let Enter::Walk(frame) = walk.enter(root, check) {
            stack[0] = frame;
            depth = 1;
        }
        while depth > 0 && !walk.full {
            if check && !matches!(walk.fault, HeaderFault::None) {
                break;
            }
            let top = depth - 1;
            let frame = stack[top];
            if frame.next < frame.set.reached.len() {
                stack[top].next += 1;
                let reach = frame.set.reached[frame.next];
                let (Some(ptr), child) = (step(frame.ptr, reach), reach.get()) else {
                    continue;
                };
                if empty(child) {
                    continue;
                }
                let first = match walk.enter(child, check) {
                    Enter::Walk(mut child) if depth < N => {
                        child.ptr = ptr;
                        stack[depth] = child;
                        depth += 1;
                        None
                    }
                    Enter::Walk(_) => {
                        walk.full = true;
                        None
                    }
                    Enter::Done(first) => first,
                    Enter::Skip => None,
                };
                if stack[top].first.is_none() {
                    stack[top].first = first;
                }
                continue;
            }
            depth -= 1;
            walk.finish(frame, root, check);
            if depth > 0 && stack[depth - 1].first.is_none() {
                stack[depth - 1].first = frame.first;
            }
        }
        Walked {
            first: walk.first,
            fault: walk.fault,
            full: walk.full,
        }
    }

    /// Meets `set`: a set to walk (its own annotations taken), one already
    /// walked (what it reaches), or one not to enter (on the trail: a
    /// struct that holds itself).
    const fn enter(&mut self, set: &'static HeaderSet, check: bool) -> Enter {
        let mut slot = None;
        if set.hash != 0 {
            let mut i = 0;
            while i < self.slots {
                let s = self.table[i];
                if s.hash == set.hash {
                    if s.open {
                        self.table[i].recursive = true;
                        return Enter::Skip;
                    }
                    if check
                        && let Some(a) = s.first
                        && matches!(self.fault, HeaderFault::None)
                    {
                        self.fault = HeaderFault::Twice(set, a);
                    }
                    return Enter::Done(s.first);
                }
                i += 1;
            }
            if self.slots == N {
                self.full = true;
                return Enter::Skip;
            }
            self.table[self.slots] = Slot {
                hash: set.hash,
                open: true,
                recursive: false,
                first: None,
            };
            slot = Some(self.slots);
            self.slots += 1;
        }
        let mut first = None;
        let mut k = 0;
        while k < set.own.len() {
            let a = &set.own[k];
            if first.is_none() {
                first = Some(a);
            }
            if check {
                self.name(a);
            }
            k += 1;
        }
        Enter::Walk(Frame {
            set,
            ptr: 0,
            next: 0,
            slot,
            first,
        })
    }

    /// `a` joins the names met; a name met before is a clash.
    const fn name(&mut self, a: &'static HeaderField) {
        let mut i = 0;
        while i < self.n_names {
            if let Some(b) = self.names[i]
                && eq_ignore_ascii_case(a.header, b.header)
                && matches!(self.fault, HeaderFault::None)
            {
                self.fault = HeaderFault::Clash(b, a);
            }
            i += 1;
        }
        if self.n_names < N {
            self.names[self.n_names] = Some(a);
            self.n_names += 1;
        } else {
            self.full = true;
        }
    }

    /// `frame`'s walk is over: a struct met again below itself reaches no
    /// annotation unless it is the root.
    const fn finish(&mut self, frame: Frame, root: &'static HeaderSet, check: bool) {
        if self.first.is_none() {
            self.first = frame.first;
        }
        let Some(i) = frame.slot else {
            return;
        };
        self.table[i].open = false;
        self.table[i].first = frame.first;
        if check
            && self.table[i].recursive
            && frame.set.hash != root.hash
            && let Some(a) = frame.first
            && matches!(self.fault, HeaderFault::None)
        {
            self.fault = HeaderFault::Recursive(frame.set, a);
        }
    }
}

/// What [`HeaderWalk::enter`] found.
enum Enter {
    Walk(Frame),
    Done(Option<&'static HeaderField>),
    Skip,
}

/// The annotations a container holding `T` puts out of the clients' reach
/// (under items, values or alternatives): `T`'s own when it has some, else
/// those `T` already holds so (`Vec<Vec<S>>`).
pub const fn held<T: ToolSchema + ?Sized>() -> Option<Reach> {
    if walk_headers(T::__ALL_HEADERS.get(), false).first.is_some() {
        Some(T::__ALL_HEADERS)
    } else {
        T::__NESTED_HEADERS
    }
}

/// The first of several [`held`] sets (a tuple's items, `Either`'s sides).
pub const fn held_any(sets: &[Option<Reach>]) -> Option<Reach> {
    let mut i = 0;
    while i < sets.len() {
        if let Some(set) = sets[i] {
            return Some(set);
        }
        i += 1;
    }
    None
}

/// A field's type must not hold `x-mcp-header` annotations where no client
/// reads them (`#[schema(header = "..")]`): evaluated for each field whose
/// type holds a type of the program's inside a container.
pub const fn check_not_nested<T: ToolSchema + ?Sized>() {
    if let Some(set) = T::__NESTED_HEADERS {
        nested_panic(
            set.get(),
            "holds it under an array's items, a map's values or alternatives",
        );
    }
}

/// An enum variant's content must not have `x-mcp-header` annotations: a
/// variant is an alternative (`anyOf`/`oneOf`) of the enum's schema.
pub const fn check_not_in_variant<T: ToolSchema + ?Sized>() {
    if let Some(set) = held::<T>() {
        nested_panic(
            set.get(),
            "is an enum variant's content, an alternative (`anyOf`/`oneOf`)",
        );
    }
}

const fn nested_panic(set: &'static HeaderSet, place: &str) -> ! {
    let mut msg = Msg::new();
    msg.push(
        "`x-mcp-header` is valid only on a property reached from the tool's input root \
              through `properties` alone (MCP 2026-07-28; a client drops the whole tool \
              otherwise), but field `",
    );
    if let Some(a) = walk_headers(set, false).first {
        push_field(&mut msg, a, false);
        msg.push("` has `#[schema(header = \"");
        msg.push(a.header);
        msg.push("\")]` and this field ");
    }
    msg.push(place);
    msg.push(
        ": hold that struct as a plain field (`Option` and `Box` keep it a property), \
              or drop the header",
    );
    panic!("{}", msg.as_str());
}

/// `Owner::field`, or `module::Owner::field` when `full`.
const fn push_field(msg: &mut Msg, f: &HeaderField, full: bool) {
    if full {
        msg.push(f.module);
        msg.push("::");
    }
    msg.push(f.owner);
    msg.push("::");
    msg.push(f.field);
}

const fn eq_ignore_ascii_case(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if !a[i].eq_ignore_ascii_case(&b[i]) {
            return false;
        }
        i += 1;
    }
    true
}
