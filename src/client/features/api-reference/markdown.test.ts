import { describe, expect, it } from 'vitest';
import { isSafeHref, parseInline, parseMarkdown } from './markdown';

const text = (value: string) => ({ kind: 'text', text: value });
const code = (value: string) => ({ kind: 'code', text: value });

describe('parseInline', () => {
  it('reads code spans, as the API descriptions write them', () => {
    expect(
      parseInline('With `Accept: text/event-stream` the run streams `progress` events.'),
    ).toEqual([
      text('With '),
      code('Accept: text/event-stream'),
      text(' the run streams '),
      code('progress'),
      text(' events.'),
    ]);
    expect(parseInline('`{ error: { code, message } }`')).toEqual([
      code('{ error: { code, message } }'),
    ]);
  });

  it('reads strong and emphasis with asterisks, and leaves underscores in names alone', () => {
    expect(parseInline('**Only** a *200* uses SIGNUP_CREDITS or BATCH_MAX_DOCUMENTS')).toEqual([
      { kind: 'strong', children: [text('Only')] },
      text(' a '),
      { kind: 'em', children: [text('200')] },
      text(' uses SIGNUP_CREDITS or BATCH_MAX_DOCUMENTS'),
    ]);
    expect(parseInline('2 * 3 * 4 and a lone * star')).toEqual([
      text('2 * 3 * 4 and a lone * star'),
    ]);
  });

  it('makes links only to safe places, and keeps anything else as text', () => {
    expect(
      parseInline('See [the docs](/docs#statuses) or [mail us](mailto:help@example.com).'),
    ).toEqual([
      text('See '),
      { kind: 'link', href: '/docs#statuses', children: [text('the docs')] },
      text(' or '),
      { kind: 'link', href: 'mailto:help@example.com', children: [text('mail us')] },
      text('.'),
    ]);
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      text('[click](javascript:alert(1))'),
    ]);
    expect(parseInline('[x](javascript:void)')).toEqual([text('[x](javascript:void)')]);
    expect(parseInline('[`code` in a label](#get-api-health)')).toEqual([
      { kind: 'link', href: '#get-api-health', children: [code('code'), text(' in a label')] },
    ]);
  });

  it('never makes markup from text: angle brackets stay text', () => {
    expect(parseInline('<img src=x onerror=alert(1)> `<b>`')).toEqual([
      text('<img src=x onerror=alert(1)> '),
      code('<b>'),
    ]);
  });
});

describe('isSafeHref', () => {
  it('allows the web, mail, this site and anchors only', () => {
    for (const href of ['https://example.com', 'http://x.test/a', 'mailto:a@b.c', '/docs', '#x'])
      expect(isSafeHref(href), href).toBe(true);
    for (const href of [
      'javascript:alert(1)',
      'JAVASCRIPT:x',
      'data:text/html,x',
      '//evil.test',
      'vbscript:x',
    ])
      expect(isSafeHref(href), href).toBe(false);
  });
});

describe('parseMarkdown', () => {
  it('makes paragraphs between blank lines and lists of "- " lines', () => {
    expect(parseMarkdown('First line\ngoes on.\n\n- one `a`\n- two\n\nLast.')).toEqual([
      { kind: 'paragraph', children: [text('First line goes on.')] },
      { kind: 'list', items: [[text('one '), code('a')], [text('two')]] },
      { kind: 'paragraph', children: [text('Last.')] },
    ]);
    expect(parseMarkdown('  ')).toEqual([]);
  });
});
