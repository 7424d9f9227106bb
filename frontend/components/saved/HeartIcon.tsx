/** A heart, filled once the vehicle is saved; the button or link around it carries the words. */
export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <svg className="heart-icon" aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <path
        d="M12 20.5 4.3 12.9a4.9 4.9 0 0 1 6.9-7l.8.8.8-.8a4.9 4.9 0 0 1 6.9 7z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
