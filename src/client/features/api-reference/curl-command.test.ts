import { describe, expect, it } from 'vitest';
import type { OpenApiOperation } from '../../../shared/openapi';
import { curlCommand } from './curl-command';

const ORIGIN = 'https://rowsmith.example';
const SESSION = 'rowsmith.session_token';

function operation(overrides: Partial<OpenApiOperation>): OpenApiOperation {
  return {
    operationId: 'x',
    summary: 'x',
    tags: ['x'],
    security: [],
    responses: { 200: { description: 'ok', content: { 'application/json': { schema: {} } } } },
    ...overrides,
  };
}

const OPTIONAL: OpenApiOperation['security'] = [{}, { sessionCookie: [] }, { apiKey: [] }];

describe('curlCommand', () => {
  it('posts the example body as JSON with the API key from the environment', () => {
    const command = curlCommand({
      method: 'post',
      path: '/api/extractions',
      origin: ORIGIN,
      sessionCookie: SESSION,
      operation: operation({
        security: OPTIONAL,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {},
              example: { text: "Bob's Café\t3.50", columns: [{ name: 'amount', type: 'number' }] },
            },
            'multipart/form-data': { schema: {} },
          },
        },
      }),
    });
    expect(command).toBe(
      [
        'curl -X POST "https://rowsmith.example/api/extractions" \\',
        '  -H "Authorization: Bearer $ROWSMITH_API_KEY" \\',
        '  -H "Content-Type: application/json" \\',
        `  -d '{`,
        `  "text": "Bob'\\''s Café\\t3.50",`,
        '  "columns": [',
        '    {',
        '      "name": "amount",',
        '      "type": "number"',
        '    }',
        '  ]',
        `}'`,
      ].join('\n'),
    );
  });

  it('puts path parameters in as shell variables, and sends no key where none is needed', () => {
    expect(
      curlCommand({
        method: 'get',
        path: '/api/jobs/{id}/documents/{documentId}/result',
        origin: ORIGIN,
        sessionCookie: SESSION,
        operation: operation({ security: OPTIONAL }),
      }),
    ).toBe(
      'curl "https://rowsmith.example/api/jobs/$ID/documents/$DOCUMENT_ID/result" \\\n  -H "Authorization: Bearer $ROWSMITH_API_KEY"',
    );
    expect(
      curlCommand({
        method: 'get',
        path: '/api/health',
        origin: ORIGIN,
        sessionCookie: SESSION,
        operation: operation({}),
      }),
    ).toBe('curl "https://rowsmith.example/api/health"');
  });

  it('follows a stream as it comes', () => {
    const stream = operation({
      security: OPTIONAL,
      responses: {
        200: { description: 'events', content: { 'text/event-stream': { schema: {} } } },
      },
    });
    expect(
      curlCommand({
        method: 'get',
        path: '/api/jobs/{id}/events',
        origin: ORIGIN,
        sessionCookie: SESSION,
        operation: stream,
      }),
    ).toBe(
      [
        'curl -N "https://rowsmith.example/api/jobs/$ID/events" \\',
        '  -H "Accept: text/event-stream" \\',
        '  -H "Authorization: Bearer $ROWSMITH_API_KEY"',
      ].join('\n'),
    );
  });

  it('sends the session cookie, and the Origin on a write, where only a browser session may call', () => {
    expect(
      curlCommand({
        method: 'post',
        path: '/api/webhooks/secret/rotate',
        origin: ORIGIN,
        sessionCookie: SESSION,
        operation: operation({ security: [{ sessionCookie: [] }] }),
      }),
    ).toBe(
      [
        'curl -X POST "https://rowsmith.example/api/webhooks/secret/rotate" \\',
        '  -b "rowsmith.session_token=$SESSION_TOKEN" \\',
        '  -H "Origin: https://rowsmith.example"',
      ].join('\n'),
    );
  });
});
