import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DealProgress } from './deal-progress';

describe('DealProgress', () => {
  it('marks the steps before a funded deal completed and stands on funded', () => {
    renderWithProviders(<DealProgress status="funded" />);
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.firstChild?.nextSibling?.textContent)).toEqual([
      'Pendiente',
      'Activa',
      'Asignada',
      'Financiada',
      'Preparando envío',
      'En tránsito',
      'Arribada',
      'Inspeccionada',
      'Liquidada',
    ]);
    // Pending, active and allocated behind it; funded now; the five after it ahead.
    const states = steps.map((step) => step.dataset.state);
    expect(states).toEqual([...repeat('completed', 3), 'current', ...repeat('upcoming', 5)]);
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    // The state is read out too, and keeps the label from reading as the deal's status badge.
    expect(steps[3]).toHaveTextContent('Financiada (etapa actual)');
  });

  it('has no current step once a deal was cancelled', () => {
    renderWithProviders(<DealProgress status="cancelled" />);
    expect(screen.getAllByRole('listitem').every((step) => step.dataset.state === 'upcoming')).toBe(true);
  });

  it('marks a failed inspection failed, in red and in words, on a disputed and on a settled deal', () => {
    const { unmount } = renderWithProviders(<DealProgress status="disputed" inspectionResult="failed" />);
    let inspected = screen.getAllByRole('listitem')[7]!;
    expect(inspected).toHaveAttribute('data-state', 'failed');
    expect(inspected).toHaveTextContent('Inspección no superada');
    expect(inspected).toHaveClass('text-rose-800');
    unmount();
    renderWithProviders(<DealProgress status="settled" inspectionResult="failed" />);
    inspected = screen.getAllByRole('listitem')[7]!;
    expect(inspected).toHaveAttribute('data-state', 'failed');
    expect(inspected).not.toHaveTextContent('Inspeccionada');
  });
});

function repeat<T>(value: T, times: number): T[] {
  return Array.from({ length: times }, () => value);
}
