import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasInvisibleOrControl, invisibleCharacterMessage, visibleText } from './secret-text.ts';

describe('hasInvisibleOrControl', () => {
  it('finds control, format (zero-width, BOM, bidi, soft hyphen) and separator characters', () => {
    const refused = ['\u0000', '\t', '\u001f', '\u007f', '\u0085', '\u009f', '\u00ad', '\u061c', '\u180e'];
    refused.push('\u200b', '\u200c', '\u200d', '\u200e', '\u2028', '\u2029', '\u202a', '\u202e', '\u2060');
    refused.push('\u2066', '\u2069', '\ufeff', '\ud800');
    for (const character of refused) expect(hasInvisibleOrControl(`a${character}b`), escape(character)).toBe(true);
  });

  it('lets every printable character through: spaces, accents, other scripts, emoji', () => {
    for (const text of ['pass word', ' é ü ß ', 'пароль', '密码', 'كلمة', '🔑👍🏽', 'a\u00a0b', 'tk_AZaz09-._~']) {
      expect(hasInvisibleOrControl(text), text).toBe(false);
    }
  });
});

describe('visibleText', () => {
  it("refuses with the field's message and keeps the schema's own checks", () => {
    const schema = visibleText(z.string().max(5, 'too long'), 'Jellyfin API key');
    expect(schema.safeParse('\ufeffkey').error?.issues[0]?.message).toBe(invisibleCharacterMessage('Jellyfin API key'));
    expect(invisibleCharacterMessage('Jellyfin API key')).toBe(
      'The Jellyfin API key contains an invisible or control character',
    );
    expect(schema.safeParse('toolong').error?.issues[0]?.message).toBe('too long');
    expect(schema.parse('key')).toBe('key');
  });
});
