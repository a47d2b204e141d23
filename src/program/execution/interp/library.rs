//! The Java library calls the subset supports, run on the machine's words: `Math.abs`,
//! `min`, `max`, `sqrt` and `pow` (HotSpot's intrinsic, see `hotspot_math`), the functions
//! of floating point the model's `Math` and `StrictMath` declare `native` (fdlibm's), the
//! `String` methods (UTF-16 code units, Java's exceptions on bad indices), and
//! `System.out.print`, `println` and `printf`.

use super::fdlibm;
use super::hotspot_math::{Intrinsic, intrinsic};
use super::machine::{AIOOBE, Machine, NPE, Object, SIOOBE, Thrown};
use crate::program::reader::formatter::{self, BigNumber, FormatArg, FormatError};
use crate::program::reader::ir::{Builtin, MathOp, PrintKind};
use crate::program::reader::semantics::{self as sem, Kind};
use crate::program::reader::text;

impl<'c> Machine<'c> {
    pub(super) fn print(
        &mut self,
        kind: PrintKind,
        args: usize,
        count: usize,
        kinds: &[Kind],
    ) -> Result<(), Thrown> {
        match kind {
            PrintKind::Print | PrintKind::Println => {
                if count == 1 {
                    let word = self.regs[args];
                    let units = match kinds[0] {
                        // A char[] argument (marked as Ref with a second kind Char).
                        Kind::Ref if kinds.get(1) == Some(&Kind::Char) => {
                            let data = self.array(word)?.clone();
                            data.iter().map(|&c| c as u16).collect()
                        }
                        k => self.to_text(k, word)?,
                    };
                    self.printed.push_str(&text::from_utf16(&units));
                }
                if kind == PrintKind::Println {
                    self.printed.push('\n');
                }
            }
            PrintKind::Printf | PrintKind::Format => {
                let format = self.string(self.regs[args]).map(|s| text::from_utf16(s))?;
                let mut fargs = Vec::new();
                for (k, &kind) in kinds.iter().enumerate().take(count).skip(1) {
                    let w = self.regs[args + k];
                    fargs.push(match kind {
                        Kind::Ref => FormatArg::Str(if w == 0 {
                            None
                        } else {
                            Some(text::from_utf16(self.string(w)?))
                        }),
                        kind => FormatArg::Primitive(kind, w),
                    });
                }
                let s = formatter::format(&format, &fargs)?;
                if kind == PrintKind::Format {
                    // The text is the expression's value, in its first register.
                    self.regs[args] = self.new_string(s.encode_utf16().collect())?;
                } else {
                    self.printed.push_str(&s);
                }
            }
        }
        Ok(())
    }

    /// `String.compareTo` of the strings in `a` and `b`: the first differing UTF-16 units'
    /// difference, else the lengths' (`NullPointerException` for `null`).
    pub(super) fn compare_strings(&self, a: i64, b: i64) -> Result<i64, Thrown> {
        let (s, t) = (self.string(a)?, self.string(b)?);
        let n = s.len().min(t.len());
        Ok(match (0..n).find(|&i| s[i] != t[i]) {
            Some(i) => i64::from(s[i]) - i64::from(t[i]),
            None => s.len() as i64 - t.len() as i64,
        })
    }

