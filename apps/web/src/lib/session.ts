import type { UserRole } from '@tradeops/shared';

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  role: UserRole | null;
  isAdmin: boolean;
}

export interface Session {
  user: SessionUser | null;
  isLoading: boolean;
}

const SIGNED_OUT: Session = { user: null, isLoading: false };

/**
 * The one place the UI asks "is someone signed in?" (navbar buttons, guards,
 * teasers). There is no session API yet, so everyone is a visitor; the
 * accounts issue replaces the body with a query on the session endpoint
 * (checked once on load, spec §2) and every caller follows.
 */
export function useSession(): Session {
  return SIGNED_OUT;
}
