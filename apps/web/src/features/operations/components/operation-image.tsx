import { type ReactNode, useState } from 'react';
import { ShipIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/class-names';

/**
 * An operation's photo covering its frame (a positioned box in the brand colour, the caller's), or
 * `fallback` when it has none or the file fails to load: the ship mark by default.
 */
export function OperationImage({
  src,
  loading = 'lazy',
  className,
  fallback = <ShipIcon className="absolute inset-0 m-auto size-16 text-white/40" />,
}: {
  src: string | null;
  loading?: 'lazy' | 'eager';
  className?: string;
  fallback?: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <>{fallback}</>;
  return (
    <img
      src={src}
      alt=""
      width={800}
      height={600}
      loading={loading}
      decoding="async"
      onError={() => setFailed(true)}
      className={cx('size-full object-cover', className)}
    />
  );
}