    pub(super) fn builtin(
        &mut self,
        f: Builtin,
        args: usize,
        kinds: &[Kind],
    ) -> Result<i64, Thrown> {
        let a = self.regs[args];
        let b = self.regs.get(args + 1).copied().unwrap_or(0);
        let c = self.regs.get(args + 2).copied().unwrap_or(0);
        Ok(match f {
            Builtin::MathAbs => match kinds[0] {
                Kind::Int => (a as i32).wrapping_abs() as i64,
                Kind::Long => a.wrapping_abs(),
                // JDK 17 computes a float's as `a <= 0 ? 0 - a : a` (no intrinsic): a NaN
                // keeps its sign in HotSpot's interpreter, as here (C2 turns the pattern into
                // an AbsF, which clears it: the JVM's answer depends on what it compiled). A
                // double's is HotSpot's intrinsic everywhere, which clears it.
                Kind::Float if sem::f32_of(a).is_nan() => a,
                Kind::Float => sem::bits_f32(sem::f32_of(a).abs()),
                _ => sem::bits_f64(sem::f64_of(a).abs()),
            },
            Builtin::MathMin | Builtin::MathMax => {
                let max = f == Builtin::MathMax;
                match kinds[0] {
                    Kind::Int | Kind::Long if max => a.max(b),
                    Kind::Int | Kind::Long => a.min(b),
                    Kind::Float => {
                        let (x, y) = (sem::f32_of(a), sem::f32_of(b));
                        pick_min_max(max, f64::from(x), f64::from(y), a, b)
                    }
                    _ => pick_min_max(max, sem::f64_of(a), sem::f64_of(b), a, b),
                }
            }
            Builtin::MathSqrt => sem::bits_f64(sem::f64_of(a).sqrt()),
            Builtin::MathPow => sem::bits_f64(hotspot(
                Intrinsic::Pow,
                sem::f64_of(a),
                sem::f64_of(b),
                "pow",
            )?),
            Builtin::FloatMath => {
                // The operation's code follows the arguments.
                let op = MathOp::ALL[self.regs[args + kinds.len() - 1] as usize];
                float_math(op, a, b, c)?
            }
            Builtin::MathFloor => sem::bits_f64(sem::f64_of(a).floor()),
            Builtin::MathCeil => sem::bits_f64(sem::f64_of(a).ceil()),
            Builtin::MathRint => sem::bits_f64(sem::f64_of(a).round_ties_even()),
            Builtin::CharacterData => {
                // A Java int: a negative one is no code point, as one past the last.
                let info = super::character_data::info(a as u32);
                match b {
                    0 => i64::from(info.kind),
                    1 => i64::from(info.mask),
                    2 => i64::from(info.upper as i32),
                    3 => i64::from(info.lower as i32),
                    4 => i64::from(info.title as i32),
                    _ => i64::from(info.numeric),
                }
            }
            Builtin::ArraySort => {
                // Arguments: the array, from, to, and the elements' kind.
                let (to, kind) = (c as usize, KINDS[self.regs[args + 3] as usize]);
                let data = self.array(a)?;
                let part = &mut data[b as usize..to];
                match kind {
                    Kind::Float => part.sort_by(|x, y| {
                        java_compare(f64::from(sem::f32_of(*x)), f64::from(sem::f32_of(*y)))
                    }),
                    Kind::Double => {
                        part.sort_by(|x, y| java_compare(sem::f64_of(*x), sem::f64_of(*y)))
                    }
                    // Words of narrower types are read as their type (an array may hold
                    // an `int` zero-extended).
                    Kind::Int => part.sort_by_key(|w| *w as i32),
                    Kind::Short => part.sort_by_key(|w| *w as i16),
                    Kind::Byte => part.sort_by_key(|w| *w as i8),
                    Kind::Char => part.sort_by_key(|w| *w as u16),
                    _ => part.sort_unstable(),
                }
                0
            }
            Builtin::ArrayCopy => {
                self.array_copy(args)?;
                0
            }
            // What the JVM reads from an array's class: its element type, here its kind.
            Builtin::ArrayKind => self.array_kind(a).map_or(-1, |k| k as i64),
            Builtin::CharacterExpansion => {
                let upper = b != 0;
                // JDK 17 lowers a capital sigma by word boundaries (`BreakIterator`), which
                // roth does not model: the run says so rather than guess.
                if !upper && a == 0x03a3 {
                    return Err(Thrown::Unrepeatable(
                        "String.toLowerCase of a capital sigma, which depends on word boundaries"
                            .into(),
                    ));
                }
                let expansion = match upper {
                    true => super::character_data::upper_expansion(a as u32),
                    false => super::character_data::lower_expansion(a as u32),
                };
                match expansion {
                    Some(text) => self.new_string(text.encode_utf16().collect())?,
                    None => 0,
                }
            }
            // A model's report of what the JVM does not fix (or roth does not model).
            Builtin::Unrepeatable => {
                let what = self.string(a)?;
                return Err(Thrown::Unrepeatable(
                    crate::program::reader::text::from_utf16(what),
                ));
            }
            Builtin::ParseDecimal => {
                let text = crate::program::reader::text::from_utf16(self.string(a)?);
                // Rust's parsers round correctly, as the JDK's do; they read every text
                // the model's grammar passes them (a sign, digits, a point, an exponent).
                let value = if b != 0 {
                    text.parse::<f32>().map(f64::from)
                } else {
                    text.parse::<f64>()
                };
                match value {
                    Ok(v) => sem::bits_f64(v),
                    Err(_) => {
                        return Err(Thrown::Unrepeatable(format!(
                            "Double.parseDouble of {text:?}, which roth cannot read"
                        )));
                    }
                }
            }
            Builtin::FormatKind => self.format_kind(a),
            Builtin::FormatValues => {
                let format = text::from_utf16(self.string(a)?);
                let kinds = self.array(b)?.clone();
                let bits = self.array(c)?.clone();
                let texts = self.array(self.regs[args + 3])?.clone();
                let hashes = self.array(self.regs[args + 4])?.clone();
                let optional = |m: &Self, w: i64| -> Result<Option<String>, Thrown> {
                    Ok(match w {
                        0 => None,
                        w => Some(text::from_utf16(m.string(w)?)),
                    })
                };
                let mut fargs = Vec::with_capacity(kinds.len());
                for (k, &kind) in kinds.iter().enumerate() {
                    let v = bits[k];
                    fargs.push(match kind {
                        0 => FormatArg::Str(None),
                        1 => FormatArg::Str(optional(self, texts[k])?),
                        2 => FormatArg::Primitive(Kind::Int, v),
                        3 => FormatArg::Primitive(Kind::Long, v),
                        4 => FormatArg::Primitive(Kind::Short, v),
                        5 => FormatArg::Primitive(Kind::Byte, v),
                        6 => FormatArg::Primitive(Kind::Char, v),
                        7 => FormatArg::Primitive(Kind::Boolean, v),
                        8 => FormatArg::Primitive(Kind::Float, v),
                        9 => FormatArg::Primitive(Kind::Double, v),
                        _ => FormatArg::Object {
                            text: optional(self, texts[k])?,
                            hash: optional(self, hashes[k])?,
                            number: match kind {
                                10 => BigNumber::Integer,
                                11 => BigNumber::Decimal,
                                _ => BigNumber::No,
                            },
                        },
                    });
                }
                let s = formatter::format(&format, &fargs)?;
                self.new_string(s.encode_utf16().collect())?
            }
            Builtin::StringLength => self.string(a)?.len() as i64,
            Builtin::StringIsEmpty => i64::from(self.string(a)?.is_empty()),
            Builtin::StringCharAt => {
                let s = self.string(a)?;
                match s.get(b as usize).filter(|_| b >= 0) {
                    Some(&u) => i64::from(u),
                    // JDK 17's messages differ with the string's compact form: Latin-1 (every
                    // char below 256) or UTF-16.
                    None if s.iter().all(|&u| u < 0x100) => {
                        return Err(Thrown::Message(
                            SIOOBE.into(),
                            format!("String index out of range: {b}"),
                        ));
                    }
                    None => {
                        return Err(Thrown::Message(
                            SIOOBE.into(),
                            format!("index {b}, length {}", s.len()),
                        ));
                    }
                }
            }
            Builtin::StringEquals => {
                let s = self.string(a)?;
                if b == 0 {
                    0
                } else {
                    i64::from(**s == **self.string(b)?)
                }
            }
            Builtin::StringCompareTo => self.compare_strings(a, b)?,
            Builtin::StringIndexOfChar => {
                let s = self.string(a)?;
                if (0..=0xffff).contains(&b) {
                    s.iter()
                        .position(|&u| i64::from(u) == b)
                        .map_or(-1, |i| i as i64)
                } else {
                    // Supplementary code points: look for the surrogate pair.
                    match char::from_u32(b as u32) {
                        Some(ch) => {
                            let mut buf = [0u16; 2];
                            let pair = ch.encode_utf16(&mut buf);
                            s.windows(pair.len())
                                .position(|w| w == pair)
                                .map_or(-1, |i| i as i64)
                        }
                        None => -1,
                    }
                }
            }
            Builtin::StringIndexOfString => {
                let s = self.string(a)?;
                let t = self.string(b)?;
                if t.is_empty() {
                    0
                } else {
                    s.windows(t.len())
                        .position(|w| w == &t[..])
                        .map_or(-1, |i| i as i64)
                }
            }
            Builtin::StringSubstring1 | Builtin::StringSubstring2 => {
                let s = self.string(a)?.clone();
                let end = if f == Builtin::StringSubstring1 {
                    s.len() as i64
                } else {
                    c
                };
                if b < 0 || end > s.len() as i64 || b > end {
                    return Err(Thrown::Message(
                        SIOOBE.into(),
                        format!("begin {b}, end {end}, length {}", s.len()),
                    ));
                }
                self.new_string(s[b as usize..end as usize].to_vec())?
            }
            Builtin::StringValueOf => {
                let s = self.to_text(kinds[0], a)?;
                if kinds[0] == Kind::Ref && a != 0 {
                    // String.valueOf(s) returns s itself.
                    a
                } else {
                    self.new_string(s)?
                }
            }
            Builtin::StringOfChars => {
                let data = self.array(a)?.clone();
                self.new_string(data.iter().map(|&c| c as u16).collect())?
            }
            Builtin::StringToCharArray => {
                let s = self.string(a)?;
                let data: Vec<i64> = s.iter().map(|&u| i64::from(u)).collect();
                self.allocate(data.len() as u64 + 1)?;
                self.heap.push(Object::Array {
                    data,
                    kind: Kind::Char,
                });
                self.heap.len() as i64
            }
            Builtin::EnumName => {
                self.object_fields(a)?;
                self.instance_field(a, 0)
            }
            Builtin::EnumOrdinal => {
                self.object_fields(a)?;
                self.instance_field(a, 1)
            }
            Builtin::EnumString => {
                if a == 0 {
                    self.new_string(crate::program::reader::text::utf16("null"))?
                } else {
                    self.instance_field(a, 0)
                }
            }
            Builtin::EnumCompare => {
                self.object_fields(a)?;
                self.object_fields(b)?;
                self.instance_field(a, 1) - self.instance_field(b, 1)
            }
            Builtin::ClassName => {
                let class = match self.heap.get((a - 1) as usize) {
                    Some(Object::Instance { class, .. }) if a > 0 => *class,
                    _ => return Err(NPE.into()),
                };
                let name = text::utf16(&self.program.binary_names[class as usize]);
                self.new_string(name)?
            }
            Builtin::ArrayClone => {
                let data = self.array(a)?.clone();
                let kind = self.array_kind(a).unwrap_or(Kind::Ref);
                self.allocate(data.len() as u64 + 1)?;
                self.heap.push(Object::Array { data, kind });
                self.heap.len() as i64
            }
            Builtin::ObjectEquals
            | Builtin::ObjectHashCode
            | Builtin::ObjectToString
            | Builtin::ObjectValueOf => unreachable!("dispatched like calls by the machine"),
            Builtin::GetClass => self.class_object(a)?,
            Builtin::RequireNonNull if a == 0 => return Err(NPE.into()),
            Builtin::RequireNonNull | Builtin::First => a,
        })
    }
}

