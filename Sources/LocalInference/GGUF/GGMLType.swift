/// A ggml tensor element type, with the ids ggml assigns (`enum ggml_type` in `ggml.h`).
///
/// Every id ggml defines is listed so that tensor sizes can be computed for any file; the engine
/// itself computes with a subset. Ids that ggml has retired (4, 5, 31-33, 36-38) are not cases,
/// and a file that uses them is rejected with ``GGUFError/Kind/unknownTensorType``.
///
/// ```swift
/// GGMLType.q4_K.blockSize      // 256 elements per block
/// GGMLType.q4_K.bytesPerBlock  // 144 bytes per block
/// ```
public enum GGMLType: UInt32, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case f32 = 0
    case f16 = 1
    case q4_0 = 2
    case q4_1 = 3
    case q5_0 = 6
    case q5_1 = 7
    case q8_0 = 8
    case q8_1 = 9
    case q2_K = 10
    case q3_K = 11
    case q4_K = 12
    case q5_K = 13
    case q6_K = 14
    case q8_K = 15
    case iq2_xxs = 16
    case iq2_xs = 17
    case iq3_xxs = 18
    case iq1_s = 19
    case iq4_nl = 20
    case iq3_s = 21
    case iq2_s = 22
    case iq4_xs = 23
    case i8 = 24
    case i16 = 25
    case i32 = 26
    case i64 = 27
    case f64 = 28
    case iq1_m = 29
    case bf16 = 30
    case tq1_0 = 34
    case tq2_0 = 35
    case mxfp4 = 39

    /// Number of elements one block encodes; a row length (`ne[0]`) must be a multiple of it.
    public var blockSize: Int {
        switch self {
        case .f32, .f16, .bf16, .i8, .i16, .i32, .i64, .f64: 1
        case .q4_0, .q4_1, .q5_0, .q5_1, .q8_0, .q8_1, .iq4_nl, .mxfp4: 32
        case .q2_K, .q3_K, .q4_K, .q5_K, .q6_K, .q8_K, .iq2_xxs, .iq2_xs, .iq3_xxs, .iq1_s,
             .iq3_s, .iq2_s, .iq4_xs, .iq1_m, .tq1_0, .tq2_0: 256
        }
    }

    /// Bytes one block occupies, as the `block_*` structs in ggml's `ggml-common.h` lay them out.
    public var bytesPerBlock: Int {
        switch self {
        case .f32: 4
        case .f16: 2
        case .bf16: 2
        case .i8: 1
        case .i16: 2
        case .i32: 4
        case .i64: 8
        case .f64: 8
        case .q4_0: 2 + 16            // d, 32 nibbles
        case .q4_1: 2 + 2 + 16        // d, m, 32 nibbles
        case .q5_0: 2 + 4 + 16        // d, qh, 32 nibbles
        case .q5_1: 2 + 2 + 4 + 16    // d, m, qh, 32 nibbles
        case .q8_0: 2 + 32            // d, 32 bytes
        case .q8_1: 2 + 2 + 32        // d, s, 32 bytes
        case .q2_K: 16 + 64 + 2 + 2   // scales, qs, d, dmin
        case .q3_K: 32 + 64 + 12 + 2  // hmask, qs, scales, d
        case .q4_K: 2 + 2 + 12 + 128  // d, dmin, scales, qs
        case .q5_K: 2 + 2 + 12 + 32 + 128
        case .q6_K: 128 + 64 + 16 + 2 // ql, qh, scales, d
        case .q8_K: 4 + 256 + 32      // float d, qs, int16 bsums[16]
        case .iq2_xxs: 2 + 64
        case .iq2_xs: 2 + 64 + 8
        case .iq3_xxs: 2 + 96
        case .iq1_s: 2 + 32 + 16
        case .iq4_nl: 2 + 16
        case .iq3_s: 2 + 64 + 8 + 32 + 4
        case .iq2_s: 2 + 64 + 8 + 8
        case .iq4_xs: 2 + 2 + 4 + 128
        case .iq1_m: 32 + 16 + 8
        case .tq1_0: 48 + 4 + 2
        case .tq2_0: 64 + 2
        case .mxfp4: 1 + 16
        }
    }

    /// The name ggml prints (`ggml_type_name`), e.g. `q4_K`.
    public var description: String {
        switch self {
        case .f32: "f32"
        case .f16: "f16"
        case .q4_0: "q4_0"
        case .q4_1: "q4_1"
        case .q5_0: "q5_0"
        case .q5_1: "q5_1"
        case .q8_0: "q8_0"
        case .q8_1: "q8_1"
        case .q2_K: "q2_K"
        case .q3_K: "q3_K"
        case .q4_K: "q4_K"
        case .q5_K: "q5_K"
        case .q6_K: "q6_K"
        case .q8_K: "q8_K"
        case .iq2_xxs: "iq2_xxs"
        case .iq2_xs: "iq2_xs"
        case .iq3_xxs: "iq3_xxs"
        case .iq1_s: "iq1_s"
        case .iq4_nl: "iq4_nl"
        case .iq3_s: "iq3_s"
        case .iq2_s: "iq2_s"
        case .iq4_xs: "iq4_xs"
        case .i8: "i8"
        case .i16: "i16"
        case .i32: "i32"
        case .i64: "i64"
        case .f64: "f64"
        case .iq1_m: "iq1_m"
        case .bf16: "bf16"
        case .tq1_0: "tq1_0"
        case .tq2_0: "tq2_0"
        case .mxfp4: "mxfp4"
        }
    }

    /// One past the largest id ggml defines (`GGML_TYPE_COUNT`); used in error messages.
    static let idLimit: UInt32 = 40
}
