import { type DehydratedState } from '@tanstack/react-query';
import { type Language, parseLanguageParam } from '@tradeops/shared';
import { type HydrationState } from 'react-router';

/**
 * What the browser needs to take over a page the server rendered (entry-server.tsx): the
 * router's and the queries' state, and the language the HTML is in.
 */
export interface ServerPageState {
  language: Language;
  router: HydrationState;
  queries: DehydratedState;
}

/** The id of the `<script type="application/json">` that carries a rendered page's state. */
export const SERVER_PAGE_STATE_ID = 'server-page-state';

/**
 * The page state as a JSON data block (not a script the CSP would have to allow): `<` and the
 * line separators escaped, so no value can close the element or break the JSON.
 */
export function serializePageState(state: ServerPageState): string {
  const json = JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${SERVER_PAGE_STATE_ID}">${json}</script>`;
}

/** The state of the page the server sent, or null (a client-rendered page, or unreadable state). */
export function readServerPageState(): ServerPageState | null {
  const element = document.getElementById(SERVER_PAGE_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as ServerPageState;
    return parseLanguageParam(state.language) ? state : null;
  } catch {
    return null;
  }
}
