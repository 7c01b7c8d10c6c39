import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The exit code of a wrong command line (as with most Unix tools); 1 is a failed run. */
export const USAGE_EXIT_CODE = 2;

/**
 * A mistake in the command line: `main` prints the message and the command's usage on stderr and
 * exits with USAGE_EXIT_CODE, never with a stack trace.
 */
export class UsageError extends Error {
  readonly usage: string;

  constructor(message: string, usage: string) {
    super(message);
    this.name = 'UsageError';
    this.usage = usage;
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

type Config<O extends Options> = {
  args: string[];
  options: O & typeof HELP;
  allowPositionals: boolean;
  strict: true;
};

/** What node:util's parseArgs answers for these options. */
type Parsed<O extends Options> = ReturnType<typeof parseArgs<Config<O>>>;

/** node:util's parse errors in a person's words: `Unknown option --bogus.` */
function describeParseError(error: Error & { code?: string }): string {
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  const option = quoted.split(' ')[0] ?? quoted;
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown option ${option}.`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Unexpected argument "${quoted}".`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return error.message.includes('does not take')
        ? `${option} takes no value.`
        : `${option} needs a value.`;
    default:
      return error.message;
  }
}

const isParseError = (error: unknown): error is Error & { code: string } =>
  error instanceof Error && /^ERR_PARSE_ARGS_/.test((error as { code?: unknown }).code as string);

/**
 * A command's arguments, strictly: an unknown option, a missing value or (without
 * `allowPositionals`) any argument is a UsageError. `--help` and `-h` are understood by every
 * command: the usage is printed on stdout and null is answered, for the command to exit 0.
 */
export function parseCommandLine<const O extends Options>(
  args: string[],
  usage: string,
  config: { options: O; allowPositionals?: boolean },
): Parsed<O> | null {
  const options = { ...config.options, ...HELP };
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs<Config<O>>({
      args,
      options,
      allowPositionals: config.allowPositionals ?? true,
      strict: true,
    });
  } catch (error) {
    if (isParseError(error)) throw new UsageError(describeParseError(error), usage);
    throw error;
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    return null;
  }
  return parsed;
}

/**
 * A whole-number option (`--port 8080`), checked here so that a wrong value is named as the
 * option it was given as; undefined when it was not given.
 */
export function wholeNumberOption(
  value: string | undefined,
  option: { name: string; min: number; max?: number; usage: string },
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  const { name, min, max, usage } = option;
  if (Number.isInteger(number) && number >= min && (max === undefined || number <= max))
    return number;
  const range = max === undefined ? `of ${min} or more` : `from ${min} to ${max}`;
  const kind = name === '--port' ? 'port number' : 'whole number';
  throw new UsageError(`${name} is a ${kind} ${range}, not "${value}".`, usage);
}
