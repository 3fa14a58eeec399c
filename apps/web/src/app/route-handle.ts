import { useMatches } from 'react-router';
import type { TranslationKey } from '../lib/i18n';

/** What a route tells the layout about itself: the catalog key of its page title. */
export interface RouteHandle {
  titleKey?: TranslationKey;
}

/** The title key of the deepest matched route that declares one. */
export function useRouteTitleKey(): TranslationKey | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle.titleKey;
  }
  return undefined;
}
