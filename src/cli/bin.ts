// What the `rowsmith` command runs: built into dist/server/rowsmith.js by `npm run build`, and run
// from source by `npm run dev` and in a checkout that has not been built (bin/rowsmith.js).
import { main } from './main';

process.exitCode = await main(process.argv.slice(2));
