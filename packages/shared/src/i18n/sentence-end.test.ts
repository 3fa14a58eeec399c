import { describe, expect, it } from 'vitest';
import { dropDoubledStops, endsSentence, sentenceEndPostProcessor } from './sentence-end';

const SELLER = 'Comercializadora Rioplatense S.A.';

describe('dropDoubledStops', () => {
  it('keeps one full stop after a company name ending in one', () => {
    expect(dropDoubledStops(`Se liberarán $117,600 a ${SELLER}. No se puede deshacer.`, [SELLER])).toBe(
      'Se liberarán $117,600 a Comercializadora Rioplatense S.A. No se puede deshacer.',
    );
    expect(dropDoubledStops(`Abierta por ${SELLER}.`, [SELLER])).toBe(`Abierta por ${SELLER}`);
    expect(
      dropDoubledStops('Opened by Distribuidora Caribe Alimentos C.A..', ['Distribuidora Caribe Alimentos C.A.']),
    ).toBe('Opened by Distribuidora Caribe Alimentos C.A.');
  });

  it('drops the stop after a question, an exclamation or a closing quote that ends a sentence', () => {
    expect(dropDoubledStops('Motivo: ¿llegó dañada?.', ['¿llegó dañada?'])).toBe('Motivo: ¿llegó dañada?');
    expect(dropDoubledStops('Reason: "illegible.".', ['"illegible."'])).toBe('Reason: "illegible."');
  });

  it('leaves a value without a final stop, an ellipsis and other values alone', () => {
    expect(dropDoubledStops('Pagado a Importadora Andina SRL.', ['Importadora Andina SRL'])).toBe(
      'Pagado a Importadora Andina SRL.',
    );
    expect(dropDoubledStops(`Cargando ${SELLER}...`, [SELLER])).toBe(`Cargando ${SELLER}...`);
    expect(dropDoubledStops('Total 5 t. Fin.', [5, null, undefined])).toBe('Total 5 t. Fin.');
    // Characters with a meaning in regular expressions are taken literally.
    expect(dropDoubledStops('Ref (a+b)?. Ok.', ['(a+b)?'])).toBe('Ref (a+b)? Ok.');
  });

  it('knows what ends a sentence', () => {
    expect(endsSentence(SELLER)).toBe(true);
    expect(endsSentence('Algo…')).toBe(true);
    expect(endsSentence('S.A')).toBe(false);
    expect(endsSentence('')).toBe(false);
  });
});

describe('the i18next post-processor', () => {
  it('drops the stop after any inserted value that ends a sentence', () => {
    expect(sentenceEndPostProcessor.process(`Pago a ${SELLER}.`, 'k', { seller: SELLER, count: 2 })).toBe(
      `Pago a ${SELLER}`,
    );
    expect(sentenceEndPostProcessor.process('Sin valores.', 'k', undefined)).toBe('Sin valores.');
  });
});
