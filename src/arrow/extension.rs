//! Arrow extension types (`ARROW:extension:name` in a field's metadata): a type with a
//! storage type underneath, whose values mean something else. Read by their storage only
//! when the extension is known to hold text; anything else (DuckDB's `BIGNUM`, an
//! `arrow.opaque` over binary, a UUID) would be read as if its bytes were puzzle text, so it
//! is refused by name.

use std::ffi::c_char;

use super::error::ArrowError;
use super::ffi::ArrowSchema;

/// Extensions whose storage is the text of the value itself.
const TEXT_EXTENSIONS: [&str; 1] = ["arrow.json"];

const NAME_KEY: &[u8] = b"ARROW:extension:name";
const METADATA_KEY: &[u8] = b"ARROW:extension:metadata";

/// `Ok` when `schema` is no extension type or a text one; else the error that names it.
pub fn check(schema: &ArrowSchema) -> Result<(), ArrowError> {
    let Some(name) = value_of(schema.metadata, NAME_KEY)? else { return Ok(()) };
    let name = String::from_utf8_lossy(&name).into_owned();
    if TEXT_EXTENSIONS.contains(&name.as_str()) {
        return Ok(());
    }
    // `arrow.opaque` says what it stands for in its metadata (`{"type_name":"bignum",...}`).
    let detail = value_of(schema.metadata, METADATA_KEY)?.and_then(|metadata| json_string(&metadata, "type_name"));
    let shown = match detail {
        Some(detail) => format!("extension type {} ({})", crate::error::shorten(&name), crate::error::shorten(&detail)),
        None => format!("extension type {}", crate::error::shorten(&name)),
    };
    Err(ArrowError::number(shown))
}

/// The value of `key` in Arrow's metadata encoding: an i32 count of pairs, then each key and
/// value as an i32 length and that many bytes, native-endian.
fn value_of(metadata: *const c_char, key: &[u8]) -> Result<Option<Vec<u8>>, ArrowError> {
    if metadata.is_null() {
        return Ok(None);
    }
    let mut at = metadata.cast::<u8>();
    // SAFETY (for every read below): the producer promises a well-formed metadata block
    // alive while its schema is, the trust boundary of the C data interface; each read stays
    // within the lengths the block itself gives, and negative lengths are refused.
    let read_len = |at: &mut *const u8| -> Result<usize, ArrowError> {
        let mut word = [0u8; 4];
        // SAFETY: see above.
        unsafe { std::ptr::copy_nonoverlapping(*at, word.as_mut_ptr(), 4) };
        *at = at.wrapping_add(4);
        usize::try_from(i32::from_ne_bytes(word)).map_err(|_| ArrowError::malformed("a negative length in the schema's metadata"))
    };
    let pairs = read_len(&mut at)?;
    let mut found = None;
    for _ in 0..pairs {
        let key_len = read_len(&mut at)?;
        // SAFETY: see above.
        let this_key = unsafe { std::slice::from_raw_parts(at, key_len) };
        at = at.wrapping_add(key_len);
        let value_len = read_len(&mut at)?;
        // SAFETY: see above.
        let value = unsafe { std::slice::from_raw_parts(at, value_len) };
        at = at.wrapping_add(value_len);
        if found.is_none() && this_key == key {
            let mut copy = Vec::new();
            copy.try_reserve_exact(value.len()).map_err(|_| ArrowError::out_of_memory())?;
            copy.extend_from_slice(value);
            found = Some(copy);
        }
    }
    Ok(found)
}

/// The string value of `"field"` in a flat JSON object, found by text: enough to name the
/// type in a message, never used to decide anything.
fn json_string(json: &[u8], field: &str) -> Option<String> {
    let text = String::from_utf8_lossy(json);
    let after = text.split_once(&format!("\"{field}\""))?.1;
    let value = after.trim_start().strip_prefix(':')?.trim_start().strip_prefix('"')?;
    Some(value.split('"').next()?.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(pairs: &[(&str, &str)]) -> Vec<u8> {
        let mut out = (pairs.len() as i32).to_ne_bytes().to_vec();
        for (key, value) in pairs {
            for part in [key, value] {
                out.extend_from_slice(&(part.len() as i32).to_ne_bytes());
                out.extend_from_slice(part.as_bytes());
            }
        }
        out
    }

    #[test]
    fn extension_names_and_their_details() {
        let bignum = encoded(&[
            ("ARROW:extension:name", "arrow.opaque"),
            ("ARROW:extension:metadata", "{\"type_name\":\"bignum\",\"vendor_name\":\"DuckDB\"}"),
        ]);
        let read = |block: &Vec<u8>, key| value_of(block.as_ptr().cast(), key).unwrap();
        assert_eq!(read(&bignum, NAME_KEY), Some(b"arrow.opaque".to_vec()));
        assert_eq!(read(&bignum, b"other"), None);
        let metadata = read(&bignum, METADATA_KEY).unwrap();
        assert_eq!(json_string(&metadata, "type_name").as_deref(), Some("bignum"));
        assert_eq!(json_string(b"{}", "type_name"), None);
        assert_eq!(value_of(std::ptr::null(), NAME_KEY), Ok(None));
        let negative = (-1i32).to_ne_bytes().to_vec();
        assert!(value_of(negative.as_ptr().cast(), NAME_KEY).is_err());
    }
}