/// The element kinds by their codes (`Kind as i64`, see `natives::kind_code`).
const KINDS: [Kind; 9] = [
    Kind::Boolean,
    Kind::Byte,
    Kind::Short,
    Kind::Char,
    Kind::Int,
    Kind::Long,
    Kind::Float,
    Kind::Double,
    Kind::Ref,
];

/// `Double.compare`'s order: -0.0 before 0.0, NaN after everything (and equal to NaN).
fn java_compare(x: f64, y: f64) -> std::cmp::Ordering {
    match (x.is_nan(), y.is_nan()) {
        (true, true) => std::cmp::Ordering::Equal,
        (true, false) => std::cmp::Ordering::Greater,
        (false, true) => std::cmp::Ordering::Less,
        _ => x
            .partial_cmp(&y)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(x.is_sign_positive().cmp(&y.is_sign_positive())),
    }
}

impl Machine<'_> {
    /// `System.arraycopy` with its arguments from register `args` on: HotSpot's checks in
    /// its order and with its messages, then the copy, as if through a temporary array.
    fn array_copy(&mut self, args: usize) -> Result<(), Thrown> {
        let r = &self.regs[args..args + 6];
        let (src, src_pos, dest, dest_pos, length) = (r[0], r[1], r[2], r[3], r[4]);
        let name = match KINDS[r[5] as usize] {
            Kind::Boolean => "boolean",
            Kind::Byte => "byte",
            Kind::Short => "short",
            Kind::Char => "char",
            Kind::Int => "int",
            Kind::Long => "long",
            Kind::Float => "float",
            Kind::Double => "double",
            Kind::Ref => "object array",
        };
        let src_len = self.array(src)?.len();
        let dest_len = self.array(dest)?.len();
        let fail = |message: String| Err(Thrown::Message(AIOOBE.into(), message));
        if src_pos < 0 {
            return fail(format!(
                "arraycopy: source index {src_pos} out of bounds for {name}[{src_len}]"
            ));
        }
        if dest_pos < 0 {
            return fail(format!(
                "arraycopy: destination index {dest_pos} out of bounds for {name}[{dest_len}]"
            ));
        }
        if length < 0 {
            return fail(format!("arraycopy: length {length} is negative"));
        }
        // Sums as the JVM makes them, in 32-bit unsigned arithmetic.
        let last_src = (length as u32).wrapping_add(src_pos as u32);
        let last_dest = (length as u32).wrapping_add(dest_pos as u32);
        if last_src as usize > src_len {
            return fail(format!(
                "arraycopy: last source index {last_src} out of bounds for {name}[{src_len}]"
            ));
        }
        if last_dest as usize > dest_len {
            return fail(format!(
                "arraycopy: last destination index {last_dest} out of bounds for {name}[{dest_len}]"
            ));
        }
        let (from, to, n) = (src_pos as usize, dest_pos as usize, length as usize);
        let part: Vec<i64> = self.array(src)?[from..from + n].to_vec();
        self.array(dest)?[to..to + n].copy_from_slice(&part);
        Ok(())
    }
}

