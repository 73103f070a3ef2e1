//! `date` and `date-time`: RFC 3339 `full-date` and `date-time`.

use crate::two_digits;

/// Whether `year` is a Gregorian leap year.
fn is_leap_year(year: u32) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

/// Days in `month` (1..=12) of `year`; 0 for an invalid month.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// RFC 3339 `full-date = date-fullyear "-" date-month "-" date-mday`.
pub(crate) fn is_full_date(b: &[u8]) -> bool {
    let &[y1, y2, y3, y4, b'-', m1, m2, b'-', d1, d2] = b else {
        return false;
    };
    let (Some(yh), Some(yl), Some(month), Some(day)) = (
        two_digits(y1, y2),
        two_digits(y3, y4),
        two_digits(m1, m2),
        two_digits(d1, d2),
    ) else {
        return false;
    };
    (1..=12).contains(&month) && day >= 1 && day <= days_in_month(yh * 100 + yl, month)
}

/// RFC 3339 `date-time = full-date "T" full-time`.
pub(crate) fn is_date_time(b: &[u8]) -> bool {
    let (Some(date), Some(time)) = (b.get(..10), b.get(10..)) else {
        return false;
    };
    if !is_full_date(date) {
        return false;
    }
    // "T" partial-time: time-hour ":" time-minute ":" time-second
    let [t, h1, h2, b':', mi1, mi2, b':', s1, s2, rest @ ..] = time else {
        return false;
    };
    if !t.eq_ignore_ascii_case(&b'T') {
        return false;
    }
    let (Some(hour), Some(minute), Some(second)) = (
        two_digits(*h1, *h2),
        two_digits(*mi1, *mi2),
        two_digits(*s1, *s2),
    ) else {
        return false;
    };
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    // [time-secfrac] = "." 1*DIGIT
    let offset = match rest {
        [b'.', frac @ ..] => {
            let digits = frac.iter().take_while(|c| c.is_ascii_digit()).count();
            match (digits, frac.get(digits..)) {
                (1.., Some(offset)) => offset,
                _ => return false,
            }
        }
        _ => rest,
    };
    // time-offset = "Z" / time-numoffset; offset in minutes east of UTC.
    let offset_minutes: i64 = match offset {
        [z] if z.eq_ignore_ascii_case(&b'Z') => 0,
        [sign @ (b'+' | b'-'), oh1, oh2, b':', om1, om2] => {
            let (Some(oh), Some(om)) = (two_digits(*oh1, *oh2), two_digits(*om1, *om2)) else {
                return false;
            };
            if oh > 23 || om > 59 {
                return false;
            }
            let magnitude = i64::from(oh * 60 + om);
            if *sign == b'-' { -magnitude } else { magnitude }
        }
        _ => return false,
    };
    if second == 60 {
        // A leap second can only be the last second of 23:59 UTC.
        let utc = (i64::from(hour * 60 + minute) - offset_minutes).rem_euclid(24 * 60);
        if utc != 23 * 60 + 59 {
            return false;
        }
    }
    true
}
