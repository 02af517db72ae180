import { describe, expect, it } from 'vitest';
import { decodeXmlText, xmlElements, xmlTexts } from './plex-xml.ts';

describe('plex.tv XML', () => {
  it('reads the Section elements of a server, whatever their attribute order and quoting', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<MediaContainer friendlyName="myPlex" size="1">
  <!-- <Section id="0" key="0" title="commented out"/> -->
  <Server name="Home" machineIdentifier="abc">
    <Section id="901" key="1" type="movie" title="Movies"/>
    <Section title='Kids &amp; Family' key='7' id='902' type='show' />
    <Section
      id="903" key="3" type="artist" title="Caf&#xe9; &#8220;Music&#8221;"></Section>
  </Server>
</MediaContainer>`;
    expect(xmlElements(xml, 'Section')).toEqual([
      { id: '901', key: '1', type: 'movie', title: 'Movies' },
      { title: 'Kids & Family', key: '7', id: '902', type: 'show' },
      { id: '903', key: '3', type: 'artist', title: 'Café “Music”' },
    ]);
    // `SectionX` is another element, not a Section.
    expect(xmlElements('<SectionX id="1"/>', 'Section')).toEqual([]);
  });

  it('reads error texts and the Response status', () => {
    expect(
      xmlTexts('<errors><error>Invalid &lt;email&gt;</error><error> </error><error>b</error></errors>', 'error'),
    ).toEqual(['Invalid <email>', 'b']);
    expect(xmlElements('<Response code="410" status="This endpoint was deprecated and removed"/>', 'Response')).toEqual(
      [{ code: '410', status: 'This endpoint was deprecated and removed' }],
    );
  });

  it('leaves unknown entities and invalid references as written', () => {
    expect(decodeXmlText('&nbsp; &#0; &#x110000; &amp;amp;')).toBe('&nbsp; &#0; &#x110000; &amp;');
  });
});
