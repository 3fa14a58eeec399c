/** The TradeOps mark: a route between two ports over a navy tile (the favicon draws the same). */
export function BrandLogo({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" fill="#0b2545" />
      <path
        d="M8 21.5 14 10l4 7 2.5-4L25 21.5"
        fill="none"
        stroke="#2dd4bf"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="8" cy="21.5" r="2" fill="#fff" />
      <circle cx="25" cy="21.5" r="2" fill="#fff" />
    </svg>
  );
}