/// HotSpot's value of an intrinsic of `Math`, or the end of the run where roth cannot tell
/// it (see `hotspot_math`).
fn hotspot(f: Intrinsic, x: f64, y: f64, name: &str) -> Result<f64, Thrown> {
    intrinsic(f, x, y).ok_or_else(|| {
        Thrown::Unrepeatable(format!(
            "Math.{name} of an argument whose result HotSpot's intrinsic may round either way"
        ))
    })
}

/// [`Builtin::FloatMath`]: operation `op` on the words `a`, `b` and `c` (as many as it takes).
fn float_math(op: MathOp, a: i64, b: i64, c: i64) -> Result<i64, Thrown> {
    let (x, y) = (sem::f64_of(a), sem::f64_of(b));
    let double = |v: f64| Ok(sem::bits_f64(v));
    match op {
        MathOp::Sin => double(fdlibm::sin(x)),
        MathOp::Cos => double(fdlibm::cos(x)),
        MathOp::Tan => double(fdlibm::tan(x)),
        MathOp::Asin => double(fdlibm::asin(x)),
        MathOp::Acos => double(fdlibm::acos(x)),
        MathOp::Atan => double(fdlibm::atan(x)),
        MathOp::Exp => double(fdlibm::exp(x)),
        MathOp::Log => double(fdlibm::log(x)),
        MathOp::Log10 => double(fdlibm::log10(x)),
        MathOp::Sqrt => double(x.sqrt()),
        MathOp::Cbrt => double(fdlibm::strict_cbrt(x)),
        MathOp::Sinh => double(fdlibm::sinh(x)),
        MathOp::Cosh => double(fdlibm::cosh(x)),
        MathOp::Tanh => double(fdlibm::tanh(x)),
        MathOp::Expm1 => double(fdlibm::expm1(x)),
        MathOp::Log1p => double(fdlibm::log1p(x)),
        MathOp::Atan2 => double(fdlibm::atan2(x, y)),
        MathOp::Hypot => double(fdlibm::hypot(x, y)),
        MathOp::Pow => double(fdlibm::pow(x, y)),
        MathOp::Remainder => double(fdlibm::remainder(x, y)),
        MathOp::HotSin => double(hotspot(Intrinsic::Sin, x, 0.0, "sin")?),
        MathOp::HotCos => double(hotspot(Intrinsic::Cos, x, 0.0, "cos")?),
        MathOp::HotTan => double(hotspot(Intrinsic::Tan, x, 0.0, "tan")?),
        MathOp::HotExp => double(hotspot(Intrinsic::Exp, x, 0.0, "exp")?),
        MathOp::HotLog => double(hotspot(Intrinsic::Log, x, 0.0, "log")?),
        MathOp::HotLog10 => double(hotspot(Intrinsic::Log10, x, 0.0, "log10")?),
        // One rounding of the exact x*y + z (IEEE 754's fusedMultiplyAdd).
        MathOp::Fma => double(x.mul_add(y, sem::f64_of(c))),
        MathOp::FmaFloat => Ok(sem::bits_f32(
            sem::f32_of(a).mul_add(sem::f32_of(b), sem::f32_of(c)),
        )),
        // A double's word is its bits, a float's its bits zero-extended and an int's
        // sign-extended.
        MathOp::DoubleBits | MathOp::BitsDouble => Ok(a),
        MathOp::FloatBits => Ok(i64::from(a as u32 as i32)),
        MathOp::BitsFloat => Ok(i64::from(a as i32 as u32)),
    }
}

