/**
 * The little XML plex.tv's v1 routes answer (`<Section id="…" key="…" title="…"/>`, `<Response code status/>`,
 * `<errors><error>…</error></errors>`), read without an XML library: only the attributes and texts of named
 * elements, with the five predefined entities and numeric character references decoded.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes XML's predefined entities and character references; an unknown entity is left as written. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name] ?? whole;
  });
}

const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The attributes of every `<name …>` or `<name …/>` element, in document order (comments and CDATA skipped). */
export function xmlElements(xml: string, name: string): Record<string, string>[] {
  const element = new RegExp(`<${name}(?=[\\s/>])([^>]*)>`, 'g');
  return [...stripNonMarkup(xml).matchAll(element)].map((match) => {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? '').matchAll(ATTRIBUTE)) {
      const key = attribute[1];
      if (key !== undefined) attributes[key] = decodeXmlText(attribute[2] ?? attribute[3] ?? '');
    }
    return attributes;
  });
}

/** The text of every `<name>…</name>` element (markup inside removed), trimmed, empty ones left out. */
export function xmlTexts(xml: string, name: string): string[] {
  const element = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}\\s*>`, 'g');
  return [...stripNonMarkup(xml).matchAll(element)]
    .map((match) => decodeXmlText((match[1] ?? '').replace(/<[^>]*>/g, '')).trim())
    .filter((text) => text !== '');
}

/** Comments, processing instructions and CDATA hold nothing we read, and could hide a false `<Section`. */
function stripNonMarkup(xml: string): string {
  return xml.replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>/g, '');
}
