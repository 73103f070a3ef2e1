use crate::ToolSchema;
use crate::shape::{IntRange, Shape};

macro_rules! ts {
    ($($name:ident => $min:expr, $max:expr;)*) => {$(
        #[doc = concat!("`chrono::serde::", stringify!($name), "`")]
        pub struct $name;
        impl ToolSchema for $name {
            const SHAPE: &'static Shape = &Shape::Integer(IntRange {
                min: Some($min),
                max: Some($max),
                nonzero: false,
            });
        }
    )*};
}

// `DateTime::<Utc>::MIN_UTC` / `MAX_UTC` in each unit. Nanoseconds: chrono
// reads any i64, and any u64 (it splits it into seconds that always fit).
ts! {
    TsSeconds => -8_334_601_228_800, 8_210_266_876_799;
    TsMilliseconds => -8_334_601_228_800_000, 8_210_266_876_799_999;
    TsMicroseconds => -8_334_601_228_800_000_000, 8_210_266_876_799_999_999;
    TsNanoseconds => i64::MIN, u64::MAX;
}
