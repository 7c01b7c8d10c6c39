import { describe, expect, it } from 'vitest';
import { decodeXmlEntities, errorCodeOf, parseListPage } from './s3-xml';

describe('decodeXmlEntities', () => {
  it('decodes the five named entities and numeric references once', () => {
    expect(decodeXmlEntities('&amp;&lt;&gt;&quot;&apos;')).toBe('&<>"\'');
    expect(decodeXmlEntities('&#34;abc&#x22;&#233;')).toBe('"abc"é');
    expect(decodeXmlEntities('&amp;lt;')).toBe('&lt;');
    expect(decodeXmlEntities('&unknown; &#xFFFFFFF;')).toBe('&unknown; &#xFFFFFFF;');
  });
});

describe('parseListPage', () => {
  it('reads keys from Contents only, and the continuation fields', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      '<Name>b</Name><Prefix>u/</Prefix><NextContinuationToken>1/a+b=</NextContinuationToken>' +
      '<KeyCount>2</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>true</IsTruncated>' +
      '<Contents><Key>u/a&amp;b.json</Key><ETag>&quot;x&quot;</ETag><Size>1</Size></Contents>' +
      '<Contents>\n  <Key>u/c.json</Key>\n</Contents></ListBucketResult>';
    expect(parseListPage(xml)).toEqual({
      keys: ['u/a&b.json', 'u/c.json'],
      isTruncated: true,
      nextContinuationToken: '1/a+b=',
    });
  });

  it('reads an empty, complete page', () => {
    const xml =
      '<ListBucketResult><KeyCount>0</KeyCount><IsTruncated>false</IsTruncated></ListBucketResult>';
    expect(parseListPage(xml)).toEqual({
      keys: [],
      isTruncated: false,
      nextContinuationToken: undefined,
    });
  });
});

describe('errorCodeOf', () => {
  it('reads the code of an S3 error body', () => {
    const xml = '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>m</Message></Error>';
    expect(errorCodeOf(xml)).toBe('NoSuchKey');
    expect(errorCodeOf('<html>bad gateway</html>')).toBeUndefined();
    expect(errorCodeOf('<Error><Code>not a <b>code</b></Code></Error>')).toBeUndefined();
  });
});
