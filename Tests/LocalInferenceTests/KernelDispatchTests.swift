import CKernels
import Foundation
import Testing

/// CPUID / XCR0 values for `ck_cpu_features_from_registers`: leaf 1 ECX bits 12 (FMA),
/// 27 (OSXSAVE), 28 (AVX), 29 (F16C); leaf 7 EBX bits 5 (AVX2), 16 (AVX512F), 30 (AVX512BW),
/// 31 (AVX512VL); leaf 7 ECX bit 11 (AVX512_VNNI); XCR0 bits 1-2 (YMM), 5-7 (AVX-512 state).
private enum Registers {
    static let leaf1AVX: UInt32 = 1 << 12 | 1 << 27 | 1 << 28 | 1 << 29
    static let leaf7AVX2: UInt32 = 1 << 5
    static let leaf7AVX512: UInt32 = 1 << 5 | 1 << 16 | 1 << 30 | 1 << 31
    static let leaf7VNNI: UInt32 = 1 << 11
    static let xcr0YMM: UInt64 = 0x7
    static let xcr0ZMM: UInt64 = 0xE7
}

private func features(leaf1: UInt32 = Registers.leaf1AVX, leaf7b: UInt32, leaf7c: UInt32 = 0, xcr0: UInt64) -> ck_cpu_features {
    ck_cpu_features_from_registers(leaf1, leaf7b, leaf7c, xcr0)
}

private func choose(_ request: String?, _ f: ck_cpu_features) -> (isa: Int32, note: String) {
    var f = f
    var note = [CChar](repeating: 0, count: 256)
    let isa = note.withUnsafeMutableBufferPointer { buffer in
        if let request { return ck_choose_isa(request, &f, buffer.baseAddress, buffer.count) }
        return ck_choose_isa(nil, &f, buffer.baseAddress, buffer.count)
    }
    // The note is NUL-terminated inside the buffer (String(cString:) of an array is deprecated).
    return (isa, String(decoding: note.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
}

@Suite("Kernel dispatch: CPU features, FM_CPU and the chosen path") struct KernelDispatchTests {
    @Test func avx512NeedsTheOSToSaveItsRegisters() {
        var full = features(leaf7b: Registers.leaf7AVX512, leaf7c: Registers.leaf7VNNI, xcr0: Registers.xcr0ZMM)
        #expect(ck_features_support_isa(&full, Int32(CK_ISA_AVX512)) == 1)
        // The CPU has AVX-512 but the OS saves only YMM state: AVX2 at most.
        var ymmOnly = features(leaf7b: Registers.leaf7AVX512, leaf7c: Registers.leaf7VNNI, xcr0: Registers.xcr0YMM)
        #expect(ymmOnly.avx512f == 0 && ymmOnly.avx512vnni == 0)
        #expect(ck_features_support_isa(&ymmOnly, Int32(CK_ISA_AVX512)) == 0)
        #expect(ck_features_support_isa(&ymmOnly, Int32(CK_ISA_AVX2)) == 1)
        // No OSXSAVE: XCR0 cannot be read, nothing VEX-encoded may run.
        var noOSXSAVE = features(leaf1: Registers.leaf1AVX & ~(1 << 27), leaf7b: Registers.leaf7AVX512, xcr0: Registers.xcr0ZMM)
        #expect(noOSXSAVE.avx2 == 0 && noOSXSAVE.fma == 0)
        #expect(ck_features_support_isa(&noOSXSAVE, Int32(CK_ISA_AVX2)) == 0)
        // YMM state not saved: no AVX2 either.
        var noYMM = features(leaf7b: Registers.leaf7AVX2, xcr0: 0x3)
        #expect(ck_features_support_isa(&noYMM, Int32(CK_ISA_AVX2)) == 0)
        // AVX-512 without VNNI (e.g. Skylake-X) runs the AVX2 path.
        var noVNNI = features(leaf7b: Registers.leaf7AVX512, xcr0: Registers.xcr0ZMM)
        #expect(ck_features_support_isa(&noVNNI, Int32(CK_ISA_AVX512)) == 0)
        #expect(ck_features_support_isa(&noVNNI, Int32(CK_ISA_AVX2)) == 1)
    }

    @Test func fmCPUSelectsALowerPathAndRefusesAHigherOne() {
        let avx512 = features(leaf7b: Registers.leaf7AVX512, leaf7c: Registers.leaf7VNNI, xcr0: Registers.xcr0ZMM)
        let avx2 = features(leaf7b: Registers.leaf7AVX2, xcr0: Registers.xcr0YMM)
        #expect(choose(nil, avx512) == (Int32(CK_ISA_AVX512), ""))
        #expect(choose("", avx2) == (Int32(CK_ISA_AVX2), ""))
        #expect(choose("avx2", avx512) == (Int32(CK_ISA_AVX2), ""))
        #expect(choose("scalar", avx512) == (Int32(CK_ISA_SCALAR), ""))
        #expect(choose("AVX512", avx512) == (Int32(CK_ISA_AVX512), ""))
        let refused = choose("avx512", avx2)
        #expect(refused.isa == Int32(CK_ISA_AVX2))
        #expect(refused.note == "FM_CPU=avx512 refused: this CPU or its OS lacks AVX512F, AVX512BW, AVX512VL, AVX512_VNNI; using avx2")
        let unknown = choose("sse9", avx2)
        #expect(unknown.isa == Int32(CK_ISA_AVX2))
        #expect(unknown.note == "FM_CPU=sse9 is not one of scalar, avx2, avx512; using avx2")
        let none = ck_cpu_features()
        #expect(choose("avx2", none) == (Int32(CK_ISA_SCALAR), "FM_CPU=avx2 refused: this CPU or its OS lacks AVX2, FMA, F16C; using scalar"))
    }

    /// The process runs what FM_CPU and this CPU give (the CI runs the engine tests once per
    /// path: scripts/test.sh sets FM_CPU=avx2 and FM_CPU=scalar on machines that have more).
    @Test func chosenPathFollowsTheEnvironment() {
        var detected = ck_detect_cpu_features()
        let request = ProcessInfo.processInfo.environment["FM_CPU"]
        let expected = choose(request, detected)
        #expect(ck_selected_isa() == expected.isa)
        #expect(ck_cpu_isa() == choose(nil, detected).isa)
        #expect(ck_isa_note().map { String(cString: $0) } ?? "" == expected.note)
        for isa in [CK_ISA_SCALAR, CK_ISA_AVX2, CK_ISA_AVX512] {
            let runnable = Int32(isa) <= ck_selected_isa() && ck_features_support_isa(&detected, Int32(isa)) != 0
            #expect((ck_isa_available(Int32(isa)) != 0) == runnable, "\(String(cString: ck_isa_name(Int32(isa))))")
        }
    }
}
