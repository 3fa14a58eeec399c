import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NextPageButton } from './load-more';

describe('NextPageButton', () => {
  it('is there only while a page is left, reads it on a click, and is disabled with its loading label while it loads', async () => {
    const fetchNextPage = vi.fn();
    const { rerender } = render(
      <NextPageButton
        list={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }}
        label="Load earlier"
        loadingLabel="Loading…"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(
      <NextPageButton
        list={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }}
        label="Load earlier"
        loadingLabel="Loading…"
      />,
    );
    expect(screen.getByRole('button', { name: 'Loading…' })).toBeDisabled();

    rerender(
      <NextPageButton list={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }} label="Load more" />,
    );
    expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled();

    rerender(
      <NextPageButton list={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage }} label="Load more" />,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
