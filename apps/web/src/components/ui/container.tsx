import { type ElementType, type HTMLAttributes } from 'react';
import { cx } from '../../lib/class-names';

interface ContainerProps extends HTMLAttributes<HTMLElement> {
  as?: ElementType;
}

/** The page's content column: full width on phones, 80 rem at most on wide screens. */
export function Container({ as: Tag = 'div', className, ...props }: ContainerProps) {
  return <Tag className={cx('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)} {...props} />;
}
