import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import { MAIL_KINDS, NOTIFICATION_TYPES } from './kinds';

function message(catalog: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
}

describe('mail and notification kinds', () => {
  it('names every mail kind in both catalogs (the outbox shows the name, never the key)', () => {
    for (const catalog of [es, en]) {
      for (const kind of [...MAIL_KINDS, 'other']) {
        expect(typeof message(catalog, `outbox.kinds.${kind}`), kind).toBe('string');
      }
    }
  });

  it('has a bell message for every notification type, and no message for an unknown type', () => {
    const typesWithMessages = Object.entries(es.notifications.types).flatMap(([group, messages]) =>
      Object.keys(messages).map((name) => `${group}.${name}`),
    );
    expect([...typesWithMessages].sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });
});
