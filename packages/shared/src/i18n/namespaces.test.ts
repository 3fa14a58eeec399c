import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import { CATALOG_NAMESPACES, NAMESPACE_CLAIMS, catalogNamespace, namespaceOfKey } from './namespaces';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, path: string[] = []): string[][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[...path, key]] : leaves(value, [...path, key]),
  );
}

function lookup(tree: Tree, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);
}

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string') target[key] = value;
    else target[key] = merge((target[key] as Tree | undefined) ?? {}, value);
  }
  return target;
}

describe.each([
  ['es', es as Tree],
  ['en', en as Tree],
])('the %s catalog split into namespaces', (_language, catalog) => {
  const parts = CATALOG_NAMESPACES.map((namespace) => catalogNamespace(catalog, namespace));

  it('puts every text in exactly one namespace, the one its key names', () => {
    for (const path of leaves(catalog)) {
      const holders = CATALOG_NAMESPACES.filter((_, index) => lookup(parts[index]!, path) !== undefined);
      expect(holders, path.join('.')).toEqual([namespaceOfKey(path)]);
    }
  });

  it('loses and changes nothing: the namespaces together are the catalog', () => {
    expect(parts.reduce<Tree>((whole, part) => merge(whole, part), {})).toEqual(catalog);
  });

  it('leaves no namespace empty', () => {
    for (const part of parts) expect(Object.keys(part).length).toBeGreaterThan(0);
  });
});

describe('the namespaces’ claims', () => {
  it('name sections the catalog has (a renamed section cannot fall silently to another namespace)', () => {
    const claims = Object.values(NAMESPACE_CLAIMS).flat();
    for (const claim of claims) expect(lookup(es as Tree, claim.split('.')), claim).toBeDefined();
    expect(new Set(claims).size).toBe(claims.length);
  });

  it('keep the administration, accounts and deals out of the public chrome the landing downloads', () => {
    const landing = catalogNamespace(es as Tree, 'public');
    for (const section of [
      'adminKyc',
      'auth',
      'kyc',
      'notifications',
      'operationRoom',
      'offers',
      'validation',
      'about',
    ]) {
      expect(landing[section], section).toBeUndefined();
    }
    expect(Object.keys(landing.errors as Tree).sort()).toEqual(['invalidResponse', 'network']);
  });
});
