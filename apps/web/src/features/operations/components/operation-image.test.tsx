import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OperationImage } from './operation-image';

describe('OperationImage', () => {
  it('shows the photo, and the stand-in once the file fails to load', () => {
    const { container } = render(<OperationImage src="/uploads/leche.jpg" fallback={<span>Sin foto</span>} />);
    const photo = container.querySelector('img')!;
    expect(photo).toHaveAttribute('src', '/uploads/leche.jpg');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByText('Sin foto')).toBeNull();
    fireEvent.error(photo);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Sin foto')).toBeInTheDocument();
  });

  it('shows the ship mark when the operation has no photo', () => {
    const { container } = render(<OperationImage src={null} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
