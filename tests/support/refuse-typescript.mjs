// Loaded with `node --import` by tests of the compiled code: any TypeScript module loaded in the
// process or its threads fails the run, so a passing run loaded JavaScript only.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(
      `export async function load(url, context, next) {
        if (/\\.[cm]?tsx?$/.test(new URL(url).pathname)) throw new Error('TypeScript loaded: ' + url);
        return next(url, context);
      }`,
    ),
);
