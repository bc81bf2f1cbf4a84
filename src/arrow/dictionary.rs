//! Dictionary-encoded columns (polars `Categorical` / `Enum`, pyarrow dictionary arrays): each
//! row is an integer key into a dictionary of values, read in place, never decoded into a copy.

use super::error::ArrowError;
use super::memory::Bytes;

/// The keys' integer type, from the schema's format string (`c`, `C`, `s` ... `L`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KeyType {
    pub bytes: usize,
    pub signed: bool,
}

impl KeyType {
    pub fn from_format(format: &[u8]) -> Option<KeyType> {
        let (bytes, signed) = match format {
            b"c" => (1, true),
            b"C" => (1, false),
            b"s" => (2, true),
            b"S" => (2, false),
            b"i" => (4, true),
            b"I" => (4, false),
            b"l" => (8, true),
            b"L" => (8, false),
            _ => return None,
        };
        Some(KeyType { bytes, signed })
    }
}

/// A chunk's keys buffer: key `slot` says which dictionary row holds the row's value.
#[derive(Debug)]
pub struct Keys {
    pub bytes: Bytes,
    pub kind: KeyType,
}

impl Keys {
    /// Key `slot`, or `None` past the buffer or for a negative key (never read as a row).
    #[inline]
    pub fn get(&self, slot: usize) -> Option<usize> {
        let width = self.kind.bytes;
        let at = slot.checked_mul(width)?;
        let raw = self.bytes.get().get(at..at.checked_add(width)?)?;
        let mut word = [0u8; 8];
        let negative = self.kind.signed && raw.get(if cfg!(target_endian = "little") { width - 1 } else { 0 })? & 0x80 != 0;
        if negative {
            return None;
        }
        if cfg!(target_endian = "little") {
            word.get_mut(..width)?.copy_from_slice(raw);
            usize::try_from(u64::from_le_bytes(word)).ok()
        } else {
            word.get_mut(8 - width..)?.copy_from_slice(raw);
            usize::try_from(u64::from_be_bytes(word)).ok()
        }
    }
}

/// The error for a key outside its dictionary.
pub fn bad_key(row: usize) -> ArrowError {
    ArrowError::malformed(format!("the dictionary key of row {row} is outside the dictionary"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_every_width_and_sign() {
        let data: Vec<u8> = [5i16, -1, 300].iter().flat_map(|k| k.to_ne_bytes()).collect();
        // SAFETY: `data` outlives `bytes` (and the keys made of it) and holds the 6 bytes given.
        let bytes = unsafe { Bytes::new(data.as_ptr().cast(), data.len()) };
        let keys = Keys { bytes, kind: KeyType { bytes: 2, signed: true } };
        assert_eq!((keys.get(0), keys.get(1), keys.get(2), keys.get(3)), (Some(5), None, Some(300), None));
        let unsigned = Keys { bytes, kind: KeyType { bytes: 2, signed: false } };
        assert_eq!(unsigned.get(1), Some(65535));
        assert_eq!(KeyType::from_format(b"I"), Some(KeyType { bytes: 4, signed: false }));
        assert_eq!(KeyType::from_format(b"u"), None);
    }
}
