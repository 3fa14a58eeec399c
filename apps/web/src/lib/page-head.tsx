import { createContext, useContext, useEffect } from 'react';

/** A page's own title and description, when its data says more than its route (an operation). */
export interface PageHeadOverride {
  /** The page title, without the application's name (the layout adds it). */
  title: string;
  description: string;
}

const PageHeadContext = createContext<((override: PageHeadOverride | null) => void) | null>(null);

/** Given by the root layout, which writes document.title and the meta description. */
export const PageHeadProvider = PageHeadContext.Provider;

/**
 * Tells the layout this page's title and description (the same catalog texts the server writes
 * into the page's head); forgotten when the page goes away. Null: the route's own texts.
 */
export function usePageHead(override: PageHeadOverride | null): void {
  const setOverride = useContext(PageHeadContext);
  const title = override?.title;
  const description = override?.description;
  useEffect(() => {
    if (!setOverride || title === undefined || description === undefined) return;
    setOverride({ title, description });
    return () => setOverride(null);
  }, [setOverride, title, description]);
}
