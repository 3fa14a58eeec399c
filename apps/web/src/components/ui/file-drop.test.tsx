import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileDrop } from './file-drop';

const labels = { dropLabel: 'Drop it here or', chooseLabel: 'choose a file', inputLabel: 'Payment proof: upload' };

describe('FileDrop', () => {
  it('hands over a picked or a dropped file', async () => {
    const user = userEvent.setup();
    const onFile = vi.fn();
    render(<FileDrop accept=".pdf" onFile={onFile} {...labels} />);
    const file = new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Payment proof: upload'), file);
    expect(onFile).toHaveBeenLastCalledWith(file);
    const dropped = new File(['%PDF'], 'other.pdf', { type: 'application/pdf' });
    fireEvent.drop(screen.getByText('Drop it here or').parentElement!, { dataTransfer: { files: [dropped] } });
    expect(onFile).toHaveBeenLastCalledWith(dropped);
  });

  it('shows the progress of an upload under way and takes no other file meanwhile', () => {
    const onFile = vi.fn();
    render(<FileDrop accept=".pdf" onFile={onFile} progress={0.42} progressLabel="Upload progress" {...labels} />);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByLabelText('Payment proof: upload')).toBeDisabled();
    fireEvent.drop(screen.getByText('Drop it here or').parentElement!, {
      dataTransfer: { files: [new File(['x'], 'x.pdf')] },
    });
    expect(onFile).not.toHaveBeenCalled();
  });

  it('with `multiple`, hands over every file picked or dropped at once', async () => {
    const user = userEvent.setup();
    const onFiles = vi.fn();
    render(<FileDrop multiple accept=".pdf" onFiles={onFiles} {...labels} chooseLabel="choose files" />);
    const input = screen.getByLabelText('Payment proof: upload');
    expect(input).toHaveAttribute('multiple');
    const picked = [new File(['%PDF'], 'a.pdf'), new File(['%PDF'], 'b.pdf')];
    await user.upload(input, picked);
    expect(onFiles).toHaveBeenLastCalledWith(picked);
    const dropped = [new File(['%PDF'], 'c.pdf'), new File(['%PDF'], 'd.pdf'), new File(['%PDF'], 'e.pdf')];
    fireEvent.drop(screen.getByText('Drop it here or').parentElement!, { dataTransfer: { files: dropped } });
    expect(onFiles).toHaveBeenLastCalledWith(dropped);
  });
});
