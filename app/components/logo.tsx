/**
 * The Konok mark: a tunduk (the crown of a yurt), drawn inline so the header's costs no request.
 * The footer's is the sprite's copy (`<Icon name="konok">`): far down a long page, an inline
 * second copy is out of gzip's reach of the first and costs its bytes again.
 */
export function Logo({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <circle cx="16" cy="16" r="15" fill="#d92d1b" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M9.5 9.5l13 13M22.5 9.5l-13 13M16 7v18M7 16h18" stroke="#fff" strokeWidth="1.6" />
    </svg>
  );
}
