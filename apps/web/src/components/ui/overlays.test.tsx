import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Dialog } from './dialog';
import { DropdownMenu, DropdownMenuItem } from './dropdown-menu';
import { Popover } from './popover';

function DialogExample() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Pick a mode" closeLabel="Close">
        <button type="button">Source</button>
        <button type="button">Supply</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('keeps focus inside while open, closes on Escape and gives focus back to its opener', async () => {
    const user = userEvent.setup();
    render(<DialogExample />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Pick a mode' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('asks before acting: cancel closes without acting, confirm acts', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Withdraw the offer?"
        confirmLabel="Withdraw"
        cancelLabel="Keep it"
        onConfirm={onConfirm}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('DropdownMenu', () => {
  it('opens from the keyboard on its first item, moves with the arrow keys, and Escape returns focus', async () => {
    const user = userEvent.setup();
    const onSignOut = vi.fn();
    render(
      <DropdownMenu trigger={<button type="button">Account</button>}>
        <DropdownMenuItem>Dashboard</DropdownMenuItem>
        <DropdownMenuItem>Settings</DropdownMenuItem>
        <DropdownMenuItem onSelect={onSignOut}>Sign out</DropdownMenuItem>
      </DropdownMenu>,
    );
    const trigger = screen.getByRole('button', { name: 'Account' });
    trigger.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus());
    await user.keyboard('{End}{Enter}');
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});

describe('Popover', () => {
  it('opens on its button, closes on Escape and gives focus back to the button', async () => {
    const user = userEvent.setup();
    render(
      <Popover trigger={<button type="button">Notifications</button>} label="Notifications panel">
        <button type="button">Mark all read</button>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Notifications' });
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Notifications panel' })).toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
