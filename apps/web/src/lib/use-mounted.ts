import { useEffect, useState } from 'react';

/**
 * False on the server and in the first render in the browser, true from then on: for parts that
 * exist only in the browser (code loaded on demand), so the page the server rendered and the first
 * browser render agree, and hydration takes the server's markup over as it is.
 */
export function useMounted(): boolean {
  const [isMounted, setIsMounted] = useState(false);
  // The one render this causes is the point: after hydration, not during it, so the server's page and
  // the browser's first render agree (a difference fails the e2e suite: e2e/support/test.ts).
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setIsMounted(true), []);
  return isMounted;
}
