import { useEffect, useState } from 'react';
import { WAITING_MESSAGE_INTERVAL_MS, waitingMessageAt } from '../utils/waiting-messages';

/**
 * A waiting message that changes every 3.5 seconds. Mounted only while a run is going, so each
 * run starts at the first message; not a live region (the stage is announced instead).
 */
export function RotatingMessage({ messages }: { messages: readonly string[] }) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((current) => current + 1), WAITING_MESSAGE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="text-sm text-muted-foreground" data-testid="waiting-message">
      {waitingMessageAt(messages, tick)}
    </p>
  );
}
