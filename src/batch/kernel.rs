//! Which validator runs: AVX2 where the CPU has it, the portable one elsewhere, chosen once.

use crate::cpu;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kernel {
    /// 32 boards per step in 256-bit registers (x86-64 with AVX2).
    Avx2,
    /// One board per step in general-purpose registers; any CPU.
    Portable,
}

impl Kernel {
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Avx2 => "avx2",
            Kernel::Portable => "portable",
        }
    }
}

/// The validator this process uses: the single-board validators' choice (`crate::cpu`), so
/// `VALID_SUDOKU_FORCE_PORTABLE` switches every path at once.
pub fn kernel() -> Kernel {
    if cpu::avx2_enabled() {
        Kernel::Avx2
    } else {
        Kernel::Portable
    }
}
