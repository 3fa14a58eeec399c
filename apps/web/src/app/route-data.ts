import { type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';

/**
 * What a route's loader needs to state its data: the query client of this page and the page's
 * language (query keys carry it). The browser gives its one client and the current language
 * (main.tsx); the server renderer gives the page request's own (entry-server.tsx).
 */
export interface RouteData {
  queryClient: QueryClient;
  language: string;
  /**
   * True on the server: a loader's queries are awaited, so the page renders once, with its data.
   * In the browser they start at once and the page renders without waiting (its loading state),
   * as before loaders existed: a filter change or a link never waits on the network.
   */
  awaitData: boolean;
}

let provider: (() => RouteData) | null = null;

/** Sets where loaders find their query client and language (once per app, or per server render). */
export function provideRouteData(get: () => RouteData): void {
  provider = get;
}

export function routeData(): RouteData {
  if (!provider) throw new Error('No route data provider: call provideRouteData before the router runs loaders');
  return provider();
}

/** A feature's query options (`queryOptions(...)`), whatever its data: what `ensureQueryData` takes. */
type FeatureQueryOptions = Pick<FetchQueryOptions, 'queryKey'>;

/**
 * A loader's body: the feature queries its page reads, in the cache before the page renders
 * (`ensureQueryData`, as bulletproof-react does). A query that fails is left to the page, which
 * shows its own loading state on the server and asks again in the browser: one failing query
 * never takes the whole page down. The loader's data is null: the page reads the cache.
 */
export function ensureQueries(queries: readonly FeatureQueryOptions[]): Promise<null> {
  return loadRouteData(({ queryClient }) =>
    Promise.all(queries.map((options) => queryClient.ensureQueryData(options as FetchQueryOptions))),
  );
}

/**
 * A loader whose queries depend on one another (the session decides which): `load` reads them
 * in order; awaited on the server, started in the browser. A failure is left to the page.
 */
export async function loadRouteData(load: (data: RouteData) => Promise<unknown>): Promise<null> {
  const data = routeData();
  const loading = load(data).catch(() => undefined);
  if (data.awaitData) await loading;
  return null;
}
