/** The query parameter that carries where to go back to after signing in. */
export const RETURN_TO_PARAM = 'redirectTo';

/** `/login?redirectTo=<path>`, so signing in brings the user back to that path. */
export function loginPathTo(returnTo: string): string {
  return `/login?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}`;
}
