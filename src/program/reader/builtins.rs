//! The library calls the interpreter runs natively ([`Builtin`]): `Math`'s and `StrictMath`'s
//! floating point ([`MathOp`]), `String`'s primitives, arrays, the natives of roth's model of
//! the JDK, and printing ([`PrintKind`]). Part of the IR (`ir.rs` re-exports them).

/// Library calls the subset supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    MathAbs,
    MathMin,
    MathMax,
    MathSqrt,
    MathPow,
    /// `s.length()`
    StringLength,
    /// `s.charAt(i)`
    StringCharAt,
    /// `s.equals(o)`
    StringEquals,
    /// `s.compareTo(t)`
    StringCompareTo,
    /// `s.indexOf(c)` with a `char` or `int` argument
    StringIndexOfChar,
    /// `s.indexOf(t)` with a `String` argument
    StringIndexOfString,
    /// `s.substring(b)`
    StringSubstring1,
    /// `s.substring(b, e)`
    StringSubstring2,
    StringIsEmpty,
    /// `String.valueOf(x)`, also the conversion of string concatenation
    StringValueOf,
    /// `String.valueOf(char[])` and `new String(char[])`
    StringOfChars,
    /// `s.toCharArray()`
    StringToCharArray,
    /// `a.clone()` of an array: a new array with the same elements (a shallow copy).
    ArrayClone,
    /// `o.getClass().getName()`: the binary name of the object's class (`NullPointerException`
    /// for `null`); `Throwable.toString` uses it.
    ClassName,
    /// `e.name()` of an enum constant.
    EnumName,
    /// `e.ordinal()`.
    EnumOrdinal,
    /// An enum constant as a string (`String.valueOf(e)`, concatenation): its name, or
    /// `"null"`.
    EnumString,
    /// `e.compareTo(f)`: the difference of their ordinals.
    EnumCompare,
    /// `o.equals(p)` of `Object`, on any reference: the override of the object's class when
    /// it has one (dispatched like a call), else string equality for a `String`, identity for
    /// anything else.
    ObjectEquals,
    /// `o.hashCode()` of `Object`: the override, a `String`'s hash; an identity hash code
    /// (which the JVM does not fix) ends the run as unrepeatable.
    ObjectHashCode,
    /// `o.toString()` of `Object`: the override, the string itself, an enum constant's name;
    /// the identity form (`Point@1b6d3586`) ends the run as unrepeatable.
    ObjectToString,
    /// `String.valueOf(o)` of an `Object` (concatenation, `print`): `"null"` for `null`, else
    /// as [`Builtin::ObjectToString`].
    ObjectValueOf,
    /// `o.getClass()`: the object of roth's model of `java.lang.Class` for the class of `o`
    /// at run time, one per class in a run (so `==` compares classes).
    GetClass,
    /// `Objects.requireNonNull(o)` as `javac` emits it (for the `o` of `o.new Inner()`): `o`,
    /// or `NullPointerException` when it is `null`.
    RequireNonNull,
    /// The first argument's value, the others evaluated after it for their effects: `x++` on
    /// a box, whose value is the box `x` held before (the same object, JLS §15.14.2).
    First,
    /// `Math.floor`, `Math.ceil` and `Math.rint` of a `double` (IEEE 754 rounding to an
    /// integral value: exact, so the JVM's answer); natives of the model's `Math`.
    MathFloor,
    MathCeil,
    MathRint,
    /// Field `f` (the second argument) of JDK 17's `Character` data for a `char`: its
    /// `getType`, its predicates' mask, its upper, lower and title case, its numeric value.
    CharacterData,
    /// The `String` a `char` becomes in `toUpperCase` (the second argument true) or
    /// `toLowerCase` of a string when it is not one `char` (`ß` to `SS`), else `null`.
    CharacterExpansion,
    /// `Arrays.sort` of `a[from..to]` (arguments `a`, `from`, `to` and the element [`Kind`]
    /// as an `int`): the JDK's order, `Double.compare`'s for floating point.
    ArraySort,
    /// `System.arraycopy(src, srcPos, dest, destPos, length)` and the element [`Kind`] as an
    /// `int` (for the JVM's messages): as if through a temporary array.
    ArrayCopy,
    /// The kind of the elements of an array (`Kind as i64`, `Ref` for an array of references
    /// or of arrays), or -1 for `null` or an object that is not an array: what
    /// `Arrays.deepToString` and its kin learn from an element's class.
    ArrayKind,
    /// The value of a decimal text (a `String` Java's `Double.parseDouble` grammar accepts,
    /// its suffix cut) correctly rounded to a `double`, or to a `float` (returned as the
    /// `double` it is) when the second argument is true: `FloatingDecimal`'s native `decimal`.
    ParseDecimal,
    /// What `String.format` reads an argument as (`FormatArguments`' native `kindOf`): 0 for
    /// `null`, 1 a `String`, 2-9 a box (`Integer`, `Long`, `Short`, `Byte`, `Character`,
    /// `Boolean`, `Float`, `Double`), 10 `BigInteger`, 11 `BigDecimal`, 12 any other object.
    FormatKind,
    /// `String.format`'s text (`FormatArguments`' native `values`): the format, then each
    /// argument's kind (as [`Builtin::FormatKind`] says), a box's value as a `long` (a
    /// `float` or `double` by its bits), the texts `%s` reads of objects and the hash codes
    /// `%h` reads, in hex.
    FormatValues,
    /// Ends the run as unrepeatable with the reason given (a `String`): what the JVM does
    /// not fix from one run to the next, or what roth's model of the JDK leaves out.
    Unrepeatable,
    /// A function of `Math` or `StrictMath` on floating point, or a conversion between a
    /// `double` or `float` and its bits: the arguments, then the [`MathOp`]'s code (its place
    /// in the enum) as an `int`. Natives of the model's `Math`, `StrictMath`, `Double` and
    /// `Float`.
    FloatMath,
}

