import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FaqAccordion } from './faq-accordion';

describe('FaqAccordion', () => {
  it('keeps one item open at a time and works from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqAccordion />);
    const first = await screen.findByRole('button', { name: '¿Qué es una operación agrupada?' });
    const second = screen.getByRole('button', { name: '¿Cómo se protege mi pago?' });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'false');

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);

    first.focus();
    await user.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard(' ');
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });
});
