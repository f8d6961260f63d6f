//! The check at the end of a link: CRC-32 (the one of zlib, PNG and Ethernet: polynomial
//! 0xEDB88320 reflected, initial and final value 0xFFFFFFFF), so that a character changed,
//! added or lost on the way is found. Python's `zlib.crc32` gives the same numbers.

/// The CRC-32 of `bytes`.
pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xEDB8_8320 & mask);
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::crc32;

    #[test]
    fn the_standard_check_values() {
        // The catalogue's check value for "123456789", and zlib.crc32 of two texts.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        assert_eq!(
            crc32(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
    }
}