/// The operations of [`Builtin::FloatMath`]: `StrictMath`'s fdlibm functions, `Math`'s
/// intrinsics that HotSpot computes otherwise, the fused multiply-adds, and the raw bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MathOp {
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Exp,
    Log,
    Log10,
    Sqrt,
    Cbrt,
    Sinh,
    Cosh,
    Tanh,
    Expm1,
    Log1p,
    Atan2,
    Hypot,
    Pow,
    Remainder,
    /// HotSpot's `Math.sin`, and so on: see `interp::hotspot_math`.
    HotSin,
    HotCos,
    HotTan,
    HotExp,
    HotLog,
    HotLog10,
    Fma,
    FmaFloat,
    /// `Double.doubleToRawLongBits` and `longBitsToDouble`, `Float.floatToRawIntBits` and
    /// `intBitsToFloat`.
    DoubleBits,
    BitsDouble,
    FloatBits,
    BitsFloat,
}

impl MathOp {
    /// Every operation, in the order of their codes.
    pub const ALL: [MathOp; 32] = [
        MathOp::Sin,
        MathOp::Cos,
        MathOp::Tan,
        MathOp::Asin,
        MathOp::Acos,
        MathOp::Atan,
        MathOp::Exp,
        MathOp::Log,
        MathOp::Log10,
        MathOp::Sqrt,
        MathOp::Cbrt,
        MathOp::Sinh,
        MathOp::Cosh,
        MathOp::Tanh,
        MathOp::Expm1,
        MathOp::Log1p,
        MathOp::Atan2,
        MathOp::Hypot,
        MathOp::Pow,
        MathOp::Remainder,
        MathOp::HotSin,
        MathOp::HotCos,
        MathOp::HotTan,
        MathOp::HotExp,
        MathOp::HotLog,
        MathOp::HotLog10,
        MathOp::Fma,
        MathOp::FmaFloat,
        MathOp::DoubleBits,
        MathOp::BitsDouble,
        MathOp::FloatBits,
        MathOp::BitsFloat,
    ];
}

impl Builtin {
    /// Whether the builtin is a function of its arguments that runs no code of the unit and
    /// changes nothing but what it returns (a new array or string at most): `Math`'s and
    /// `String`'s, the character data, number parsing. The others may run an override
    /// (`Object`'s methods), write an array, print or end the run.
    pub(crate) fn is_plain_function(self) -> bool {
        use Builtin::*;
        matches!(
            self,
            MathAbs
                | MathMin
                | MathMax
                | MathSqrt
                | MathPow
                | StringLength
                | StringCharAt
                | StringEquals
                | StringCompareTo
                | StringIndexOfChar
                | StringIndexOfString
                | StringSubstring1
                | StringSubstring2
                | StringIsEmpty
                | StringValueOf
                | StringOfChars
                | StringToCharArray
                | ArrayClone
                | EnumName
                | EnumOrdinal
                | EnumString
                | EnumCompare
                | RequireNonNull
                | First
                | MathFloor
                | MathCeil
                | MathRint
                | CharacterData
                | CharacterExpansion
                | ArrayKind
                | ParseDecimal
                | FloatMath
        )
    }

    /// Whether the call dereferences its first argument, a `String` or array receiver (a
    /// null one throws `NullPointerException`).
    pub(crate) fn dereferences_receiver(self) -> bool {
        use Builtin::*;
        matches!(
            self,
            StringLength
                | StringCharAt
                | StringEquals
                | StringCompareTo
                | StringIndexOfChar
                | StringIndexOfString
                | StringSubstring1
                | StringSubstring2
                | StringIsEmpty
                | StringToCharArray
                | ArrayClone
                | EnumName
                | EnumOrdinal
                | EnumCompare
                | ObjectEquals
                | ObjectHashCode
                | ObjectToString
                | RequireNonNull
        )
    }
}

/// What `System.out` is asked to do; or `String.format`, which formats as `printf` does and
/// gives the text instead of printing it (the expression is then a `String`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrintKind {
    Print,
    Println,
    Printf,
    Format,
}
