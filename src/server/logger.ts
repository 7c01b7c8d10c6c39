import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout, one line an event. */
export function createLogger(
  level: pino.LevelWithSilent,
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level,
      base: { service: 'rowsmith' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], remove: true },
    },
    destination,
  );
}
