//! Every SIMD kernel this machine can run against the portable validator, on the same boards:
//! AVX-512 blocks of 64, and the mixed steps (64 wide, then 32) that [`validate_blocks`]
//! makes. A machine without AVX-512 skips these and says so.
// Test helpers, also built for the measuring drivers (`--features drivers`), which use a few.
#![cfg_attr(not(test), allow(dead_code, unused_imports))]

use super::avx512::{validate_block, LANES};
use super::kernel::{validate_blocks, Kernel};
use super::portable;
use super::Thirds;
use crate::cpu;
use crate::grid::CELLS;

fn avx512() -> bool {
    let present = cpu::avx512_detected();
    if !present {
        eprintln!("skipped: this CPU has no AVX-512F/BW, so the AVX-512 kernel is not tested here");
    }
    present
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// `count` boards at `stride`, of every density from empty to nearly full (so both answers
/// come up), as values or as puzzle symbols.
pub(super) fn boards(count: usize, stride: usize, symbols: bool, state: &mut u64) -> Vec<u8> {
    let mut bytes = vec![b'\n'; count * stride];
    for (i, byte) in bytes.iter_mut().enumerate() {
        if i % stride >= CELLS {
            continue;
        }
        let r = xorshift(state);
        let density = (i / stride % 32) as u64;
        let digit = (r >> 8) as u8 % 9 + 1;
        let filled = r % 81 < density;
        *byte = match (symbols, filled) {
            (false, true) => digit,
            (false, false) => 0,
            (true, true) => b'0' + digit,
            (true, false) => b".0"[(r >> 20) as usize % 2],
        };
    }
    bytes
}

fn portable_flags(bytes: &[u8], stride: usize, count: usize, symbols: bool) -> Vec<bool> {
    let encoding = if symbols { &portable::SYMBOLS } else { &portable::VALUES };
    (0..count)
        .map(|b| {
            let board: &[u8; CELLS] = bytes[b * stride..b * stride + CELLS].try_into().expect("81 bytes");
            portable::verdict(board, encoding) == portable::Verdict::Valid
        })
        .collect()
}

#[test]
fn avx512_blocks_agree_with_the_portable_validator() {
    if !avx512() {
        return;
    }
    let mut state = 0x0DDB_1A5E_5BAD_5EED_u64;
    let (mut valid, mut invalid) = (0, 0);
    for round in 0..3000 {
        let symbols = round % 2 == 1;
        let stride = CELLS + round % 3;
        let bytes = boards(LANES, stride, symbols, &mut state);
        let mut out = [false; LANES];
        let ok = if symbols {
            // SAFETY: AVX-512F/BW are present (checked above).
            unsafe { validate_block::<true>(&bytes, stride, &mut out, Thirds::new(&[])) }
        } else {
            // SAFETY: as above.
            unsafe { validate_block::<false>(&bytes, stride, &mut out, Thirds::new(&[])) }
        };
        assert!(ok, "round {round}");
        let expected = portable_flags(&bytes, stride, LANES, symbols);
        assert_eq!(out.to_vec(), expected, "round {round}");
        valid += expected.iter().filter(|&&v| v).count();
        invalid += expected.iter().filter(|&&v| !v).count();
    }
    assert!(valid > 50_000 && invalid > 50_000, "{valid} valid, {invalid} invalid");
}

#[test]
fn avx512_refuses_every_byte_outside_the_alphabet_in_every_cell_and_lane() {
    if !avx512() {
        return;
    }
    let mut out = [false; LANES];
    for cell in 0..CELLS {
        for (board, bad) in [(0, 10u8), (17, 16), (40, 0x80), (63, 0xFF)] {
            let mut bytes = vec![0u8; LANES * CELLS];
            bytes[board * CELLS + cell] = bad;
            // SAFETY: AVX-512F/BW are present (checked above).
            assert!(!unsafe { validate_block::<false>(&bytes, CELLS, &mut out, Thirds::new(&[])) }, "{bad} at {cell} of {board}");
            let mut text = vec![b'.'; LANES * CELLS];
            text[board * CELLS + cell] = [b'x', b'/', b':', 0][board % 4];
            // SAFETY: as above.
            assert!(!unsafe { validate_block::<true>(&text, CELLS, &mut out, Thirds::new(&[])) }, "symbol at {cell} of {board}");
        }
    }
    let bytes = vec![0u8; LANES * CELLS - 1];
    // SAFETY: as above; too short, so it reads nothing.
    assert!(!unsafe { validate_block::<false>(&bytes, CELLS, &mut out, Thirds::new(&[])) });
}

#[test]
fn every_kernel_steps_through_mixed_blocks_as_the_portable_validator() {
    let mut kernels = vec![Kernel::Avx2];
    if avx512() {
        kernels.push(Kernel::Avx512);
    }
    if !cpu::avx512_detected() && !std::arch::is_x86_feature_detected!("avx2") {
        eprintln!("skipped: this CPU has no AVX2");
        return;
    }
    let mut state = 0xC0FF_EE00_1234_u64;
    for count in [32, 64, 96, 160, 1024] {
        for symbols in [false, true] {
            let bytes = boards(count, CELLS + 1, symbols, &mut state);
            let expected = portable_flags(&bytes, CELLS + 1, count, symbols);
            for &kernel in &kernels {
                let mut out = vec![false; count];
                let ok = if symbols {
                    validate_blocks::<true>(kernel, &bytes, CELLS + 1, &mut out)
                } else {
                    validate_blocks::<false>(kernel, &bytes, CELLS + 1, &mut out)
                };
                assert!(ok, "{kernel:?}, {count}");
                assert_eq!(out, expected, "{kernel:?}, {count} boards");
            }
        }
    }
    assert!(!validate_blocks::<false>(Kernel::Portable, &[0; 64 * CELLS], CELLS, &mut [false; 64]));
}
