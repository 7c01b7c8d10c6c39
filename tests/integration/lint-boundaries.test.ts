import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Lints a small piece of code as if it lived at `filePath`, with the project's real config.
 * Only the boundary rules run, so no type information is needed for a file that does not exist.
 */
async function boundaryProblems(filePath: string, code: string) {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
    },
    ruleFilter: ({ ruleId }) =>
      [
        'import-x/no-restricted-paths',
        'no-restricted-imports',
        '@typescript-eslint/no-restricted-imports',
        'no-restricted-properties',
      ].includes(ruleId),
  });
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('import boundaries (STYLE.md section 2)', () => {
  it('lets shared code stay on its own', async () => {
    expect(
      await boundaryProblems(
        'src/shared/probe.ts',
        "import { z } from 'zod';\nexport const s = z.string();\n",
      ),
    ).toEqual([]);
  });

  it('fails shared code that imports the server, the client or node built-ins', async () => {
    const problems = await boundaryProblems(
      'src/shared/probe.ts',
      "import { createApp } from '../server/app';\nimport { cn } from '../client/lib/utils';\nimport { readFileSync } from 'node:fs';\nexport { createApp, cn, readFileSync };\n",
    );
    expect(problems.join('\n')).toContain('shared must not import client, server or cli code.');
    expect(problems.filter((problem) => problem.includes('shared must not import'))).toHaveLength(
      2,
    );
    expect(problems.join('\n')).toContain('no node built-ins');
  });

  it('lets the client import server types, but never server code', async () => {
    expect(
      await boundaryProblems(
        'src/client/lib/probe.ts',
        "import type { ApiType } from '../../server/app';\nexport type T = ApiType;\n",
      ),
    ).toEqual([]);
    const problems = await boundaryProblems(
      'src/client/lib/probe.ts',
      "import { createApp } from '../../server/app';\nexport const a = createApp;\n",
    );
    expect(problems.join('\n')).toContain(
      'The client imports server code only with `import type`.',
    );
  });

  it('keeps client features from importing each other', async () => {
    const problems = await boundaryProblems(
      'src/client/features/contact/components/probe.tsx',
      "import { ThemeMenu } from '../../theme/components/theme-menu';\nexport const M = ThemeMenu;\n",
    );
    expect(problems.join('\n')).toContain('Client features do not import each other');
  });

  it('keeps the server from importing the client', async () => {
    const problems = await boundaryProblems(
      'src/server/probe.ts',
      "import { cn } from '../client/lib/utils';\nexport const c = cn;\n",
    );
    expect(problems.join('\n')).toContain('server must never import client code.');
  });

  it('makes one server module reach another through its operations, not its queries', async () => {
    const problems = await boundaryProblems(
      'src/server/modules/health/probe.ts',
      "import { insertContactMessage } from '../contact/contact.queries';\nexport const i = insertContactMessage;\n",
    );
    expect(problems.join('\n')).toContain('never through its queries');
    expect(
      await boundaryProblems(
        'src/server/modules/health/probe.ts',
        "import { submitContactMessage } from '../contact/submit-contact-message';\nexport const s = submitContactMessage;\n",
      ),
    ).toEqual([]);
  });

  it('lets only the env module read process.env', async () => {
    const problems = await boundaryProblems(
      'src/server/probe.ts',
      'export const port = process.env.PORT;\n',
    );
    expect(problems.join('\n')).toContain('Read settings from src/server/env.ts.');
  });
});
