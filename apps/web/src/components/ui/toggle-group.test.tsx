import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ToggleGroup } from './toggle-group';

function Filter() {
  const [value, setValue] = useState<'all' | 'active'>('all');
  return (
    <ToggleGroup
      label="Status"
      options={[
        { value: 'all', label: 'All' },
        { value: 'active', label: 'Active', lang: 'en', title: 'Only the active ones' },
      ]}
      value={value}
      onChange={setValue}
      className="group"
      optionClassName={(pressed) => (pressed ? 'on' : 'off')}
    />
  );
}

describe('ToggleGroup', () => {
  it('names its buttons as a group, presses the current one and moves the press on a click', async () => {
    render(<Filter />);
    const group = screen.getByRole('group', { name: 'Status' });
    const all = within(group).getByRole('button', { name: 'All' });
    const active = within(group).getByRole('button', { name: 'Active' });
    expect(all).toHaveAttribute('aria-pressed', 'true');
    expect(all).toHaveClass('on');
    expect(all).not.toHaveAttribute('lang');
    expect(active).toHaveAttribute('aria-pressed', 'false');
    expect(active).toHaveAttribute('lang', 'en');
    expect(active).toHaveAttribute('title', 'Only the active ones');

    await userEvent.click(active);
    expect(active).toHaveAttribute('aria-pressed', 'true');
    expect(active).toHaveClass('on');
    expect(all).toHaveAttribute('aria-pressed', 'false');
    expect(all).toHaveClass('off');
  });
});
