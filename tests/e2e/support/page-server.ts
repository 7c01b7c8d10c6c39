import { createServer } from 'node:http';
import { E2E_PAGES_PORT } from './server';

/** Local web pages for URL runs (the server is told to allow private addresses in tests). */
const PAGES: Record<string, string> = {
  '/events.html': `<!doctype html><html lang="en"><head><title>Conference events</title></head><body>
<h1>Conference events</h1>
<table>
<thead><tr><th>Event</th><th>Date</th><th>Description</th></tr></thead>
<tbody>
<tr><td>Opening keynote</td><td>2026-03-02</td><td>Welcome and the year ahead</td></tr>
<tr><td>Data workshop</td><td>2026-03-03</td><td>Hands-on table extraction</td></tr>
<tr><td>Closing panel</td><td>2026-03-04</td><td>What we learned</td></tr>
</tbody></table></body></html>`,
  // A price the page does not give: its cell is flagged for review.
  '/prices.html': `<!doctype html><html lang="en"><head><title>Price list</title></head><body>
<h1>Price list</h1>
<table>
<thead><tr><th>Item</th><th>Price</th></tr></thead>
<tbody>
<tr><td>Desk</td><td>120</td></tr>
<tr><td>Lamp</td><td>ask us</td></tr>
</tbody></table></body></html>`,
};

const server = createServer((request, response) => {
  const page = PAGES[(request.url ?? '').split('?')[0] ?? ''];
  if (!page) {
    response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    return;
  }
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
});
server.listen(E2E_PAGES_PORT, '127.0.0.1', () => {
  console.log(`test pages on http://127.0.0.1:${E2E_PAGES_PORT}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
