import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every word the UI shows comes from the catalogs (es.json, en.json), so a Spanish
 * page never shows an English word typed into a component. This reads the web app's
 * components and pages and lists the JSX text and the user-facing attributes written
 * as literals.
 */

const SRC = join(import.meta.dirname, '..');
const USER_FACING_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label']);
/** Text with a word in it (two letters or more); symbols, separators and the unit "t" are not words. */
const WORD = /\p{L}{2,}/u;

function listComponents(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : listComponents(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

function findLiterals(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${relative(SRC, path)}:${line + 1}: ${text}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (WORD.test(text)) at(node, text);
    } else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const name = node.name.getText(source);
      const text = node.initializer.text.trim();
      if (USER_FACING_ATTRIBUTES.has(name) && WORD.test(text)) at(node, `${name}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the web app’s text', () => {
  it('has no JSX text or user-facing attribute typed in a component: every word comes from the catalogs', () => {
    const literals = listComponents(SRC).flatMap(findLiterals);
    expect(literals).toEqual([]);
  });
});
