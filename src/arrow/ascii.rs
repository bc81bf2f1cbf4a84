//! Puzzle symbols to cell values in bulk, many rows at once, without a table.
//!
//! [`crate::parse::fill_from_ascii`] looks every byte up in the alphabet table, which cannot
//! vectorise (there is no byte gather). Here the common symbols are mapped with arithmetic
//! instead, which compiles to a few SIMD instructions per 16 or 32 bytes: `'0'`-`'9'` to
//! 0-9 and `'.'` to 0. This is a subset of the alphabet; a run holding anything else (`'_'`,
//! a bad symbol) is refused as a whole, and the caller reads it row by row through the
//! checked path, which decides and names the first bad cell.

/// Writes the value of each byte of `symbols` into `out` (same length), and returns true, when
/// every byte is `'0'`-`'9'` or `'.'`. Otherwise returns false; `out` is then unspecified.
pub fn convert(symbols: &[u8], out: &mut [u8]) -> bool {
    if symbols.len() != out.len() {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::avx2_enabled() {
        // SAFETY: AVX2 is enabled only where `is_x86_feature_detected!("avx2")` said so.
        return unsafe { convert_avx2(symbols, out) };
    }
    convert_any(symbols, out)
}

/// [`convert_any`] compiled for AVX2: 32 bytes per step instead of SSE2's 16.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn convert_avx2(symbols: &[u8], out: &mut [u8]) -> bool {
    convert_any(symbols, out)
}

/// Branch-free over the bytes, so the loop vectorises; the one test is at the end.
#[inline(always)]
fn convert_any(symbols: &[u8], out: &mut [u8]) -> bool {
    let mut bad = 0u8;
    for (slot, &byte) in out.iter_mut().zip(symbols) {
        let digit = byte.wrapping_sub(b'0');
        let is_digit = digit <= 9;
        let is_dot = byte == b'.';
        *slot = if is_digit { digit } else { 0 };
        bad |= u8::from(!(is_digit | is_dot));
    }
    bad == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{NOT_A_SYMBOL, SYMBOL_VALUE};

    #[test]
    fn agrees_with_the_alphabet_table_wherever_it_accepts() {
        for byte in 0..=255u8 {
            let mut out = [9u8; 1];
            let accepted = convert(&[byte], &mut out);
            assert_eq!(accepted, byte.is_ascii_digit() || byte == b'.', "byte {byte}");
            if accepted {
                assert_eq!(out[0], SYMBOL_VALUE[usize::from(byte)]);
                assert_ne!(SYMBOL_VALUE[usize::from(byte)], NOT_A_SYMBOL);
            }
        }
    }

    #[test]
    fn long_runs_and_one_bad_byte_anywhere() {
        let symbols: Vec<u8> = (0..81 * 40).map(|i| b".0123456789"[i % 11]).collect();
        let mut out = vec![0u8; symbols.len()];
        assert!(convert(&symbols, &mut out));
        assert!(out.iter().zip(&symbols).all(|(&v, &s)| v == SYMBOL_VALUE[usize::from(s)]));
        for at in [0, 31, 32, 80, 81 * 40 - 1] {
            let mut spoiled = symbols.clone();
            spoiled[at] = b'x';
            assert!(!convert(&spoiled, &mut out));
        }
        assert!(!convert(&symbols, &mut out[1..]));
        assert!(convert(&[], &mut []));
    }
}
