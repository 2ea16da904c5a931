/** The NODR mark: three linked nodes in a rounded square. Decorative; the name next to it carries the meaning. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--color-primary)" />
      <path
        d="M10 21.5 16 10.5l6 11H10Z"
        fill="none"
        stroke="var(--color-on-primary)"
        strokeWidth="2"
        strokeLinejoin="round"
        opacity="0.55"
      />
      <circle cx="16" cy="10.5" r="3.2" fill="var(--color-on-primary)" />
      <circle cx="10" cy="21.5" r="3.2" fill="var(--color-on-primary)" />
      <circle cx="22" cy="21.5" r="3.2" fill="var(--color-on-primary)" />
    </svg>
  );
}
