import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors/codes';
import { COMPANY_TYPES, COUNTRY_CODES } from '../auth/constants';
import { OPERATION_STATUSES, PRODUCT_CATEGORIES } from '../operations/constants';
import en from './en.json';
import es from './es.json';

function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flattenKeys(child, prefix ? `${prefix}.${key}` : key),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort();
}

function lookup(catalog: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
}

describe('i18n catalogs', () => {
  const esKeys = flattenKeys(es).sort();
  const enKeys = flattenKeys(en).sort();

  it('has every Spanish key in English', () => {
    expect(esKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
  });

  it('has every English key in Spanish', () => {
    expect(enKeys.filter((k) => !esKeys.includes(k))).toEqual([]);
  });

  it('has no empty message', () => {
    for (const key of esKeys) expect(String(lookup(es, key)).trim(), `es:${key}`).not.toBe('');
    for (const key of enKeys) expect(String(lookup(en, key)).trim(), `en:${key}`).not.toBe('');
  });

  it('uses the same interpolation placeholders in both languages', () => {
    for (const key of esKeys) {
      expect(placeholders(String(lookup(en, key))), key).toEqual(placeholders(String(lookup(es, key))));
    }
  });

  it('translates every error code, country, company type and operation status', () => {
    for (const code of ERROR_CODES) expect(lookup(es, `errors.${code}`), code).toBeTypeOf('string');
    for (const code of COUNTRY_CODES) expect(lookup(es, `countries.${code}`), code).toBeTypeOf('string');
    for (const type of COMPANY_TYPES) expect(lookup(es, `companyTypes.${type}`), type).toBeTypeOf('string');
    for (const category of PRODUCT_CATEGORIES)
      expect(lookup(es, `productCategories.${category}`), category).toBeTypeOf('string');
    for (const status of OPERATION_STATUSES)
      expect(lookup(es, `operationStatus.${status}`), status).toBeTypeOf('string');
  });

  it('carries the spec messages exactly in Spanish', () => {
    const spec: Record<string, string> = {
      'errors.INVALID_CREDENTIALS': 'Correo o contraseña inválidos',
      'errors.loginFailed': 'Error al iniciar sesión. Por favor intente nuevamente.',
      'errors.loginNoUser': 'No se encontraron datos del usuario',
      'errors.INTERNAL_ERROR': 'Error inesperado. Por favor intente nuevamente.',
      'errors.adminInvalidCredentials': 'Credenciales inválidas',
      'errors.FORBIDDEN': 'Acceso no autorizado',
      'errors.EMAIL_TAKEN': 'Este correo ya está registrado. Por favor inicia sesión.',
      'errors.signupGeneric': 'Ocurrió un error. Por favor intenta nuevamente.',
      'errors.documentUpload': 'Error al subir el documento. Por favor intente nuevamente.',
      'errors.offerCreate': 'Error al crear la oferta. Por favor intente nuevamente.',
      'validation.fullNameRequired': 'El nombre completo es requerido',
      'validation.emailRequired': 'El correo electrónico es requerido',
      'validation.emailInvalid': 'Por favor ingresa un correo electrónico válido',
      'validation.passwordRequired': 'La contraseña es requerida',
      'validation.passwordMin': 'La contraseña debe tener al menos 8 caracteres',
      'pages.unexpectedError': 'Unexpected Application Error!',
      'nav.login': 'Iniciar Sesión',
      'nav.signup': 'Registrarse',
    };
    for (const [key, text] of Object.entries(spec)) expect(lookup(es, key), key).toBe(text);
  });
});
