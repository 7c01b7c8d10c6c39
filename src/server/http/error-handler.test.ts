import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleError } from './error-handler';
import type { AppBindings } from './types';

describe('handleError', () => {
  it('answers a malformed percent-escape that reached any decoder with 400 and a message', async () => {
    const app = new Hono<AppBindings>();
    app.onError(handleError);
    app.get('/names/:name', (c) => c.text(decodeURIComponent(c.req.path.split('/').pop() ?? '')));

    const response = await app.request('/names/report%E0%A4%A');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: {
        code: 'MALFORMED_ENCODING',
        message:
          'The address or name contains a malformed %-escape: each % must start a valid escape such as %20.',
      },
    });
  });
});
