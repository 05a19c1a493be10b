/** The brand mark: a sail over the sea under the equatorial sun. */
export function Logo({ label, size = 40 }: { readonly label: string; readonly size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={label}>
      <circle cx="34" cy="13" r="7" fill="#f6b93b" />
      <path d="M22 6 L22 34 L9 34 Z" fill="#ffffff" stroke="#0b3c5d" strokeWidth="1.5" />
      <path d="M25 12 L25 34 L36 34 Z" fill="#d9e8f5" stroke="#0b3c5d" strokeWidth="1.5" />
      <path d="M7 36 L41 36 L36 41 L12 41 Z" fill="#0b3c5d" />
      <path d="M4 45 Q10 42 16 45 T28 45 T40 45 T46 44" fill="none" stroke="#1e88b8" strokeWidth="2" />
    </svg>
  );
}
