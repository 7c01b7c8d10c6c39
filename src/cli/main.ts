import { DatabaseUnreachableError } from '../server/db/database-errors';
import { EnvError } from '../server/env-error';
import { USAGE_EXIT_CODE, UsageError } from './command-line';

type Command = {
  summary: string;
  run: (args: string[]) => Promise<number>;
};

const COMMANDS: Record<string, Command> = {
  serve: {
    summary: 'Start the web app and API (settings from the environment and .env)',
    run: async (args) => (await import('./serve')).serveCommand(args),
  },
  read: {
    summary: 'Print a file, web page or stdin (-) as Markdown; --json for the whole Document',
    run: async (args) => (await import('./read')).readCommand(args),
  },
  extract: {
    summary: 'Extract a table: --columns "date:date,amount:number" or --template NAME',
    run: async (args) => (await import('./extract')).extractCommand(args),
  },
  watch: {
    summary: 'Read each file put in a folder once into one table: DIR --columns … --out FILE.csv',
    run: async (args) => (await import('./watch')).watchCommand(args),
  },
  eval: {
    summary:
      'Score an extraction against a reference CSV: rows, accuracy per column and confidence',
    run: async (args) => (await import('./eval')).evalCommand(args),
  },
  suggest: {
    summary: 'Suggest columns for a file, web page or stdin (-)',
    run: async (args) => (await import('./suggest')).suggestCommand(args),
  },
  worker: {
    summary: 'Run job documents until stopped (pg-boss on PostgreSQL, the jobs tables on SQLite)',
    run: async (args) => (await import('./worker')).workerCommand(args),
  },
  jobs: {
    summary: 'Operators: `jobs list [--json]`, `jobs show <id>`, `jobs cancel <id>`',
    run: async (args) => (await import('./jobs')).jobsCommand(args),
  },
  users: {
    summary: 'Operators: `users list [--json]`, `users delete <email>`',
    run: async (args) => (await import('./users')).usersCommand(args),
  },
  credits: {
    summary: 'Operators: `credits grant <email> <amount>`, `credits requests [--all] [--json]`',
    run: async (args) => (await import('./credits')).creditsCommand(args),
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(
    ([name, { summary }]) => `  ${name.padEnd(10)} ${summary}`,
  );
  return [
    'Usage: rowsmith <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Run `rowsmith <command> --help` for the options of one command.',
  ].join('\n');
}

/** Runs one command and returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return 0;
  }
  if (!name) {
    console.error(usage());
    return USAGE_EXIT_CODE;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return USAGE_EXIT_CODE;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${error.usage}`);
      return USAGE_EXIT_CODE;
    }
    // A setting that is wrong, or names a database that cannot be reached: its message alone.
    if (error instanceof EnvError || error instanceof DatabaseUnreachableError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
