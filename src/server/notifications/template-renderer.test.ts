import { describe, expect, it } from 'vitest';
import { renderSubject, renderTemplateHtml, type TemplateValues } from '#shared/schemas/email-templates';
import { absoluteLogoUrl, composeMail, htmlToText } from './template-renderer.ts';

const values: TemplateValues = {
  logoUrl: 'https://example.test/logo.png?a=1&b=2',
  appName: 'Lab',
  serviceName: '<script>alert("x")</script> & \'co\'',
  status: 'DOWN',
  timestamp: '2030-01-01 00:00:00 UTC',
  duration: '5 minutes',
};

describe('renderTemplateHtml', () => {
  it('replaces the six placeholders, with optional spaces, escaping the values', () => {
    const html = renderTemplateHtml('<b>{{serviceName}}</b> {{ status }} {{appName }} {{  duration}}', values);
    expect(html).toBe('<b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</b> DOWN Lab 5 minutes');
  });

  it('leaves every other syntax literally, including triple braces and unknown names', () => {
    const template =
      '{{{serviceName}}} {{constructor}} {{#if status}}{{/if}} ${x} <%= x %> {% x %} {{ status.x }} {{Status}} {{ }}';
    expect(renderTemplateHtml(template, values)).toBe(template);
  });

  it('never re-reads a substituted value, and treats $ patterns in values as text', () => {
    const sneaky = { ...values, serviceName: '{{status}} $& $1 $$' };
    expect(renderTemplateHtml('{{serviceName}}|{{status}}', sneaky)).toBe('{{status}} $&amp; $1 $$|DOWN');
  });

  it('escapes the logo inside an attribute and drops an <img> whose src ended up empty', () => {
    expect(renderTemplateHtml('<img src="{{logoUrl}}">', values)).toBe(
      '<img src="https://example.test/logo.png?a=1&amp;b=2">',
    );
    expect(renderTemplateHtml('a<img alt="" src="{{logoUrl}}" height="4">b', { ...values, logoUrl: '' })).toBe('ab');
    expect(renderTemplateHtml('<img alt="" src="x.png">', { ...values, logoUrl: '' })).toBe('<img alt="" src="x.png">');
  });
});

describe('renderSubject', () => {
  it('is plain text on one line: no escaping, no CR, LF or other control characters', () => {
    const subject = renderSubject('{{serviceName}}\r\nBcc: x@y\u0000\u2028{{status}}', values);
    expect(subject).toBe('<script>alert("x")</script> & \'co\' Bcc: x@y DOWN');
    expect(renderSubject('{{serviceName}}', { ...values, serviceName: 'a\r\n\r\nb' })).toBe('a b');
  });
});

describe('htmlToText', () => {
  it('drops head and style, breaks blocks and rows, joins cells, decodes entities, shows link targets', () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body><h1>Hi &amp; bye</h1>\n<p>one\n  two</p>' +
      '<table><tr><td>Status</td>\n<td>UP</td></tr></table><a href="https://x.test">site</a>&#39;&#x41;&nbsp;</body></html>';
    expect(htmlToText(html)).toBe("Hi & bye\none two\nStatus: UP\n\nsite (https://x.test)'A");
  });
});

describe('composeMail', () => {
  it('builds subject, HTML, text and Message-ID together', () => {
    const mail = composeMail(
      { subject: '{{status}}', template: '<p>{{serviceName}}</p>' },
      values,
      'a@b.test',
      '<m@x>',
    );
    expect(mail).toEqual({
      to: 'a@b.test',
      subject: 'DOWN',
      html: '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>',
      text: '<script>alert("x")</script> & \'co\'',
      messageId: '<m@x>',
    });
  });
});

describe('absoluteLogoUrl', () => {
  it('prefixes uploads with the public URL and refuses other schemes', () => {
    expect(absoluteLogoUrl('/uploads/site/a.png', 'https://lab.test')).toBe('https://lab.test/uploads/site/a.png');
    expect(absoluteLogoUrl('http://cdn.test/a.png', 'https://lab.test')).toBe('http://cdn.test/a.png');
    expect(absoluteLogoUrl('javascript:alert(1)', 'https://lab.test')).toBe('');
    expect(absoluteLogoUrl(null, 'https://lab.test')).toBe('');
  });
});
