import { useEffect, useState } from 'react';

/** Milliseconds left until `until` (never below 0), refreshed every `tickMs`. */
export function useCountdown(until: string | null, tickMs = 1_000): number {
  const target = until ? new Date(until).getTime() : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [until, tickMs]);
  return Math.max(0, target - now);
}

/** 23:59:07 style hours:minutes:seconds. */
export function formatRemaining(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return [hours, minutes, rest].map((part) => String(part).padStart(2, '0')).join(':');
}
