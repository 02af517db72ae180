/**
 * Layout of our ASN range file, converted once from the ip-location-db CSVs (see docs/decisions/0006-geoip.md):
 *
 *   header   32 bytes: magic "HLASN\x01\0\0", u32 IPv4 count, u32 IPv6 count, u32 string-table offset,
 *            u32 string-table length, 8 bytes reserved (all integers big-endian)
 *   IPv4     count x 12 bytes: u32 first address, u32 last address, u32 offset of the organisation string
 *   IPv6     count x 36 bytes: 16-byte first address, 16-byte last address, u32 string offset
 *   strings  deduplicated organisation names, each a u16 byte length then UTF-8
 *
 * Ranges are sorted and disjoint, so a lookup is a binary search over fixed-width records.
 */
export const ASN_MAGIC = Buffer.from('HLASN\x01\0\0', 'latin1');
export const ASN_HEADER_BYTES = 32;
export const ASN_V4_RECORD_BYTES = 12;
export const ASN_V6_RECORD_BYTES = 36;
