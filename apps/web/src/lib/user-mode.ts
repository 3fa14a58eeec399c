import { USER_MODE_STORAGE_KEY, USER_MODES, type UserMode } from '@tradeops/shared';

/**
 * The visitor's chosen mode (spec §3: localStorage `user-mode-storage`). It is
 * stored in the shape zustand's `persist` middleware writes, so the mode picker
 * can move to a zustand store later without losing anyone's choice.
 */
export interface UserModeState {
  mode: UserMode | null;
  hasChosenMode: boolean;
}

interface StoredUserMode {
  state: UserModeState;
  version: 0;
}

const NO_MODE: UserModeState = { mode: null, hasChosenMode: false };

function isUserMode(value: unknown): value is UserMode {
  return typeof value === 'string' && (USER_MODES as readonly string[]).includes(value);
}

export function readUserMode(): UserModeState {
  try {
    const raw = window.localStorage.getItem(USER_MODE_STORAGE_KEY);
    if (!raw) return NO_MODE;
    const stored = JSON.parse(raw) as Partial<StoredUserMode> | null;
    const state = stored?.state;
    return {
      mode: isUserMode(state?.mode) ? state.mode : null,
      hasChosenMode: state?.hasChosenMode === true,
    };
  } catch {
    // Unreadable or malformed storage is the same as no choice.
    return NO_MODE;
  }
}

export function saveUserMode(mode: UserMode): void {
  const stored: StoredUserMode = { state: { mode, hasChosenMode: true }, version: 0 };
  try {
    window.localStorage.setItem(USER_MODE_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Without storage the choice lasts for this page only, which is acceptable.
  }
}

/** Where `/` sends a visitor (spec §2): the saved mode's landing, or null to show the source landing. */
export function landingPathForMode(state: UserModeState): '/source-landing' | '/supply-landing' | null {
  if (state.mode === 'supply') return '/supply-landing';
  if (state.mode === 'source') return '/source-landing';
  return null;
}