/// `Math.max` (`max`) or `Math.min` of two floating-point values `x` and `y` whose raw bits
/// are `a` and `b`, as the JDK's Java code picks one of them: a NaN argument is returned
/// itself, payload and all (`a` first), and of two zeros `max` picks 0.0 and `min` -0.0.
fn pick_min_max(max: bool, x: f64, y: f64, a: i64, b: i64) -> i64 {
    if x.is_nan() {
        return a;
    }
    if x == 0.0 && y == 0.0 {
        // Of 0.0 and -0.0 the one with the sign bit is the smaller.
        let x_negative = x.is_sign_negative();
        return if max != x_negative { a } else { b };
    }
    let keep_x = if max { x >= y } else { x <= y };
    if keep_x { a } else { b }
}

impl Machine<'_> {
    /// [`Builtin::FormatKind`] of the object at `handle`, told by its class.
    fn format_kind(&self, handle: i64) -> i64 {
        if handle == 0 {
            return 0;
        }
        match self.heap.get((handle - 1) as usize) {
            Some(Object::Str(_)) => 1,
            Some(Object::Instance { class, .. }) => {
                match self.program.binary_names[*class as usize].as_str() {
                    "java.lang.Integer" => 2,
                    "java.lang.Long" => 3,
                    "java.lang.Short" => 4,
                    "java.lang.Byte" => 5,
                    "java.lang.Character" => 6,
                    "java.lang.Boolean" => 7,
                    "java.lang.Float" => 8,
                    "java.lang.Double" => 9,
                    "java.math.BigInteger" => 10,
                    "java.math.BigDecimal" => 11,
                    _ => 12,
                }
            }
            _ => 12,
        }
    }
}

