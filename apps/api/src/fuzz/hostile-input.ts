import fc from 'fast-check'

/**
 * Strings an attacker or a broken client sends: SQL and script injection, template and path
 * traversal, NUL bytes, bidi overrides, emoji, combining marks, lone surrogates, number-like and
 * keyword-like strings. Every string field of every operation gets them.
 */
export const hostileStrings: readonly string[] = [
  // SQL
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '" OR ""="',
  "1' UNION SELECT password_hash FROM api_users --",
  '1; SELECT pg_sleep(5)',
  "%' AND 1=1 --",
  // HTML / script / templates
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(document.cookie)>',
  'javascript:alert(1)',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as it is.
  '${7*7}',
  '<!--',
  // path traversal
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd\u0000.png',
  // control characters and NUL
  '\u0000',
  'a\u0000b',
  '\r\nX-Injected: 1',
  '\u0007\u001b[31m',
  // unicode
  '\u202Egnp.exe',
  '\u200B\u200C\u200D\uFEFF',
  '👩‍👩‍👧‍👦🏳️‍🌈💩',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'שָׁלוֹם עולם',
  'مرحبا\u200F',
  '𝕳𝖊𝖑𝖑𝖔',
  '\uD800',
  '\uDFFFx\uD83D',
  'ﬀ İ ß Ω',
  // look-alikes of other types and keywords
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '%',
  '%zz',
  '%00',
  '\\',
  '"',
  "'",
  '`',
]

/** A hostile string: a listed one, a random (possibly invalid UTF-16) one, or a listed one wrapped in noise. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileStrings), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...hostileStrings), fc.string({ maxLength: 8 }))
      .map(([a, b, c]) => a + b + c),
    weight: 1,
  },
)

/** HTTP header values may only carry visible ASCII, space and tab; other characters become `?`. */
export function headerSafe(text: string): string {
  return text.replace(/[^\t\x20-\x7e]/g, '?')
}

/** A hostile string that can travel in a header. */
export const hostileHeaderValue: fc.Arbitrary<string> = hostileString.map(headerSafe)

/** Texts that are not JSON, or are JSON a parser must be careful with. */
export function malformedJsonTexts(valid: string): string[] {
  return [
    '',
    ' ',
    '{',
    '}',
    '{"a":',
    "{'a': 1}",
    '{"a": 1,}',
    '[1, 2,]',
    '{a: 1}',
    'undefined',
    'NaN',
    '-',
    '01',
    '"unterminated',
    '{"a": "\\x00"}',
    '{"a": "\\uZZZZ"}',
    '\uFEFF{}',
    '{}{}',
    `${valid}garbage`,
    `${valid},`,
    valid.slice(0, Math.max(1, Math.floor(valid.length / 2))),
    valid.replace(/"/g, "'"),
    '{"__proto__": {"isAdmin": true}}',
    '{"constructor": {"prototype": {"isAdmin": true}}}',
    '1e999',
    '\u0000',
    '<?xml version="1.0"?><a/>',
  ]
}