impl From<FormatError> for Thrown {
    fn from(e: FormatError) -> Thrown {
        match e {
            FormatError::Thrown(class) => Thrown::Exception(class.to_string()),
            FormatError::NotModelled(what) => Thrown::Unrepeatable(what),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::outcome::{Termination, Value};
    use super::super::testing::{compile, double, int, method, returns, run, string, throws};
    use super::*;
    use crate::program::reader::ir::Type;

    #[test]
    fn math_pow_keeps_javas_special_cases() {
        let pow = |x: f64, y: f64| hotspot(Intrinsic::Pow, x, y, "pow").ok().expect("decided");
        assert!(pow(1.0, f64::INFINITY).is_nan());
        assert!(pow(-1.0, f64::NEG_INFINITY).is_nan());
        assert_eq!(pow(f64::NAN, 0.0), 1.0);
        assert_eq!(pow(f64::NAN, -0.0), 1.0);
        assert!(pow(2.0, f64::NAN).is_nan());
        assert!(pow(f64::NAN, 1.0).is_nan());
        assert_eq!(pow(3.0, 2.0), 9.0);
        assert_eq!(pow(2.0, 10.0), 1024.0);
        assert_eq!(pow(2.0, -1.0), 0.5);
    }

    /// The raw bits keep a NaN's significand; a float's bits are an int, sign-extended.
    #[test]
    fn a_folded_nan_is_javac_s_and_a_computed_one_the_cpu_s() {
        // javac folds `0.0 / 0.0` and writes the canonical NaN in the class file; a division
        // at run time on x86 makes the NaN with the sign set (HotSpot's too: `java` 17).
        let source = "class T {
            static long folded() { return Double.doubleToRawLongBits(0.0 / 0.0); }
            static int foldedFloat() { return Float.floatToRawIntBits(-(0.0f / 0.0f)); }
            static long computed(double z) { return Double.doubleToRawLongBits(z / z); }
            static long parsed(String s) { return Double.doubleToRawLongBits(Double.parseDouble(s)); }
        }";
        let long = |v: u64| Termination::Return(Some(Value::Prim(Kind::Long, v as i64)));
        assert_eq!(run(source, "folded", &[]), long(0x7ff8_0000_0000_0000));
        assert_eq!(
            run(source, "foldedFloat", &[]),
            Termination::Return(Some(Value::Prim(Kind::Int, 0x7fc0_0000)))
        );
        assert_eq!(
            run(source, "computed", &[double(0.0)]),
            long(0xfff8_0000_0000_0000)
        );
        assert_eq!(
            run(source, "parsed", &[string(" -NaN\n")]),
            long(0x7ff8_0000_0000_0000)
        );
        assert_eq!(run(source, "parsed", &[string("1e-400")]), long(0));
        assert_eq!(
            run(source, "parsed", &[string("2.5f")]),
            long(2.5f64.to_bits())
        );
        assert_eq!(
            run(source, "parsed", &[string("1e")]),
            throws("NumberFormatException")
        );
    }

    #[test]
    fn raw_bits_convert_without_canonicalizing() {
        let code = |op: MathOp| float_math(op, 0x7ff0_0000_0000_0001, 0, 0).ok();
        assert_eq!(code(MathOp::DoubleBits), Some(0x7ff0_0000_0000_0001));
        let minus_one_float = sem::bits_f32(-1.0);
        assert_eq!(
            float_math(MathOp::FloatBits, minus_one_float, 0, 0).ok(),
            Some(i64::from(0xbf80_0000_u32 as i32))
        );
        assert_eq!(
            float_math(MathOp::BitsFloat, i64::from(0xbf80_0000_u32 as i32), 0, 0).ok(),
            Some(minus_one_float)
        );
        // fma rounds once: (1 + 2^-52)(1 - 2^-52) - 1 is -2^-104, not 0.
        let e = f64::EPSILON;
        let fma = float_math(
            MathOp::Fma,
            sem::bits_f64(1.0 + e),
            sem::bits_f64(1.0 - e),
            sem::bits_f64(-1.0),
        )
        .ok();
        assert_eq!(fma, Some(sem::bits_f64(-e * e)));
    }

    #[test]
    fn math_calls_follow_the_java_library() {
        let source = "class T {
            static int abs(int x) { return Math.abs(x); }
            static double min(double a, double b) { return Math.min(a, b); }
            static double sqrt(double x) { return Math.sqrt(x); }
        }";
        // Math.abs(Integer.MIN_VALUE) is itself.
        assert_eq!(run(source, "abs", &[int(i32::MIN)]), returns(int(i32::MIN)));
        assert_eq!(run(source, "abs", &[int(-5)]), returns(int(5)));
        // Math.min of zeros of both signs is -0.0, and NaN wins.
        assert_eq!(
            run(source, "min", &[double(0.0), double(-0.0)]),
            returns(double(-0.0))
        );
        let Termination::Return(Some(Value::Prim(_, bits))) =
            run(source, "min", &[double(f64::NAN), double(1.0)])
        else {
            panic!("min returns");
        };
        assert!(sem::f64_of(bits).is_nan());
        assert_eq!(run(source, "sqrt", &[double(2.25)]), returns(double(1.5)));
    }

    #[test]
    fn string_methods_count_utf16_units_and_check_indices() {
        let source = "class T {
            static int len(String s) { return s.length(); }
            static char at(String s, int i) { return s.charAt(i); }
            static String sub(String s, int a, int b) { return s.substring(a, b); }
            static int cmp(String a, String b) { return a.compareTo(b); }
            static int find(String s, String t) { return s.indexOf(t); }
            static boolean same(String a, String b) { return a.equals(b); }
        }";
        // One code point outside the BMP is two units.
        assert_eq!(run(source, "len", &[string("a\u{1F600}")]), returns(int(3)));
        assert_eq!(
            run(source, "len", &[Value::Null]),
            throws("NullPointerException")
        );
        assert_eq!(
            run(source, "at", &[string("abc"), int(1)]),
            returns(Value::Prim(Kind::Char, 'b' as i64))
        );
        let out_of_bounds = throws("StringIndexOutOfBoundsException");
        assert_eq!(run(source, "at", &[string("abc"), int(3)]), out_of_bounds);
        assert_eq!(
            run(source, "sub", &[string("hello"), int(1), int(3)]),
            returns(string("el"))
        );
        assert_eq!(
            run(source, "sub", &[string("hello"), int(3), int(1)]),
            out_of_bounds
        );
        assert_eq!(
            run(source, "sub", &[string("hello"), int(0), int(6)]),
            out_of_bounds
        );
        // compareTo: the difference of the first differing units, else of the lengths.
        assert_eq!(
            run(source, "cmp", &[string("apple"), string("apricot")]),
            returns(int(-2))
        );
        assert_eq!(
            run(source, "cmp", &[string("ab"), string("abcd")]),
            returns(int(-2))
        );
        assert_eq!(
            run(source, "find", &[string("banana"), string("na")]),
            returns(int(2))
        );
        assert_eq!(
            run(source, "find", &[string("banana"), string("")]),
            returns(int(0))
        );
        assert_eq!(
            run(source, "find", &[string("banana"), string("x")]),
            returns(int(-1))
        );
        let boolean = |b: bool| returns(Value::Prim(Kind::Boolean, i64::from(b)));
        assert_eq!(
            run(source, "same", &[string("ab"), string("ab")]),
            boolean(true)
        );
        assert_eq!(
            run(source, "same", &[string("ab"), Value::Null]),
            boolean(false)
        );
    }

    #[test]
    fn printing_goes_to_the_outcome_as_java_formats_it() {
        let source = "class T {
            static void show(int n, double d, char[] cs) {
                System.out.print(n);
                System.out.println(d);
                System.out.println(cs);
                System.out.printf(\"%d-%s%n\", n, \"x\");
            }
        }";
        let (unit, program) = compile(source);
        let (class, show) = method(&unit, "show");
        let chars = Value::Array(
            Type::Char,
            vec![
                Value::Prim(Kind::Char, 'h' as i64),
                Value::Prim(Kind::Char, 'i' as i64),
            ],
        );
        let o = program
            .run(
                class,
                show,
                &[int(7), double(1e10), chars],
                &[],
                Default::default(),
            )
            .unwrap();
        assert_eq!(o.printed, "71.0E10\nhi\n7-x\n");
    }

    #[test]
    fn array_clone_copies_the_elements_into_a_new_array() {
        let source = "class T {
            static int f(int[] a) {
                int[] b = a.clone();
                b[0] = 7;
                return a[0] * 10 + b[0] + (a == b ? 100 : 0);
            }
        }";
        let array = Value::Array(Type::Int, vec![int(1), int(2)]);
        assert_eq!(run(source, "f", &[array]), returns(int(17)));
        assert_eq!(
            run(source, "f", &[Value::Null]),
            throws("NullPointerException")
        );
    }

    #[test]
    fn var_assert_and_varargs_run_as_on_a_default_jvm() {
        let source = "class T {
            static int sum(int... xs) { var t = 0; for (var x : xs) t += x; return t; }
            static int count(String s, int... xs) { return xs.length * 100 + s.length(); }
            static int count(String s, int a) { return -1; }
            static int g(int a) {
                assert a > 0 : \"positive\";
                var k = a / 2;
                return sum() + sum(a) + sum(a, k, 1) + sum(new int[] {a}) + count(\"ab\", a) + count(\"ab\", a, a);
            }
        }";
        // Assertions are disabled: a negative argument runs on.
        assert_eq!(
            run(source, "g", &[int(-4)]),
            returns(int(-4 - 4 - 2 + 1 - 4 - 1 + 202))
        );
        assert_eq!(
            run(source, "g", &[int(6)]),
            returns(int(6 + 10 + 6 - 1 + 202))
        );
    }
    /// The messages JDK 17 gives the exceptions of `charAt`, `substring` and `new T[n]`
    /// (read off `java` 17: `charAt`'s depends on the string's compact form).
    #[test]
    fn library_exceptions_carry_the_jdk_s_messages() {
        let source = "class T {
            static String at(String s, int i) {
                try { return \"\" + s.charAt(i); } catch (StringIndexOutOfBoundsException e) { return e.getMessage(); }
            }
            static String sub(String s, int b, int e) {
                try { return s.substring(b, e); } catch (IndexOutOfBoundsException x) { return x.getMessage(); }
            }
            static String tail(String s, int b) {
                try { return s.substring(b); } catch (IndexOutOfBoundsException x) { return x.getMessage(); }
            }
            static String make(int n, int m) {
                try { return \"\" + new int[n][m].length; } catch (NegativeArraySizeException x) { return x.getMessage(); }
            }
        }";
        let text = |s: &str| Value::Str(s.encode_utf16().collect::<Vec<u16>>().into());
        let said = |name: &str, args: &[Value]| match run(source, name, args) {
            Termination::Return(Some(Value::Str(s))) => String::from_utf16(&s).expect("text"),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            said("at", &[text("abc"), int(5)]),
            "String index out of range: 5"
        );
        assert_eq!(
            said("at", &[text("abc"), int(-1)]),
            "String index out of range: -1"
        );
        assert_eq!(
            said("at", &[text("\u{3bb}bc"), int(5)]),
            "index 5, length 3"
        );
        assert_eq!(
            said("sub", &[text("abc"), int(2), int(1)]),
            "begin 2, end 1, length 3"
        );
        assert_eq!(
            said("sub", &[text("abc"), int(-2), int(1)]),
            "begin -2, end 1, length 3"
        );
        assert_eq!(
            said("tail", &[text("abc"), int(4)]),
            "begin 4, end 3, length 3"
        );
        assert_eq!(said("make", &[int(-1), int(-2)]), "-1");
        assert_eq!(said("make", &[int(0), int(-2)]), "-2");
    }
}
